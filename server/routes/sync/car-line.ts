/**
 * The car line in the offline sync (docs/car-line.md): a curb entry (a family's tag typed or scanned at the pick-up
 * line) is a station write that travels through the outbox, created by the arrivals' idempotent definition, so an
 * entry delivered twice queues once; and the day's queue is reference data the stations pull, so the classroom screen
 * and the curb's list show it offline. A released entry (the child signed out) goes out as a removal.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { CarLineCurbCallSchema, type SyncItem, type SyncResult } from '../../../src/contract';
import type { Tx } from '../../db/client';
import { carLineQueue } from '../../db/schema';
import { can } from '../../plugins/access';
import { carLineCallsResource, toEntries } from '../car_line/model';

/** Zod issues as `{field: [messages]}`, as the push answers them. */
const byField = (issues: { path: PropertyKey[]; message: string }[]) => {
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'data';
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
};

/**
 * Checks a curb entry: created only, by staff with the pick-up line's permission (check_ins-create), with the
 * contract's schema. What to apply (the arrivals' definition and its input), or why it is rejected.
 */
export function checkCarLineCall(
  request: FastifyRequest,
  item: SyncItem,
  deviceId: string,
): { item: SyncItem; def: unknown; input: Record<string, unknown> & { id: string } } | SyncResult {
  const reject = (message: string, errors?: Record<string, string[]>): SyncResult => ({
    id: item.id,
    status: 'rejected',
    message,
    ...(errors ? { errors } : {}),
  });
  if (item.action !== 'create') return reject('Only new records can be sent from a device.');
  if (!can(request, 'check_ins-create')) return reject('You do not have permission to do that.');
  const parsed = CarLineCurbCallSchema.safeParse({ device_id: deviceId, ...item.data });
  if (!parsed.success) return reject('The entry is not valid.', byField(parsed.error.issues));
  return {
    item,
    def: carLineCallsResource,
    input: {
      id: parsed.data.id,
      source: 'curb',
      tag_number: parsed.data.tag_number,
      device_id: parsed.data.device_id ?? deviceId,
    },
  };
}

/** The day's queue as the stations keep it: today's entries still to walk out, with names and homerooms. */
export const carLineQueuePullable = {
  permission: 'check_ins-create' as const,
  table: carLineQueue,
  id: carLineQueue.id,
  kept: (today: string) => and(eq(carLineQueue.school_day, today), isNull(carLineQueue.released_at)),
  records: (rows: (typeof carLineQueue.$inferSelect)[], _request: FastifyRequest, tx: Tx) => toEntries(tx, rows),
};
