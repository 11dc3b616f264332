import { describe, expect, it } from 'vitest';
import { checkDuty, emptyDuty } from './duty-form';

const SCHOLAR = '0190f3a4-0000-7000-8000-000000000001';
const valid = {
  ...emptyDuty(2),
  scholar_id: SCHOLAR,
  start_time: '10:00',
  end_time: '10:30',
  post: ' Front desk ',
};

describe('the duty form check', () => {
  it('says every empty required field is required', () => {
    const result = checkDuty(emptyDuty(1));
    expect(result).toEqual({
      ok: false,
      errors: {
        scholar_id: 'This field is required.',
        start_time: 'This field is required.',
        end_time: 'This field is required.',
        post: 'This field is required.',
      },
    });
  });

  it('uses the translated required text when given one', () => {
    const result = checkDuty({ ...valid, post: '  ' }, () => 'Este campo es obligatorio.');
    expect(result).toEqual({ ok: false, errors: { post: 'Este campo es obligatorio.' } });
  });

  it("keeps the schema's rules: times as HH:MM, the end after the start, Monday to Friday", () => {
    expect(checkDuty({ ...valid, start_time: '9am' })).toEqual({
      ok: false,
      errors: { start_time: 'Use a time like 08:00.' },
    });
    expect(checkDuty({ ...valid, end_time: '09:00' })).toEqual({
      ok: false,
      errors: { end_time: 'The end is after the start.' },
    });
    expect(checkDuty({ ...valid, weekday: '6' })).toEqual({ ok: false, errors: { weekday: 'Monday to Friday.' } });
  });

  it('gives the payload the API takes, trimmed, with empty notes as null', () => {
    expect(checkDuty(valid)).toEqual({
      ok: true,
      data: {
        scholar_id: SCHOLAR,
        weekday: 2,
        start_time: '10:00',
        end_time: '10:30',
        post: 'Front desk',
        notes: null,
      },
    });
    expect(checkDuty({ ...valid, notes: 'Bring the radio' })).toMatchObject({ data: { notes: 'Bring the radio' } });
  });
});
