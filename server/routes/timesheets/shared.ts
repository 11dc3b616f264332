/**
 * What the timesheet routes share: the person lock that makes the overlap and approval checks safe when two
 * writes for one person arrive at once, names as lists and messages give them, times in the school's zone for
 * messages, and the pay periods with their states (open when no row says otherwise).
 */
import { timingSafeEqual } from 'node:crypto';
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import {
  type PayPeriod,
  type PayPeriodSettings,
  type PeriodState,
  payPeriodsBetween,
  type TimesheetPeriod,
} from '../../../src/contract';
import type { Tx } from '../../db/client';
import { timesheetPeriods, users } from '../../db/schema';
import { AppError, invalid } from '../../lib/errors';
import { iso } from '../../lib/resource';
import { schoolDay } from '../../lib/school-day';

export { personName } from '../timesheet_schedules/shared';

type UserRow = typeof users.$inferSelect;
type PeriodRow = typeof timesheetPeriods.$inferSelect;
export type Person = Pick<UserRow, 'id' | 'fname' | 'lname' | 'nickname' | 'type' | 'active' | 'badge_code'>;

/** A person's name as lists and CSV give it: "Last, First" (the preferred first name). */
export const userName = (u: { fname: string; lname: string; nickname: string | null }) =>
  `${u.lname}, ${u.nickname || u.fname}`;

const personColumns = {
  id: users.id,
  fname: users.fname,
  lname: users.lname,
  nickname: users.nickname,
  type: users.type,
  active: users.active,
  badge_code: users.badge_code,
};

/**
 * Locks one person's row until the transaction ends (SELECT … FOR UPDATE), so that writes of their records and
 * changes of their pay periods take turns: two clock-ins at once cannot both pass the overlap check, and an approval
 * cannot slip between a write's check and its insert. 422 on `field` when the id is not a staff member (an active
 * one, when `active` is asked for).
 */
export async function lockPerson(tx: Tx, id: string, field: string, opts: { active?: boolean } = {}): Promise<Person> {
  const [row] = await tx
    .select(personColumns)
    .from(users)
    .where(and(eq(users.id, id), eq(users.type, 'staff')))
    .for('update');
  if (!row || (opts.active && !row.active)) throw invalid(field, 'Choose a staff member.');
  return row;
}

/** The active staff member whose badge this is, or null. */
export async function personByBadge(tx: Tx, code: string): Promise<Person | null> {
  const [row] = await tx
    .select(personColumns)
    .from(users)
    .where(and(eq(users.badge_code, code), eq(users.type, 'staff'), eq(users.active, true)))
    .limit(1);
  return row ?? null;
}

/** Whether a scanned badge code is this person's (compared in constant time: a badge is a key). */
export function badgeMatches(person: Pick<Person, 'badge_code'>, code: string | undefined): boolean {
  if (!code || !person.badge_code) return false;
  const a = Buffer.from(person.badge_code);
  const b = Buffer.from(code);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Names by user id ("Last, First"), one query. */
export async function userNames(tx: Pick<Tx, 'select'>, ids: readonly string[]): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await tx
    .select({ id: users.id, fname: users.fname, lname: users.lname, nickname: users.nickname })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((r) => [r.id, userName(r)]));
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/** "7:58 AM": the time of an instant on the school's clock. */
export function clockText(instant: string, timeZone: string): string {
  let f = clocks.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' });
    clocks.set(timeZone, f);
  }
  return f.format(new Date(instant));
}

/** "2026-11-02 from 7:58 AM to 3:30 PM" (the end's date too when it is another day), in the school's zone. */
export function spanText(r: { started_at: string; ended_at: string | null }, timeZone: string): string {
  const day = schoolDay(r.started_at, timeZone);
  const start = `${day} from ${clockText(r.started_at, timeZone)}`;
  if (r.ended_at === null) return start;
  const endDay = schoolDay(r.ended_at, timeZone);
  return `${start} to ${endDay === day ? '' : `${endDay} `}${clockText(r.ended_at, timeZone)}`;
}

/** "2026-11-01 to 2026-11-15". */
export const periodText = (p: { start: string; end: string }) => `${p.start} to ${p.end}`;

/** A period row as the API answers it. */
export function toPeriod(userId: string, name: string, period: PayPeriod, row: PeriodRow | undefined): TimesheetPeriod {
  return {
    user_id: userId,
    user_name: name,
    start: period.start,
    end: period.end,
    state: (row?.state ?? 'open') as PeriodState,
    submitted_at: row?.submitted_at ? iso(row.submitted_at) : null,
    submitted_by: row?.submitted_by ?? null,
    decided_at: row?.decided_at ? iso(row.decided_at) : null,
    decided_by: row?.decided_by ?? null,
    note: row?.note ?? null,
    reopen_reason: row?.reopen_reason ?? null,
  };
}

/**
 * Every pay period touching `from`–`to` for each of `people` (in their order), with its state: the stored row of that
 * person and period start, or 'open'. Two queries whatever the number of people. The summary (Grid, Cumulative) and
 * the periods route both answer through it.
 */
export async function readPeriodStates(
  tx: Pick<Tx, 'select'>,
  people: readonly { id: string; fname: string; lname: string; nickname: string | null }[],
  from: string,
  to: string,
  settings: PayPeriodSettings,
): Promise<TimesheetPeriod[]> {
  if (!people.length || to < from) return [];
  const periods = payPeriodsBetween(from, to, settings);
  const rows = await tx
    .select()
    .from(timesheetPeriods)
    .where(
      and(
        inArray(
          timesheetPeriods.user_id,
          people.map((p) => p.id),
        ),
        inArray(
          timesheetPeriods.period_start,
          periods.map((p) => p.start),
        ),
      ),
    );
  const byKey = new Map(rows.map((r) => [`${r.user_id}|${r.period_start}`, r]));
  return people.flatMap((person) =>
    periods.map((period) => toPeriod(person.id, userName(person), period, byKey.get(`${person.id}|${period.start}`))),
  );
}

/**
 * The approved periods of these people that cover any date from `from` to `to` (one query): what makes records
 * read-only. Matched by their stored dates, so a period approved under an earlier pay period rule still locks its days.
 */
export async function approvedPeriods(
  tx: Pick<Tx, 'select'>,
  userIds: readonly string[],
  from: string,
  to: string,
): Promise<PeriodRow[]> {
  if (!userIds.length) return [];
  return tx
    .select()
    .from(timesheetPeriods)
    .where(
      and(
        inArray(timesheetPeriods.user_id, [...new Set(userIds)]),
        eq(timesheetPeriods.state, 'approved'),
        lte(timesheetPeriods.period_start, to),
        gte(timesheetPeriods.period_end, from),
      ),
    )
    .orderBy(asc(timesheetPeriods.period_start));
}

/** 409 when the person's day lies in an approved pay period: its records are read-only until it is reopened. */
export async function refuseApproved(tx: Tx, userId: string, day: string): Promise<void> {
  const [approved] = await approvedPeriods(tx, [userId], day, day);
  if (approved) {
    throw new AppError(
      'conflict',
      `The pay period ${periodText({ start: approved.period_start, end: approved.period_end })} is approved, so its records are read-only. Ask the timekeeper to reopen it first.`,
    );
  }
}
