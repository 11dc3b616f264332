import { describe, expect, it } from 'vitest';
import { scholar } from '../../../offline/test/fakes';
import { buildRosterIndex } from '../../../ui/roster/roster-search';
import { deriveDayStates } from '../model/day-state';
import { csvRows, dayRows, filterDay, filterOptions, NO_FILTERS, pageOf } from './day-list';

const ana = scholar({ fname: 'Ana', lname: 'Ávila', grade: '5', homeroom: '5B', student_number: '1' });
const ben = scholar({ fname: 'Ben', lname: 'Brown', grade: 'K', homeroom: 'K1', student_number: '2' });
const cy = scholar({ fname: 'Cy', lname: 'Chen', grade: '5', homeroom: '5A', student_number: '3' });
const dee = scholar({ fname: 'Dee', lname: 'Diaz', grade: '10', homeroom: null, student_number: '4' });
const index = buildRosterIndex([dee, cy, ben, ana]);
const days = deriveDayStates([
  {
    id: '1',
    kind: 'arrival',
    scholar_id: ana.id,
    occurred_at: '2026-03-02T16:20:00Z',
    reason: 'Bus, late',
    late: true,
    pending: false,
    device_id: null,
  },
  {
    id: '2',
    kind: 'departure',
    scholar_id: cy.id,
    occurred_at: '2026-03-02T19:00:00Z',
    reason: 'Doctor',
    late: false,
    pending: true,
    device_id: null,
  },
]);
const rows = dayRows(index, days);

describe('the day list', () => {
  it('has every scholar in name order with their state', () => {
    expect(rows.map((r) => [r.scholar.fname, r.day.state])).toEqual([
      ['Ana', 'in'],
      ['Ben', 'not_arrived'],
      ['Cy', 'left'],
      ['Dee', 'not_arrived'],
    ]);
  });

  it('offers the grades in school order and the homerooms present', () => {
    expect(filterOptions(rows)).toEqual({ grades: ['K', '5', '10'], homerooms: ['5A', '5B', 'K1'] });
  });

  it('filters by grade, homeroom, state and search, counting all but the state filter', () => {
    const grade5 = filterDay(rows, { ...NO_FILTERS, grade: '5' }, index);
    expect(grade5.shown.map((r) => r.scholar.fname)).toEqual(['Ana', 'Cy']);
    expect(grade5.counts).toEqual({ total: 2, not_arrived: 0, in: 1, left: 1, signed_out: 0 });

    const left = filterDay(rows, { ...NO_FILTERS, grade: '5', state: 'left' }, index);
    expect(left.shown.map((r) => r.scholar.fname)).toEqual(['Cy']);
    expect(left.counts.total).toBe(2);

    expect(filterDay(rows, { ...NO_FILTERS, homeroom: 'K1' }, index).shown.map((r) => r.scholar.fname)).toEqual([
      'Ben',
    ]);
    expect(filterDay(rows, { ...NO_FILTERS, query: 'avila' }, index).shown.map((r) => r.scholar.fname)).toEqual([
      'Ana',
    ]);
    expect(filterDay(rows, NO_FILTERS, index).counts).toEqual({
      total: 4,
      not_arrived: 2,
      in: 1,
      left: 1,
      signed_out: 0,
    });
  });

  it('pages rows and keeps the page in range', () => {
    const many = Array.from({ length: 120 }, (_, i) => i);
    expect(pageOf(many, 1)).toMatchObject({ pages: 3, page: 1 });
    expect(pageOf(many, 3).rows).toEqual(many.slice(100));
    expect(pageOf(many, 9).page).toBe(3);
    expect(pageOf([], 1)).toEqual({ rows: [], pages: 1, page: 1 });
  });

  it('gives the CSV rows with name, number, grade, homeroom, state, time and reason', () => {
    expect(
      csvRows(
        rows,
        (state) => state.toUpperCase(),
        (iso) => iso.slice(11, 16),
      ),
    ).toEqual([
      ['Ana Ávila', '1', '5', '5B', 'IN', '16:20', 'Bus, late'],
      ['Ben Brown', '2', 'K', 'K1', 'NOT_ARRIVED', '', ''],
      ['Cy Chen', '3', '5', '5A', 'LEFT', '19:00', 'Doctor'],
      ['Dee Diaz', '4', '10', '', 'NOT_ARRIVED', '', ''],
    ]);
  });
});
