/**
 * `v2/timesheet_schedules/non_work_days`: the school's holidays and breaks, a date or a range. Two of them
 * never overlap (409 with the one in the way). Under the timesheet_schedules permissions; audited as
 * school_non_work_days.
 */
import { and, gte, lte, ne } from 'drizzle-orm';
import {
  NON_WORK_DAY_SORT_FIELDS,
  type NonWorkDayCreate,
  NonWorkDayCreateSchema,
  type NonWorkDayRecord,
  NonWorkDayRecordSchema,
  type NonWorkDayUpdate,
  NonWorkDayUpdateSchema,
} from '../../../src/contract';
import type { Tx } from '../../db/client';
import { schoolNonWorkDays } from '../../db/schema';
import { AppError, invalid } from '../../lib/errors';
import { eqFilter, iso, type ResourceDefinition, resourceRoutes } from '../../lib/resource';
import { dateRange, fromFilter, lockSchool, toFilter } from './shared';

type Row = typeof schoolNonWorkDays.$inferSelect;

export const toNonWorkDay = (row: Row): NonWorkDayRecord => ({
  ...row,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

/** 409 when another non-work day covers any of the dates. */
async function refuseOverlap(tx: Tx, range: { starts_on: string; ends_on: string }, exceptId?: string) {
  await lockSchool(tx);
  const [other] = await tx
    .select()
    .from(schoolNonWorkDays)
    .where(
      and(
        lte(schoolNonWorkDays.starts_on, range.ends_on),
        gte(schoolNonWorkDays.ends_on, range.starts_on),
        exceptId ? ne(schoolNonWorkDays.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  if (other) {
    throw new AppError(
      'conflict',
      `${other.name} (${dateRange(other)}) already covers some of these days: change it, or choose other dates.`,
      { record: toNonWorkDay(other) },
    );
  }
}

export const nonWorkDaysResource: ResourceDefinition<NonWorkDayRecord, NonWorkDayCreate, NonWorkDayUpdate> = {
  name: 'timesheet_schedules',
  auditAs: 'school_non_work_days',
  table: schoolNonWorkDays,
  idColumn: schoolNonWorkDays.id,
  record: NonWorkDayRecordSchema,
  create: NonWorkDayCreateSchema,
  update: NonWorkDayUpdateSchema,
  sortFields: Object.fromEntries(NON_WORK_DAY_SORT_FIELDS.map((f) => [f, schoolNonWorkDays[f]])),
  defaultSort: 'starts_on',
  filters: {
    kind: eqFilter(schoolNonWorkDays.kind),
    from: fromFilter(schoolNonWorkDays.ends_on),
    to: toFilter(schoolNonWorkDays.starts_on),
  },
  searchColumns: [schoolNonWorkDays.name],
  toRecords: async (rows) => (rows as Row[]).map(toNonWorkDay),
  async prepareCreate(input, { tx }) {
    await refuseOverlap(tx, input);
    return { name: input.name, kind: input.kind, starts_on: input.starts_on, ends_on: input.ends_on };
  },
  async prepareUpdate(input, existing, { tx }) {
    const row = existing as Row;
    const range = { starts_on: input.starts_on ?? row.starts_on, ends_on: input.ends_on ?? row.ends_on };
    if (range.ends_on < range.starts_on) throw invalid('ends_on', 'The last day is on or after the first.');
    await refuseOverlap(tx, range, row.id);
    return input;
  },
  remove: 'delete',
};

export default resourceRoutes(nonWorkDaysResource);
