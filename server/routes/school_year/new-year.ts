/**
 * A new school year, planned and applied. The plan (`planYear`) reads what the change would do and refuses what it
 * cannot do; the apply (`applyYear`) does it in the caller's transaction with a fixed number of statements, whatever
 * the number of scholars:
 *
 * - every active scholar moves up a grade in one UPDATE (a CASE over the grades), the twelfth graders graduate in the
 *   same statement: they leave the rosters as a withdrawal does (`active` false, `withdrawn_on` the old year's last
 *   day, `withdrawal_reason` 'Graduated'; server/routes/demographics withdraws one scholar the same way) and their
 *   records stay. The change log's row trigger (migration 0002) fires for each row, so the stations pull the new
 *   grades and drop the graduates;
 * - homerooms are cleared in that statement when asked;
 * - the independent study agreements whose period runs past the old year's last day end on it (their `ends_on`;
 *   the versions already signed stay as they were signed);
 * - the school's year dates are set and the new year's non-work days added;
 * - each changed record has its audit event (before and after), and one event records the year itself with the
 *   request and its summary.
 *
 * That last event is also what makes the apply idempotent: its record id is the client's id, and a request with an
 * id already recorded answers the stored summary without changing anything. Applies take turns on the school's
 * settings row, so two copies of one request sent at once cannot both promote.
 */
import { and, asc, count, eq, gt, inArray, isNotNull, lte, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  fullName,
  GRADES,
  GRADUATION_REASON,
  NEXT_GRADE,
  SCHOOL_YEAR_GRADUATES_SHOWN,
  SCHOOL_YEAR_MESSAGES,
  type SchoolYearApplied,
  type SchoolYearApply,
  type SchoolYearPreview,
  type SchoolYearSummary,
  shiftDate,
  uuidv7,
} from '../../../src/contract';
import type { Db, Tx } from '../../db/client';
import {
  auditEvents,
  demographics,
  independentStudyAgreements,
  schoolNonWorkDays,
  schoolSettings,
} from '../../db/schema';
import { audit, auditMany } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import { closuresBetween } from '../../lib/school-calendar';
import { canonicalJson } from '../independent_study/agreements';

type Reader = Pick<Db | Tx, 'select'>;

/** What the audit trail calls a school year's event. */
export const SCHOOL_YEAR_AUDIT = 'school_year';

/** The last grade: its scholars graduate instead of moving up. */
const LAST_GRADE = GRADES[GRADES.length - 1] as string;

/** The school's year dates and its settings row's id (locked until the transaction ends when `lock`). */
export async function currentYear(
  db: Reader,
  lock = false,
): Promise<{ id: string; starts_on: string | null; ends_on: string | null }> {
  const query = db
    .select({ id: schoolSettings.id, starts_on: schoolSettings.year_starts_on, ends_on: schoolSettings.year_ends_on })
    .from(schoolSettings)
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('school settings');
  return row;
}

/**
 * The old year's last day: its stored end, or today when none is stored, and never on or after the new year's first
 * day (graduates have left and agreements have ended before it starts).
 */
export function closingDay(currentEnd: string | null, today: string, newStart: string): string {
  const day = currentEnd ?? today;
  return day < newStart ? day : shiftDate(newStart, -1);
}

/** Active scholars in a grade of the contract: the ones a new year moves (a grade outside it is left alone). */
const movable = () => and(eq(demographics.active, true), inArray(demographics.grade, [...GRADES])) as SQL;

/** Agreements still running after `closesOn` that began by then: the old year's open agreements. */
const openAgreements = (closesOn: string) =>
  and(lte(independentStudyAgreements.begins_on, closesOn), gt(independentStudyAgreements.ends_on, closesOn)) as SQL;

/**
 * What the new year would do, or 422 naming each field it cannot take: a year that does not start after the current
 * one's first day, a non-work day over one already on the calendar. Reads only (a fixed number of queries).
 */
export async function planYear(db: Reader, input: SchoolYearPreview, today: string): Promise<SchoolYearSummary> {
  const current = await currentYear(db);
  const errors: Record<string, string[]> = {};
  if (current.starts_on && input.starts_on <= current.starts_on) {
    errors.starts_on = [SCHOOL_YEAR_MESSAGES.startsAfterCurrent];
  }
  if (input.non_work_days.length) {
    const stored = await closuresBetween(db, input.starts_on, input.ends_on);
    input.non_work_days.forEach((day, i) => {
      if (stored.some((c) => c.starts_on <= day.ends_on && c.ends_on >= day.starts_on)) {
        errors[`non_work_days.${i}.starts_on`] = [SCHOOL_YEAR_MESSAGES.overlapsStored];
      }
    });
  }
  const fields = Object.keys(errors);
  if (fields.length) {
    throw new AppError('validation', errors[fields[0] as string]?.[0] as string, { errors });
  }

  const closesOn = closingDay(current.ends_on, today, input.starts_on);
  const clear = input.homerooms === 'clear';
  const [byGrade, graduates, [agreements], [homerooms]] = await Promise.all([
    db
      .select({ grade: demographics.grade, n: count() })
      .from(demographics)
      .where(movable())
      .groupBy(demographics.grade),
    db
      .select({
        id: demographics.id,
        fname: demographics.fname,
        lname: demographics.lname,
        student_number: demographics.student_number,
      })
      .from(demographics)
      .where(and(eq(demographics.active, true), eq(demographics.grade, LAST_GRADE)))
      .orderBy(asc(demographics.lname), asc(demographics.fname), asc(demographics.id))
      .limit(SCHOOL_YEAR_GRADUATES_SHOWN),
    db.select({ n: count() }).from(independentStudyAgreements).where(openAgreements(closesOn)),
    clear
      ? db
          .select({ n: count() })
          .from(demographics)
          .where(and(movable(), sql`${demographics.grade} <> ${LAST_GRADE}`, isNotNull(demographics.homeroom)))
      : Promise.resolve([{ n: 0 }]),
  ]);
  const counts = new Map(byGrade.map((r) => [r.grade, r.n]));
  return {
    starts_on: input.starts_on,
    ends_on: input.ends_on,
    promote: GRADES.flatMap((from) => {
      const to = NEXT_GRADE[from];
      const n = counts.get(from) ?? 0;
      return to && n ? [{ from, to, count: n }] : [];
    }),
    graduate: counts.get(LAST_GRADE) ?? 0,
    graduates: graduates.map((g) => ({ id: g.id, name: fullName(g), student_number: g.student_number })),
    closes_on: closesOn,
    agreements_ending: agreements?.n ?? 0,
    non_work_days: input.non_work_days.length,
    homerooms_cleared: homerooms?.n ?? 0,
    current: { starts_on: current.starts_on, ends_on: current.ends_on },
  };
}

/** The request as the year's audit event keeps it: what a replay is compared with. */
const requestOf = ({ id, ...rest }: SchoolYearApply) => rest;

/** What the year's audit event holds. */
interface YearEvent {
  request: ReturnType<typeof requestOf>;
  result: SchoolYearApplied;
}

/** The stored result of this id, when a year was started with it: the same request again, or 409 for another. */
async function replayOf(tx: Tx, input: SchoolYearApply): Promise<SchoolYearApplied | null> {
  const [row] = await tx
    .select({ changes: auditEvents.changes })
    .from(auditEvents)
    .where(and(eq(auditEvents.resource, SCHOOL_YEAR_AUDIT), eq(auditEvents.record_id, input.id)))
    .limit(1);
  if (!row) return null;
  const stored = row.changes as YearEvent;
  if (canonicalJson(stored.request) !== canonicalJson(requestOf(input))) {
    throw new AppError('conflict', SCHOOL_YEAR_MESSAGES.changed, { record: stored.result });
  }
  return stored.result;
}

/** A row the bulk update answers: each scholar's values before and after. */
interface MovedRow {
  id: string;
  grade_before: string;
  grade: string;
  homeroom_before: string | null;
  homeroom: string | null;
  withdrawn_on_before: string | null;
  withdrawn_on: string | null;
  reason_before: string | null;
  reason: string | null;
}

/** The rows of a raw statement, from either driver (node-postgres and PGlite both answer `{rows}`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Moves every active scholar up, graduates the last grade and clears homerooms when asked: one UPDATE over the rows
 * locked as they were read, answering each row's values before and after (dates as text, the same from both drivers).
 */
async function moveScholars(tx: Tx, closesOn: string, clear: boolean): Promise<MovedRow[]> {
  const next = sql.join(
    GRADES.flatMap((from) => {
      const to = NEXT_GRADE[from];
      return to ? [sql`when ${from} then ${to}`] : [];
    }),
    sql` `,
  );
  const grades = sql.join(
    GRADES.map((g) => sql`${g}`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    update demographics d set
      grade = case o.grade ${next} else o.grade end,
      active = o.grade <> ${LAST_GRADE},
      withdrawn_on = case when o.grade = ${LAST_GRADE} then ${closesOn}::date else d.withdrawn_on end,
      withdrawal_reason = case when o.grade = ${LAST_GRADE} then ${GRADUATION_REASON} else d.withdrawal_reason end,
      homeroom = case when ${clear}::boolean and o.grade <> ${LAST_GRADE} then null else d.homeroom end,
      updated_at = now()
    from (
      select id, grade, homeroom, withdrawn_on, withdrawal_reason from demographics
      where active and grade in (${grades})
      for update
    ) o
    where d.id = o.id
    returning d.id, o.grade as grade_before, d.grade, o.homeroom as homeroom_before, d.homeroom,
      o.withdrawn_on::text as withdrawn_on_before, d.withdrawn_on::text as withdrawn_on,
      o.withdrawal_reason as reason_before, d.withdrawal_reason as reason`);
  // A scholar's portal account carries their grade too (the sign-in answers it): it follows the record.
  await tx.execute(sql`
    update users u set grade = d.grade, updated_at = now()
    from demographics d
    where d.user_id = u.id and u.type = 'student' and u.grade is distinct from d.grade`);
  return rowsOf<MovedRow>(result);
}

/** A scholar's audit event: the grade before and after, and what else the new year changed of the record. */
function scholarChange(row: MovedRow) {
  const before: Record<string, unknown> = { grade: row.grade_before };
  const after: Record<string, unknown> = { grade: row.grade };
  if (row.grade_before === LAST_GRADE) {
    Object.assign(before, {
      active: true,
      withdrawn_on: row.withdrawn_on_before,
      withdrawal_reason: row.reason_before,
    });
    Object.assign(after, { active: false, withdrawn_on: row.withdrawn_on, withdrawal_reason: row.reason });
  }
  if (row.homeroom_before !== row.homeroom) {
    before.homeroom = row.homeroom_before;
    after.homeroom = row.homeroom;
  }
  return { action: 'update' as const, resource: 'demographics', recordId: row.id, changes: { before, after } };
}

/** Ends the old year's open agreements on its last day; answers each one's id and former end. */
async function endAgreements(tx: Tx, closesOn: string): Promise<{ id: string; ends_on_before: string }[]> {
  const result = await tx.execute(sql`
    update independent_study_agreements a set ends_on = ${closesOn}::date, updated_at = now()
    from (
      select id, ends_on from independent_study_agreements
      where begins_on <= ${closesOn}::date and ends_on > ${closesOn}::date
      for update
    ) o
    where a.id = o.id
    returning a.id, o.ends_on::text as ends_on_before`);
  return rowsOf(result);
}

/**
 * Starts the new year in the caller's transaction, or answers the stored result of the same request (`created`
 * false). Throws 422 as `planYear` does, 409 for an id already used with other choices.
 */
export async function applyYear(
  tx: Tx,
  request: FastifyRequest,
  input: SchoolYearApply,
  today: string,
): Promise<{ result: SchoolYearApplied; created: boolean }> {
  const settings = await currentYear(tx, true);
  const replay = await replayOf(tx, input);
  if (replay) return { result: replay, created: false };
  const plan = await planYear(tx, input, today);
  const closesOn = plan.closes_on;

  const moved = await moveScholars(tx, closesOn, input.homerooms === 'clear');
  await auditMany(tx, request, moved.map(scholarChange));

  const ended = await endAgreements(tx, closesOn);
  await auditMany(
    tx,
    request,
    ended.map((a) => ({
      action: 'update' as const,
      resource: 'independent_study',
      recordId: a.id,
      changes: { before: { ends_on: a.ends_on_before }, after: { ends_on: closesOn } },
    })),
  );

  const days = input.non_work_days.map((d) => ({ id: uuidv7(), ...d }));
  if (days.length) await tx.insert(schoolNonWorkDays).values(days);
  await auditMany(
    tx,
    request,
    days.map(({ id, ...d }) => ({
      action: 'create' as const,
      resource: 'school_non_work_days',
      recordId: id,
      changes: d,
    })),
  );

  const appliedAt = new Date().toISOString();
  await tx
    .update(schoolSettings)
    .set({ year_starts_on: input.starts_on, year_ends_on: input.ends_on, updated_at: appliedAt })
    .where(eq(schoolSettings.id, settings.id));
  await audit(tx, request, {
    action: 'update',
    resource: 'school_settings',
    recordId: settings.id,
    changes: {
      year_starts_on: { before: settings.starts_on, after: input.starts_on },
      year_ends_on: { before: settings.ends_on, after: input.ends_on },
    },
  });

  // The counts of what was done (equal to the plan's, read in the same transaction under the same locks).
  const promoted = new Map<string, number>();
  for (const row of moved) {
    if (row.grade_before !== LAST_GRADE) promoted.set(row.grade_before, (promoted.get(row.grade_before) ?? 0) + 1);
  }
  const result: SchoolYearApplied = {
    ...plan,
    promote: plan.promote.map((p) => ({ ...p, count: promoted.get(p.from) ?? 0 })),
    graduate: moved.filter((r) => r.grade_before === LAST_GRADE).length,
    agreements_ending: ended.length,
    homerooms_cleared: moved.filter((r) => r.grade_before !== LAST_GRADE && r.homeroom_before !== r.homeroom).length,
    applied_at: appliedAt,
  };
  const event: YearEvent = { request: requestOf(input), result };
  await audit(tx, request, { action: 'create', resource: SCHOOL_YEAR_AUDIT, recordId: input.id, changes: event });
  return { result, created: true };
}
