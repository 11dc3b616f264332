/**
 * A staff badge read at a station: `POST v2/timesheets/punch`, and the outbox resource
 * `timesheet_punches` that `v2/sync/push` applies through `applyPunch` below. A kiosk offline cannot know whether
 * the badge's holder clocked in on their phone, so the server decides: the clock-out of the holder's open record when
 * one started up to PUNCH_OPEN_HOURS before the read, else a clock-in (a new record with the punch's id), each through
 * the resource's own create and update with the badge, so every rule holds (overlaps, approved periods, the audit).
 * A receipt keyed by the punch's id makes it happen once: sent again (the REST answer lost, then the outbox), it
 * answers what it did the first time.
 */
import { and, desc, eq, gt, isNull, lte } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PUNCH_OPEN_HOURS,
  TIMESHEET_MESSAGES,
  TIMESHEET_PUNCHES,
  TimesheetCreateSchema,
  type TimesheetPunch,
  TimesheetPunchResponseSchema,
  type TimesheetPunchResult,
  TimesheetPunchSchema,
  type TimesheetRecord,
} from '../../../src/contract';
import type { Tx } from '../../db/client';
import { syncReceipts, timesheets } from '../../db/schema';
import { AppError, invalid } from '../../lib/errors';
import { createOne, ERROR_RESPONSES, updateOne } from '../../lib/resource';
import { requireAuth } from '../../plugins/access';
import { timesheetsResource, toTimesheetRecords } from './index';
import { lockPerson, personByBadge } from './shared';

/** What a punch did the first time, from its receipt; null when it was never applied. */
async function earlier(tx: Tx, punchId: string): Promise<TimesheetPunchResult | null> {
  const [receipt] = await tx.select().from(syncReceipts).where(eq(syncReceipts.id, punchId)).limit(1);
  if (!receipt) return null;
  if (receipt.resource !== TIMESHEET_PUNCHES || !receipt.record_id) {
    throw new AppError(
      'conflict',
      'This entry was sent before with different content. The server kept what it received first.',
    );
  }
  const rows = await tx.select().from(timesheets).where(eq(timesheets.id, receipt.record_id)).limit(1);
  const [record] = await toTimesheetRecords(rows, tx);
  // The record was deleted since: the punch was applied all the same, and there is nothing to show.
  if (!record) throw new AppError('conflict', 'The record this badge read made has been deleted since.');
  return { outcome: receipt.action === 'punch_out' ? 'out' : 'in', record };
}

/**
 * Applies one punch (the caller's transaction; the sync push runs it in a savepoint). 422 on `badge` for a badge that
 * is no active staff member's; 409 when the clock-in would overlap a record (an open one older than
 * PUNCH_OPEN_HOURS: a missed clock-out the office must close first).
 */
export async function applyPunch(
  tx: Tx,
  request: FastifyRequest,
  punch: TimesheetPunch,
  deviceId: string,
): Promise<TimesheetPunchResult & { replayed: boolean }> {
  const first = await earlier(tx, punch.id);
  if (first) return { ...first, replayed: true };
  const holder = await personByBadge(tx, punch.badge);
  if (!holder) throw invalid('badge', TIMESHEET_MESSAGES.badge);
  await lockPerson(tx, holder.id, 'badge', { active: true });
  // A replay that waited behind the first one's lock sees its receipt now.
  const raced = await earlier(tx, punch.id);
  if (raced) return { ...raced, replayed: true };
  const at = Date.parse(punch.at);
  const [open] = await tx
    .select()
    .from(timesheets)
    .where(
      and(
        eq(timesheets.user_id, holder.id),
        isNull(timesheets.ended_at),
        lte(timesheets.started_at, new Date(at).toISOString()),
        gt(timesheets.started_at, new Date(at - PUNCH_OPEN_HOURS * 3_600_000).toISOString()),
      ),
    )
    .orderBy(desc(timesheets.started_at))
    .limit(1);
  const ctx = { tx, request };
  let result: TimesheetPunchResult;
  if (open) {
    // Never before its clock-in, whatever the station's clock did.
    const ended = new Date(Math.max(at, Date.parse(String(open.started_at)) + 1000)).toISOString();
    const record = await updateOne(timesheetsResource, ctx, open.id, {
      ended_at: ended,
      base_version: open.version,
      badge: punch.badge,
    });
    result = { outcome: 'out', record };
  } else {
    const input = TimesheetCreateSchema.parse({
      id: punch.id,
      started_at: punch.at,
      method: 'badge',
      category: 'regular',
      badge: punch.badge,
      device_id: deviceId,
    });
    const { record } = await createOne(timesheetsResource, ctx, input);
    result = { outcome: 'in', record: record as TimesheetRecord };
  }
  await tx
    .insert(syncReceipts)
    .values({
      id: punch.id,
      device_id: deviceId,
      user_id: request.auth?.user.id ?? null,
      resource: TIMESHEET_PUNCHES,
      action: result.outcome === 'out' ? 'punch_out' : 'punch_in',
      record_id: result.record.id,
    })
    .onConflictDoNothing({ target: syncReceipts.id });
  return { ...result, replayed: false };
}

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      config: { access: 'timesheets-create' },
      schema: { body: TimesheetPunchSchema, response: { 200: TimesheetPunchResponseSchema, ...ERROR_RESPONSES } },
    },
    async (request) => {
      requireAuth(request);
      const deviceId = (request.headers['x-device-id'] as string | undefined)?.slice(0, 100) || 'rest';
      const { outcome, record } = await app.db.transaction((tx) => applyPunch(tx, request, request.body, deviceId));
      return { data: { outcome, record } };
    },
  );
};

export default routes;
