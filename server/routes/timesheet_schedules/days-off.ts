/**
 * `v2/timesheet_schedules/days_off`: a staff member's days off, whole days in a range or part of one date,
 * with a type (vacation, sick, personal, unpaid, other) and a note. One person's days off never overlap: whole days
 * overlap any day off on the same dates, part days overlap when their hours do (409 with the one in the way).
 */
import { and, eq, gte, lte, ne } from 'drizzle-orm';
import {
  clockMinutes,
  DAY_OFF_SORT_FIELDS,
  type DayOffCreate,
  DayOffCreateSchema,
  type DayOffRecord,
  DayOffRecordSchema,
  type DayOffUpdate,
  DayOffUpdateSchema,
} from '../../../src/contract';
import type { Tx } from '../../db/client';
import { staffDaysOff } from '../../db/schema';
import { AppError, invalid } from '../../lib/errors';
import { eqFilter, iso, type ResourceDefinition, resourceRoutes, uuidFilter } from '../../lib/resource';
import { dateRange, fromFilter, lockStaff, personName, personSearch, toFilter } from './shared';

type Row = typeof staffDaysOff.$inferSelect;
type Shape = Pick<Row, 'starts_on' | 'ends_on' | 'start_time' | 'end_time'>;

export const toDayOff = (row: Row): DayOffRecord => ({
  ...row,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

/** Whether two days off of one person clash: the same dates, and whole days or hours that meet. */
const clash = (a: Shape, b: Shape) =>
  a.starts_on <= b.ends_on &&
  b.starts_on <= a.ends_on &&
  (!a.start_time ||
    !a.end_time ||
    !b.start_time ||
    !b.end_time ||
    (clockMinutes(a.start_time) < clockMinutes(b.end_time) && clockMinutes(b.start_time) < clockMinutes(a.end_time)));

const hoursText = (d: Shape) => (d.start_time && d.end_time ? `, ${d.start_time}–${d.end_time}` : '');

/** Checks the day off as it will be stored (part days on one date) and refuses a clash with the person's others. */
async function check(tx: Tx, userId: string, next: Shape & { type: string }, exceptId?: string) {
  if ((next.start_time === null) !== (next.end_time === null)) {
    throw invalid('end_time', 'Give both the start and the end of the hours off, or neither for whole days.');
  }
  if (next.start_time && next.end_time && next.end_time <= next.start_time) {
    throw invalid('end_time', 'The end is after the start.');
  }
  if (next.start_time && next.starts_on !== next.ends_on) {
    throw invalid('ends_on', 'Part of a day is one date: make the last day the same as the first.');
  }
  if (next.ends_on < next.starts_on) throw invalid('ends_on', 'The last day is on or after the first.');
  const [person] = await lockStaff(tx, [userId], 'user_id');
  const near = await tx
    .select()
    .from(staffDaysOff)
    .where(
      and(
        eq(staffDaysOff.user_id, userId),
        lte(staffDaysOff.starts_on, next.ends_on),
        gte(staffDaysOff.ends_on, next.starts_on),
        exceptId ? ne(staffDaysOff.id, exceptId) : undefined,
      ),
    );
  const other = near.find((d) => clash(d, next));
  if (other && person) {
    throw new AppError(
      'conflict',
      `${personName(person)} already has a day off on ${dateRange(other)}${hoursText(other)} (${other.type}): change that one, or choose other dates.`,
      { record: toDayOff(other) },
    );
  }
}

export const daysOffResource: ResourceDefinition<DayOffRecord, DayOffCreate, DayOffUpdate> = {
  name: 'timesheet_schedules',
  auditAs: 'staff_days_off',
  table: staffDaysOff,
  idColumn: staffDaysOff.id,
  record: DayOffRecordSchema,
  create: DayOffCreateSchema,
  update: DayOffUpdateSchema,
  sortFields: Object.fromEntries(DAY_OFF_SORT_FIELDS.map((f) => [f, staffDaysOff[f]])),
  defaultSort: '-starts_on',
  filters: {
    user_id: uuidFilter(staffDaysOff.user_id),
    type: eqFilter(staffDaysOff.type),
    from: fromFilter(staffDaysOff.ends_on),
    to: toFilter(staffDaysOff.starts_on),
  },
  searchColumns: [staffDaysOff.note],
  searchAlso: personSearch(staffDaysOff.user_id),
  toRecords: async (rows) => (rows as Row[]).map(toDayOff),
  async prepareCreate(input, { tx }) {
    const values = {
      user_id: input.user_id,
      type: input.type,
      starts_on: input.starts_on,
      ends_on: input.ends_on,
      start_time: input.start_time,
      end_time: input.end_time,
      note: input.note,
    };
    await check(tx, input.user_id, values);
    return values;
  },
  async prepareUpdate(input, existing, { tx }) {
    const row = existing as Row;
    const next = {
      type: input.type ?? row.type,
      starts_on: input.starts_on ?? row.starts_on,
      ends_on: input.ends_on ?? row.ends_on,
      start_time: input.start_time === undefined ? row.start_time : input.start_time,
      end_time: input.end_time === undefined ? row.end_time : input.end_time,
    };
    await check(tx, row.user_id, next, row.id);
    return { ...input, start_time: next.start_time, end_time: next.end_time };
  },
  remove: 'delete',
};

export default resourceRoutes(daysOffResource);
