/**
 * The dismissal changes' rules apart from the routes: the record as the API answers it (with the names it shows),
 * the cutoff for today's changes (the school's `dismissal_cutoff` on its own clock, so a daylight-saving day moves
 * the instant, not the wall time), the adult a pick-up change may name (custody first: a refused adult never), and
 * the notice that tells the family the office's answer.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { changeAppliesOn, type DismissalChange, shiftDate } from '../../../src/contract';
import type { Tx } from '../../db/client';
import { authorizedPickUps, demographics, type dismissalChanges, users } from '../../db/schema';
import { AppError, invalid } from '../../lib/errors';
import { zonedInstant } from '../../lib/expected-hours';
import { enqueueNotices } from '../../lib/notices/enqueue';
import { iso } from '../../lib/resource';

export type Row = typeof dismissalChanges.$inferSelect;

/** The instant today's changes close: the day at the school's cutoff time in the school's time zone. */
export const cutoffInstant = (day: string, cutoff: string, timeZone: string): number =>
  zonedInstant(day, cutoff, timeZone);

/** Whether changes for `day` have closed at `now`. */
export const isClosed = (day: string, now: Date, cutoff: string, timeZone: string): boolean =>
  now.getTime() >= cutoffInstant(day, cutoff, timeZone);

/** The first day on or after `from` that a change covers (a weekly one's first such weekday); null: none. */
export function firstDay(c: Pick<Row, 'starts_on' | 'ends_on' | 'weekday'>, from: string): string | null {
  let day = c.starts_on > from ? c.starts_on : from;
  for (let i = 0; i < 7 && day <= c.ends_on; i++, day = shiftDate(day, 1)) {
    if (changeAppliesOn(c, day)) return day;
  }
  return null;
}

/** The 409 a family meets after the cutoff: the field it concerns and the words the screen shows. */
export const cutoffConflict = (record?: DismissalChange) =>
  new AppError('conflict', 'Changes for today closed at the school’s cutoff: please call the office.', {
    errors: { starts_on: ['Changes for today closed at the school’s cutoff: please call the office.'] },
    ...(record ? { record } : {}),
  });

const fullName = (p: { fname: string; lname: string; nickname: string | null } | undefined) =>
  p ? `${p.nickname ?? p.fname} ${p.lname}` : null;

/** Stored rows as records, with the scholar's, requester's and decider's names (two queries for any number). */
export async function toChanges(tx: Pick<Tx, 'select'>, rows: Row[]): Promise<DismissalChange[]> {
  if (!rows.length) return [];
  const scholarIds = [...new Set(rows.map((r) => r.scholar_id))];
  const userIds = [...new Set(rows.flatMap((r) => [r.requested_by, r.decided_by]).filter((id): id is string => !!id))];
  const scholars = new Map(
    (
      await tx
        .select({
          id: demographics.id,
          fname: demographics.fname,
          lname: demographics.lname,
          nickname: demographics.nickname,
        })
        .from(demographics)
        .where(inArray(demographics.id, scholarIds))
    ).map((s) => [s.id, s]),
  );
  const people = new Map(
    userIds.length
      ? (
          await tx
            .select({ id: users.id, fname: users.fname, lname: users.lname, nickname: users.nickname })
            .from(users)
            .where(inArray(users.id, userIds))
        ).map((u) => [u.id, u])
      : [],
  );
  return rows.map((r) => ({
    id: r.id,
    request_id: r.request_id,
    scholar_id: r.scholar_id,
    scholar_name: fullName(scholars.get(r.scholar_id)) ?? '',
    plan: r.plan,
    detail: r.detail,
    pick_up_id: r.pick_up_id,
    pick_up_name: r.pick_up_name,
    starts_on: r.starts_on,
    ends_on: r.ends_on,
    weekday: r.weekday,
    note: r.note,
    status: r.status,
    requested_by_name: r.requested_by ? fullName(people.get(r.requested_by)) : null,
    requested_at: iso(r.created_at),
    decided_at: r.decided_at ? iso(r.decided_at) : null,
    decided_by_name: r.decided_by ? fullName(people.get(r.decided_by)) : null,
    auto_confirmed: r.auto_confirmed,
    decision_note: r.decision_note,
    withdrawn_at: r.withdrawn_at ? iso(r.withdrawn_at) : null,
    updated_at: iso(r.updated_at),
  }));
}

/**
 * The adult who picks `scholarId` up, named by a pick-up row (of this child or a sibling): this child's own active,
 * authorized row for the same person (the same guardian account, or the same name), valid on the change's first and
 * last day. Custody wins: when the child has a refusal (not_authorized) for that person, the change is refused
 * whatever else the list says. A change never adds anyone to the list; anyone else is 422 on pick_up_id.
 */
export async function pickUpFor(
  tx: Pick<Tx, 'select'>,
  pickUpId: string,
  scholarId: string,
  days: { from: string; to: string },
): Promise<{ id: string; full_name: string }> {
  const notListed = invalid('pick_up_id', 'Choose one of the adults on the child’s pick-up list.');
  const [named] = await tx.select().from(authorizedPickUps).where(eq(authorizedPickUps.id, pickUpId)).limit(1);
  if (!named) throw notListed;
  const samePerson = named.guardian_id
    ? or(
        eq(authorizedPickUps.guardian_id, named.guardian_id),
        sql`lower(${authorizedPickUps.full_name}) = lower(${named.full_name})`,
      )
    : sql`lower(${authorizedPickUps.full_name}) = lower(${named.full_name})`;
  const rows = await tx
    .select()
    .from(authorizedPickUps)
    .where(and(eq(authorizedPickUps.scholar_id, scholarId), eq(authorizedPickUps.active, true), samePerson))
    .orderBy(sql`${authorizedPickUps.id} = ${pickUpId} desc`);
  if (rows.some((r) => r.status === 'not_authorized')) {
    throw invalid('pick_up_id', 'This adult may not pick the child up: please call the office.');
  }
  const validOn = (r: (typeof rows)[number], day: string) =>
    (!r.valid_from || r.valid_from <= day) && (!r.valid_until || r.valid_until >= day);
  const own = rows.find((r) => r.status === 'authorized' && validOn(r, days.from) && validOn(r, days.to));
  if (!own) throw notListed;
  return { id: own.id, full_name: own.full_name };
}

/** Writes the notice of the office's (or the setting's) answer, for every guardian of the child, in the same transaction. */
export async function noticeDecision(
  tx: Tx,
  request: FastifyRequest,
  row: Pick<Row, 'id' | 'scholar_id' | 'plan' | 'detail' | 'pick_up_name' | 'starts_on' | 'ends_on' | 'weekday'>,
  decision: { confirmed: boolean; note: string | null; at: string },
): Promise<number> {
  return enqueueNotices(tx, { request }, [
    {
      facts: {
        kind: decision.confirmed ? 'dismissal_change_confirmed' : 'dismissal_change_declined',
        from: row.starts_on,
        to: row.ends_on,
        weekday: row.weekday,
        plan: row.plan,
        detail: row.detail,
        adult: row.pick_up_name,
        note: decision.note,
      },
      sourceId: row.id,
      scholarId: row.scholar_id,
      occurredAt: decision.at,
    },
  ]);
}
