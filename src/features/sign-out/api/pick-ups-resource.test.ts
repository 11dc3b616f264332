import { describe, expect, it } from 'vitest';
import {
  AuthorizedPickUpBatchCreateSchema,
  AuthorizedPickUpCreateSchema,
  AuthorizedPickUpUpdateSchema,
} from '../../../contract';
import { type PickUpFields, pickUpCreateRequest, pickUpUpdateRequest } from './pick-ups-resource';

const FIELDS: PickUpFields = {
  full_name: ' Rosa Delgado ',
  relationship: 'Grandmother',
  phone: '(213) 555-0199',
  status: 'authorized',
  notes: '',
  valid_from: '2026-11-23',
  valid_until: '',
};
const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: 'image/jpeg' });

/** The form's text fields as an object (repeated `name[]` fields as arrays), and its files. */
function read(form: FormData) {
  const fields: Record<string, string | string[]> = {};
  const files: Record<string, { name: string; type: string; size: number }> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== 'string') files[key] = { name: value.name, type: value.type, size: value.size };
    else if (key.endsWith('[]')) fields[key] = [...((fields[key] as string[] | undefined) ?? []), value];
    else fields[key] = value;
  }
  return { fields, files };
}

/** What the server makes of the multipart fields: `name[]` becomes `name`, as its multipart plugin does. */
const asServerSees = (fields: Record<string, string | string[]>) =>
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k.replace(/\[\]$/, ''), v]));

describe('pick-up multipart requests', () => {
  it('one scholar: POST authorized_pick_ups with id, scholar_id, the fields and the photo', () => {
    const { path, body } = pickUpCreateRequest({ ids: ['row-1'], scholarIds: ['scholar-1'], fields: FIELDS, photo });
    expect(path).toBe('v2/authorized_pick_ups');
    const { fields, files } = read(body);
    expect(fields).toEqual({
      id: 'row-1',
      scholar_id: 'scholar-1',
      full_name: 'Rosa Delgado',
      relationship: 'Grandmother',
      phone: '(213) 555-0199',
      status: 'authorized',
      notes: '',
      valid_from: '2026-11-23',
      valid_until: '',
    });
    expect(files).toEqual({ photo: { name: 'photo.jpg', type: 'image/jpeg', size: 3 } });
    const parsed = AuthorizedPickUpCreateSchema.safeParse({ ...fields, id: undefined, scholar_id: undefined });
    expect(parsed.success).toBe(false);
    expect(
      AuthorizedPickUpCreateSchema.parse({
        ...fields,
        id: '0190a1b2-0000-7000-8000-000000000001',
        scholar_id: '0190a1b2-0000-7000-8000-000000000002',
      }),
    ).toMatchObject({ valid_until: null, notes: null, full_name: 'Rosa Delgado' });
  });

  it('siblings: POST authorized_pick_ups/batch with ids[] and scholar_ids[] in the same order and one photo', () => {
    const { path, body } = pickUpCreateRequest({
      ids: ['row-1', 'row-2'],
      scholarIds: ['scholar-1', 'scholar-2'],
      fields: { ...FIELDS, status: 'not_authorized', notes: 'Custody order 2026-044' },
      photo,
    });
    expect(path).toBe('v2/authorized_pick_ups/batch');
    const { fields, files } = read(body);
    expect(fields['ids[]']).toEqual(['row-1', 'row-2']);
    expect(fields['scholar_ids[]']).toEqual(['scholar-1', 'scholar-2']);
    expect(fields).not.toHaveProperty('scholar_id');
    expect(fields).not.toHaveProperty('id');
    expect(fields.status).toBe('not_authorized');
    expect(fields.notes).toBe('Custody order 2026-044');
    expect(Object.keys(files)).toEqual(['photo']);
    const ids = ['0190a1b2-0000-7000-8000-000000000001', '0190a1b2-0000-7000-8000-000000000002'];
    const parsed = AuthorizedPickUpBatchCreateSchema.safeParse({ ...asServerSees(fields), ids, scholar_ids: ids });
    expect(parsed.success).toBe(true);
  });

  it('refuses ids that do not match the scholars', () => {
    expect(() => pickUpCreateRequest({ ids: ['a'], scholarIds: ['s1', 's2'], fields: FIELDS, photo: null })).toThrow();
  });

  it('sends no photo part without a photo', () => {
    const { body } = pickUpCreateRequest({ ids: ['a'], scholarIds: ['s1'], fields: FIELDS, photo: null });
    expect(body.has('photo')).toBe(false);
  });

  it('an edit: POST authorized_pick_ups/{id} with _method PATCH, the fields and a new photo', () => {
    const { path, body } = pickUpUpdateRequest({ id: 'row-1', fields: { ...FIELDS, phone: '' }, photo });
    expect(path).toBe('v2/authorized_pick_ups/row-1');
    const { fields, files } = read(body);
    expect(fields._method).toBe('PATCH');
    expect(fields.phone).toBe('');
    expect(files.photo?.type).toBe('image/jpeg');
    expect(AuthorizedPickUpUpdateSchema.parse(fields)).toMatchObject({ _method: 'PATCH', phone: null });
  });

  it('a deactivation: only _method and active false, the photo kept', () => {
    const { body } = pickUpUpdateRequest({ id: 'row-1', active: false });
    expect(read(body)).toEqual({ fields: { _method: 'PATCH', active: 'false' }, files: {} });
  });
});
