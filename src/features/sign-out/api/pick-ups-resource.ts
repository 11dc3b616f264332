/**
 * The calls of the pick-up adult screens (Add and Edit Authorized Pick-Ups, Badges): `v2/authorized_pick_ups`
 * (list, create with a photo, siblings in one batch, update with `_method: 'PATCH'`), the scholars from
 * `v2/demographics`, and photos from `v2/photos/:id`. The writes are multipart form data because a photo travels
 * with them (DESIGN section 4); the forms are built by the pure functions below so their shapes are tested.
 */
import { api, call } from '../../../api/client';
import { type ListParams, type ListResult, resourceApi } from '../../../api/resource';
import type { AuthorizedPickUpRecord, DemographicRecord, PickUpStatus } from '../../../contract';

export const pickUpsResource = resourceApi<AuthorizedPickUpRecord, never, never>('v2/authorized_pick_ups');
export const scholarsResource = resourceApi<DemographicRecord, never, never>('v2/demographics');

/** Query keys: adults by list parameters, scholars by search or id, the badge roster, photos. */
export const pickUpKeys = {
  all: pickUpsResource.keys.all,
  lists: pickUpsResource.keys.lists,
  list: (params: ListParams) => pickUpsResource.keys.list(params),
  scholarSearch: (text: string) => [...scholarsResource.keys.all, 'pick-ups-search', text] as const,
  scholar: (id: string) => scholarsResource.keys.detail(id),
  roster: () => [...scholarsResource.keys.all, 'badges-roster'] as const,
  photo: (id: string) => ['photos', id] as const,
};

/** The fields a person fills in for a pick-up adult, as the form holds them ('' for an empty field). */
export interface PickUpFields {
  full_name: string;
  relationship: string;
  phone: string;
  status: PickUpStatus;
  notes: string;
  valid_from: string;
  valid_until: string;
}

/** File name of an uploaded photo: always a JPEG once made smaller on the device. */
export const PHOTO_FILE_NAME = 'photo.jpg';

function appendFields(form: FormData, fields: PickUpFields): void {
  // An empty field travels as '' (the contract reads it as "none"), so an edit can clear it.
  form.append('full_name', fields.full_name.trim());
  form.append('relationship', fields.relationship.trim());
  form.append('phone', fields.phone.trim());
  form.append('status', fields.status);
  form.append('notes', fields.notes.trim());
  form.append('valid_from', fields.valid_from);
  form.append('valid_until', fields.valid_until);
}

/** A write as it goes on the wire: where, and the multipart body. */
export interface PickUpRequest {
  path: string;
  body: FormData;
}

export interface PickUpCreateInput {
  /** The client's ids of the new rows, one per scholar in the same order (a resend answers the stored rows). */
  ids: readonly string[];
  scholarIds: readonly string[];
  fields: PickUpFields;
  photo: Blob | null;
}

/**
 * One scholar: `POST v2/authorized_pick_ups` with `id`, `scholar_id`, the fields and `photo`. Several siblings:
 * `POST v2/authorized_pick_ups/batch` with `ids[]`, `scholar_ids[]`, the fields and one `photo` they share.
 */
export function pickUpCreateRequest({ ids, scholarIds, fields, photo }: PickUpCreateInput): PickUpRequest {
  if (ids.length !== scholarIds.length) throw new Error('One id for each scholar.');
  const body = new FormData();
  const single = scholarIds.length === 1;
  if (single) {
    body.append('id', ids[0] as string);
    body.append('scholar_id', scholarIds[0] as string);
  } else {
    for (const id of ids) body.append('ids[]', id);
    for (const id of scholarIds) body.append('scholar_ids[]', id);
  }
  appendFields(body, fields);
  if (photo) body.append('photo', photo, PHOTO_FILE_NAME);
  return { path: single ? 'v2/authorized_pick_ups' : 'v2/authorized_pick_ups/batch', body };
}

export interface PickUpUpdateInput {
  id: string;
  fields?: PickUpFields;
  active?: boolean;
  /** A new photo; none keeps the one stored. */
  photo?: Blob | null;
}

/** `POST v2/authorized_pick_ups/{id}` with `_method: 'PATCH'`: only what is sent changes. */
export function pickUpUpdateRequest({ id, fields, active, photo }: PickUpUpdateInput): PickUpRequest {
  const body = new FormData();
  body.append('_method', 'PATCH');
  if (fields) appendFields(body, fields);
  if (active !== undefined) body.append('active', String(active));
  if (photo) body.append('photo', photo, PHOTO_FILE_NAME);
  return { path: `v2/authorized_pick_ups/${id}`, body };
}

/** Creates the adult for one scholar or for each sibling; answers the rows in the order of the scholars. */
export async function createPickUps(input: PickUpCreateInput): Promise<AuthorizedPickUpRecord[]> {
  const { path, body } = pickUpCreateRequest(input);
  const answer = await call(() =>
    api.post(path, { body }).json<{ data: AuthorizedPickUpRecord | AuthorizedPickUpRecord[] }>(),
  );
  return [answer.data].flat();
}

/** Updates one adult. */
export async function updatePickUp(input: PickUpUpdateInput): Promise<AuthorizedPickUpRecord> {
  const { path, body } = pickUpUpdateRequest(input);
  return (await call(() => api.post(path, { body }).json<{ data: AuthorizedPickUpRecord }>())).data;
}

/** One page of adults. */
export function listPickUps(params: ListParams, signal?: AbortSignal): Promise<ListResult<AuthorizedPickUpRecord>> {
  return pickUpsResource.list(params, signal);
}

/** `GET v2/photos/:id` with the bearer token (the server answers only photos the caller may see). */
export function getPhoto(id: string, signal?: AbortSignal): Promise<Blob> {
  return call(() => api.get(`v2/photos/${id}`, { signal, retry: 0 }).blob());
}
