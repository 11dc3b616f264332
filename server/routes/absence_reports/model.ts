/**
 * The absence reports' rules apart from the routes: the record as the API answers it (with the names it shows), the
 * id of each child's record of a report, and when a report's day has started (the school's start time, school time
 * zone), after which a guardian no longer changes it and a new one is marked late.
 */
import { createHash } from 'node:crypto';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { AbsenceReport } from '../../../src/contract';
import type { Tx } from '../../db/client';
import { type absenceReports, authorizedPickUps, demographics, users } from '../../db/schema';
import { invalid } from '../../lib/errors';
import { zonedInstant } from '../../lib/expected-hours';
import { iso } from '../../lib/resource';

export type Row = typeof absenceReports.$inferSelect;

/**
 * The id of one child's record of a report: derived from the report's id and the child's, so the same report sent
 * again names the same records (idempotent), as a UUID of version 8 (RFC 9562 section 5.8: an id of one's own making).
 */
export function childRecordId(reportId: string, scholarId: string): string {
  const hex = createHash('sha256').update(`${reportId}:${scholarId}`).digest('hex').slice(0, 32).split('');
  hex[12] = '8';
  hex[16] = ((Number.parseInt(hex[16] as string, 16) & 0x3) | 0x8).toString(16);
  const h = hex.join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
}

/** The instant a school day starts: its date at the school's start time in the school's time zone. */
export const dayStart = (day: string, startTime: string, timeZone: string): number =>
  zonedInstant(day, startTime, timeZone);

/** Whether the day `day` has started at `now`. */
export const hasStarted = (day: string, now: Date, startTime: string, timeZone: string): boolean =>
  now.getTime() >= dayStart(day, startTime, timeZone);

const fullName = (p: { fname: string; lname: string; nickname: string | null } | undefined) =>
  p ? `${p.nickname ?? p.fname} ${p.lname}` : null;

/** Stored rows as records, with the scholar's, reporter's and acknowledger's names (three queries for any number). */
export async function toReports(tx: Pick<Tx, 'select'>, rows: Row[]): Promise<AbsenceReport[]> {
  if (!rows.length) return [];
  const scholarIds = [...new Set(rows.map((r) => r.scholar_id))];
  const userIds = [
    ...new Set(rows.flatMap((r) => [r.reported_by, r.acknowledged_by]).filter((id): id is string => !!id)),
  ];
  const names = { fname: demographics.fname, lname: demographics.lname, nickname: demographics.nickname };
  const scholars = new Map(
    (
      await tx
        .select({ id: demographics.id, ...names })
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
    report_id: r.report_id,
    scholar_id: r.scholar_id,
    scholar_name: fullName(scholars.get(r.scholar_id)) ?? '',
    kind: r.kind,
    starts_on: r.starts_on,
    ends_on: r.ends_on,
    at_time: r.at_time,
    pick_up_id: r.pick_up_id,
    pick_up_name: r.pick_up_name,
    reason: r.reason,
    note: r.note,
    reported_by: r.reported_by,
    reported_by_name: r.reported_by ? fullName(people.get(r.reported_by)) : null,
    reported_at: iso(r.created_at),
    late: r.late,
    withdrawn_at: r.withdrawn_at ? iso(r.withdrawn_at) : null,
    acknowledged_at: r.acknowledged_at ? iso(r.acknowledged_at) : null,
    acknowledged_by_name: r.acknowledged_by ? fullName(people.get(r.acknowledged_by)) : null,
    updated_at: iso(r.updated_at),
  }));
}

/**
 * The adult who picks `scholarId` up, named by a pick-up row (of this child or a sibling): this child's own active,
 * authorized row for the same person (the same guardian, or the same name), valid on `day`; else 422 on pick_up_id.
 * A report never adds an adult to the list.
 */
export async function pickUpFor(
  tx: Pick<Tx, 'select'>,
  pickUpId: string,
  scholarId: string,
  day: string,
): Promise<{ id: string; full_name: string }> {
  const [named] = await tx.select().from(authorizedPickUps).where(eq(authorizedPickUps.id, pickUpId)).limit(1);
  const notListed = invalid('pick_up_id', 'Choose one of the adults on the child’s pick-up list.');
  if (!named) throw notListed;
  const same = named.guardian_id
    ? or(
        eq(authorizedPickUps.guardian_id, named.guardian_id),
        sql`lower(${authorizedPickUps.full_name}) = lower(${named.full_name})`,
      )
    : sql`lower(${authorizedPickUps.full_name}) = lower(${named.full_name})`;
  const [own] = await tx
    .select({ id: authorizedPickUps.id, full_name: authorizedPickUps.full_name })
    .from(authorizedPickUps)
    .where(
      and(
        eq(authorizedPickUps.scholar_id, scholarId),
        eq(authorizedPickUps.active, true),
        eq(authorizedPickUps.status, 'authorized'),
        sql`(${authorizedPickUps.valid_from} is null or ${authorizedPickUps.valid_from} <= ${day})`,
        sql`(${authorizedPickUps.valid_until} is null or ${authorizedPickUps.valid_until} >= ${day})`,
        same,
      ),
    )
    .orderBy(sql`${authorizedPickUps.id} = ${pickUpId} desc`)
    .limit(1);
  if (!own) throw notListed;
  return own;
}
