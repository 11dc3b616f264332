/**
 * `v2/timesheet_schedules/special_hours`: hours for a date or a range, for everyone or chosen people, that
 * replace the day's hours (a shortened day) or add to them (a conference night). Two of them clash when their dates
 * and people meet and either both replace the day or their hours meet (409 with the one in the way).
 */
import { and, arrayContains, eq, gte, lte, ne, or } from 'drizzle-orm';
import {
  clockMinutes,
  SPECIAL_HOURS_SORT_FIELDS,
  type SpecialHoursCreate,
  SpecialHoursCreateSchema,
  type SpecialHoursRecord,
  SpecialHoursRecordSchema,
  type SpecialHoursUpdate,
  SpecialHoursUpdateSchema,
} from '../../../src/contract';
import type { Tx } from '../../db/client';
import { specialHours } from '../../db/schema';
import { AppError, invalid } from '../../lib/errors';
import { eqFilter, filterValue, iso, type ResourceDefinition, resourceRoutes } from '../../lib/resource';
import { dateRange, fromFilter, lockSchool, lockStaff, toFilter } from './shared';

type Row = typeof specialHours.$inferSelect;
type Shape = Pick<Row, 'mode' | 'starts_on' | 'ends_on' | 'start_time' | 'end_time' | 'everyone' | 'user_ids'>;

export const toSpecialHours = (row: Row): SpecialHoursRecord => ({
  ...row,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

const clash = (a: Shape, b: Shape) =>
  a.starts_on <= b.ends_on &&
  b.starts_on <= a.ends_on &&
  (a.everyone || b.everyone || a.user_ids.some((id) => b.user_ids.includes(id))) &&
  ((a.mode === 'replace' && b.mode === 'replace') ||
    (clockMinutes(a.start_time) < clockMinutes(b.end_time) && clockMinutes(b.start_time) < clockMinutes(a.end_time)));

async function check(tx: Tx, next: Shape, exceptId?: string) {
  if (next.ends_on < next.starts_on) throw invalid('ends_on', 'The last day is on or after the first.');
  if (next.end_time <= next.start_time) throw invalid('end_time', 'The end is after the start.');
  if (!next.everyone && !next.user_ids.length) throw invalid('user_ids', 'Choose the people, or everyone.');
  await lockStaff(tx, next.user_ids, 'user_ids');
  await lockSchool(tx);
  const near = await tx
    .select()
    .from(specialHours)
    .where(
      and(
        lte(specialHours.starts_on, next.ends_on),
        gte(specialHours.ends_on, next.starts_on),
        exceptId ? ne(specialHours.id, exceptId) : undefined,
      ),
    );
  const other = near.find((s) => clash(s, next));
  if (other) {
    const why =
      other.mode === 'replace' && next.mode === 'replace'
        ? 'already sets the hours'
        : `already has hours ${other.start_time}–${other.end_time}`;
    throw new AppError(
      'conflict',
      `${other.name} (${dateRange(other)}) ${why} for some of these people on these days: change it, or choose other dates or people.`,
      { record: toSpecialHours(other) },
    );
  }
}

export const specialHoursResource: ResourceDefinition<SpecialHoursRecord, SpecialHoursCreate, SpecialHoursUpdate> = {
  name: 'timesheet_schedules',
  auditAs: 'special_hours',
  table: specialHours,
  idColumn: specialHours.id,
  record: SpecialHoursRecordSchema,
  create: SpecialHoursCreateSchema,
  update: SpecialHoursUpdateSchema,
  sortFields: Object.fromEntries(SPECIAL_HOURS_SORT_FIELDS.map((f) => [f, specialHours[f]])),
  defaultSort: 'starts_on',
  filters: {
    // Special hours that concern a person: for everyone, or naming them.
    user_id: (value) =>
      or(
        eq(specialHours.everyone, true),
        arrayContains(specialHours.user_ids, [String(filterValue('user_id', 'uuid', value))]),
      ),
    mode: eqFilter(specialHours.mode),
    from: fromFilter(specialHours.ends_on),
    to: toFilter(specialHours.starts_on),
  },
  searchColumns: [specialHours.name, specialHours.note],
  toRecords: async (rows) => (rows as Row[]).map(toSpecialHours),
  async prepareCreate(input, { tx }) {
    const values = {
      name: input.name,
      mode: input.mode,
      starts_on: input.starts_on,
      ends_on: input.ends_on,
      start_time: input.start_time,
      end_time: input.end_time,
      break_minutes: input.break_minutes,
      everyone: input.everyone,
      user_ids: input.everyone ? [] : [...new Set(input.user_ids)],
      note: input.note,
    };
    await check(tx, values);
    return values;
  },
  async prepareUpdate(input, existing, { tx }) {
    const row = existing as Row;
    const everyone = input.everyone ?? row.everyone;
    const next = {
      mode: input.mode ?? row.mode,
      starts_on: input.starts_on ?? row.starts_on,
      ends_on: input.ends_on ?? row.ends_on,
      start_time: input.start_time ?? row.start_time,
      end_time: input.end_time ?? row.end_time,
      everyone,
      user_ids: everyone ? [] : [...new Set(input.user_ids ?? row.user_ids)],
    };
    const breakMinutes = input.break_minutes ?? row.break_minutes;
    if (clockMinutes(next.end_time) - clockMinutes(next.start_time) <= breakMinutes) {
      throw invalid('break_minutes', 'The break is shorter than the hours.');
    }
    await check(tx, next, row.id);
    return { ...input, user_ids: next.user_ids };
  },
  remove: 'delete',
};

export default resourceRoutes(specialHoursResource);
