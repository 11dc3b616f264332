/**
 * What a device may write through its outbox (DESIGN section 5): the resources it may create, those a portal account
 * may create, and those whose records it may also update. Read by the push (push.ts, check.ts).
 */
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { CheckInSyncVoidSchema, type Permission, TimesheetSyncUpdateSchema } from '../../../src/contract';
import type { Tx } from '../../db/client';
import { checkIns, timesheets } from '../../db/schema';
import type { ResourceDefinition } from '../../lib/resource';
import { checkInsResource, voidCheckIn } from '../check_ins/index';
import { conferenceSignInsResource } from '../conferences/index';
import { covidScreeningsResource } from '../covid_screenings/index';
import { nslpRecordsResource } from '../nslp_records/index';
import { timesheetsResource } from '../timesheets/index';
import { lockPerson } from '../timesheets/shared';

// biome-ignore lint/suspicious/noExplicitAny: the registry holds definitions of different record types.
export type AnyDefinition = ResourceDefinition<any, any, any>;

/** The resources a device may write through its outbox, with the definition the REST create uses too. */
export const WRITABLE: Record<string, AnyDefinition> = {
  check_ins: checkInsResource,
  nslp_records: nslpRecordsResource,
  timesheets: timesheetsResource,
};

/**
 * What a portal account (a scholar or a parent) may send from the Scholar Portal: a COVID screening
 * answer and a conference sign-in, created only. No staff permission is asked: the definition checks that the scholar
 * is the caller's (404 otherwise, answered 'rejected').
 */
export const PORTAL_WRITABLE: Record<string, AnyDefinition> = {
  covid_screenings: covidScreeningsResource,
  conference_sign_ins: conferenceSignInsResource,
};

/**
 * The resources whose records a device may also change, with the schema of an update, the lock it takes first, and,
 * when it is not the resource's REST update, the permission it asks for and how it is applied.
 */
export const UPDATABLE: Record<
  string,
  {
    schema: z.ZodType<{ id: string }>;
    lock(tx: Tx, recordId: string): Promise<void>;
    permission?: Permission;
    apply?(tx: Tx, request: FastifyRequest, recordId: string, fields: Record<string, unknown>): Promise<unknown>;
  }
> = {
  /**
   * A check-in's one change from a device: its void (the pick-up line's Undo). An update of the record rather than a
   * resource of its own, because an update is applied in the order the entries were made (after the run of creates
   * before it, so after the sign-out it undoes, in the same push or an earlier one), its receipt makes a second
   * delivery 'duplicate', and the device's lists already tie an update to the record it names. It asks for the
   * permission of the sign-out itself (check_ins-create), not check_ins-update (the office's corrections).
   */
  check_ins: {
    schema: CheckInSyncVoidSchema,
    permission: 'check_ins-create',
    async lock(tx, recordId) {
      await tx.select({ id: checkIns.id }).from(checkIns).where(eq(checkIns.id, recordId)).for('update');
    },
    async apply(tx, request, recordId, fields) {
      const body = CheckInSyncVoidSchema.parse({ ...fields, id: recordId });
      return (await voidCheckIn(tx, request, recordId, body)).record;
    },
  },
  timesheets: {
    schema: TimesheetSyncUpdateSchema,
    // The record's person, as the REST update locks them: a replay that waited behind the first sees its receipt.
    async lock(tx, recordId) {
      const [row] = await tx
        .select({ user_id: timesheets.user_id })
        .from(timesheets)
        .where(eq(timesheets.id, recordId))
        .limit(1);
      if (row) await lockPerson(tx, row.user_id, 'id');
    },
  },
};
