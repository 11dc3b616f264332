/** `v2/messenger_schedules`: scholars on duty as office messengers, by weekday and time, with their post (F4). */
import {
  MESSENGER_SORT_FIELDS,
  type MessengerScheduleCreate,
  MessengerScheduleCreateSchema,
  type MessengerScheduleRecord,
  MessengerScheduleRecordSchema,
  type MessengerScheduleUpdate,
  MessengerScheduleUpdateSchema,
} from '../../../src/contract';
import { messengerSchedules } from '../../db/schema';
import { invalid } from '../../lib/errors';
import { eqFilter, iso, type ResourceDefinition, resourceRoutes, uuidFilter } from '../../lib/resource';

type Row = typeof messengerSchedules.$inferSelect;

/** A stored row as the API answers it. */
export const toMessengerRecord = (row: Row): MessengerScheduleRecord => ({
  ...row,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

export const messengerResource: ResourceDefinition<
  MessengerScheduleRecord,
  MessengerScheduleCreate,
  MessengerScheduleUpdate
> = {
  name: 'messenger_schedules',
  table: messengerSchedules,
  idColumn: messengerSchedules.id,
  record: MessengerScheduleRecordSchema,
  create: MessengerScheduleCreateSchema,
  update: MessengerScheduleUpdateSchema,
  sortFields: Object.fromEntries(MESSENGER_SORT_FIELDS.map((f) => [f, messengerSchedules[f]])),
  defaultSort: 'weekday',
  filters: {
    weekday: eqFilter(messengerSchedules.weekday, 'integer'),
    scholar_id: uuidFilter(messengerSchedules.scholar_id),
  },
  searchColumns: [messengerSchedules.post, messengerSchedules.notes],
  toRecords: async (rows) => (rows as Row[]).map(toMessengerRecord),
  prepareUpdate(input, existing) {
    const start = input.start_time ?? (existing.start_time as string);
    const end = input.end_time ?? (existing.end_time as string);
    if (end <= start) throw invalid('end_time', 'The end is after the start.');
    return input;
  },
  remove: 'delete',
};

export default resourceRoutes(messengerResource);
