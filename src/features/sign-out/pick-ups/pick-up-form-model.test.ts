import { describe, expect, it } from 'vitest';
import type { AuthorizedPickUpRecord } from '../../../contract';
import { type CheckTexts, checkEditedPickUp, checkNewPickUp, EMPTY_PICK_UP, fieldsOf } from './pick-up-form-model';

const texts: CheckTexts = {
  rule: (key) => `[${key}]`,
  common: (key) => `[${key}]`,
  noScholar: '[noScholar]',
};
const scholar = '0190a1b2-0000-7000-8000-000000000002';

describe('checking a pick-up adult', () => {
  it('lets a complete adult through', () => {
    expect(checkNewPickUp({ ...EMPTY_PICK_UP, full_name: 'Rosa Delgado' }, [scholar], texts)).toEqual({});
  });

  it('a refusal needs its note: the notes field says why', () => {
    const refused = { ...EMPTY_PICK_UP, full_name: 'Marco Ruiz', status: 'not_authorized' as const };
    expect(checkNewPickUp(refused, [scholar], texts)).toEqual({ notes: '[form.errors.refusalNeedsNotes]' });
    expect(checkNewPickUp({ ...refused, notes: '   ' }, [scholar], texts)).toEqual({
      notes: '[form.errors.refusalNeedsNotes]',
    });
    expect(checkNewPickUp({ ...refused, notes: 'Custody order 2026-044' }, [scholar], texts)).toEqual({});
    expect(checkEditedPickUp(refused, texts)).toEqual({ notes: '[form.errors.refusalNeedsNotes]' });
  });

  it('says which field is wrong: name, phone, dates and the scholars', () => {
    const errors = checkNewPickUp(
      { ...EMPTY_PICK_UP, phone: 'call me', valid_from: '2026-12-01', valid_until: '2026-11-01' },
      [],
      texts,
    );
    expect(errors).toMatchObject({
      full_name: '[form.required]',
      phone: 'Must be a phone number.',
      valid_until: '[form.errors.untilBeforeFrom]',
      scholar_ids: '[noScholar]',
    });
  });

  it('an edit needs the full name too', () => {
    expect(checkEditedPickUp({ ...EMPTY_PICK_UP, full_name: '  ' }, texts)).toEqual({ full_name: '[form.required]' });
  });

  it('fills the form from a stored adult', () => {
    const record: AuthorizedPickUpRecord = {
      id: 'a',
      scholar_id: scholar,
      full_name: 'Rosa',
      relationship: null,
      phone: '555 0100 22',
      photo_id: null,
      status: 'authorized',
      notes: null,
      valid_from: '2026-01-01',
      valid_until: null,
      active: true,
      created_at: '',
      updated_at: '',
    };
    expect(fieldsOf(record)).toEqual({
      full_name: 'Rosa',
      relationship: '',
      phone: '555 0100 22',
      status: 'authorized',
      notes: '',
      valid_from: '2026-01-01',
      valid_until: '',
    });
  });
});
