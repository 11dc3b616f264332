/**
 * `v2/meal_service_days`: meal services the school holds on days its calendar has closed (summer meals, a special
 * service). The meals served on the days one covers count in the claim; without one, a closed day's meals are shown
 * apart and left out of the totals (nslp_records' daily counts). Who files the claim keeps them (Food Service
 * Manager); audited.
 */
import {
  MEAL_SERVICE_DAY_SORT_FIELDS,
  type MealServiceDayCreate,
  MealServiceDayCreateSchema,
  type MealServiceDayRecord,
  MealServiceDayRecordSchema,
  type MealServiceDayUpdate,
  MealServiceDayUpdateSchema,
} from '../../../src/contract';
import { mealServiceDays } from '../../db/schema';
import { invalid } from '../../lib/errors';
import { iso, type ResourceDefinition, resourceRoutes } from '../../lib/resource';
import { fromFilter, toFilter } from '../timesheet_schedules/shared';

type Row = typeof mealServiceDays.$inferSelect;

const toRecord = (row: Row): MealServiceDayRecord => ({
  ...row,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

export const mealServiceDaysResource: ResourceDefinition<
  MealServiceDayRecord,
  MealServiceDayCreate,
  MealServiceDayUpdate
> = {
  name: 'meal_service_days',
  table: mealServiceDays,
  idColumn: mealServiceDays.id,
  record: MealServiceDayRecordSchema,
  create: MealServiceDayCreateSchema,
  update: MealServiceDayUpdateSchema,
  sortFields: Object.fromEntries(MEAL_SERVICE_DAY_SORT_FIELDS.map((f) => [f, mealServiceDays[f]])),
  defaultSort: 'starts_on',
  filters: { from: fromFilter(mealServiceDays.ends_on), to: toFilter(mealServiceDays.starts_on) },
  searchColumns: [mealServiceDays.name],
  toRecords: async (rows) => (rows as Row[]).map(toRecord),
  prepareCreate: (input, { request }) => ({ ...input, created_by: request.auth?.user.id ?? null }),
  prepareUpdate(input, existing) {
    const row = existing as Row;
    if ((input.ends_on ?? row.ends_on) < (input.starts_on ?? row.starts_on)) {
      throw invalid('ends_on', 'The last day is on or after the first.');
    }
    return input;
  },
  remove: 'delete',
};

export default resourceRoutes(mealServiceDaysResource);
