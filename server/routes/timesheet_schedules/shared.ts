/**
 * What the timesheet schedule routes share: staff members' names for messages written for people, the row locks that
 * make the overlap checks safe when two timekeepers save at once, and the date-range filters.
 */
import { and, eq, gte, ilike, inArray, lte, or, type SQL } from 'drizzle-orm';
import { type AnyPgColumn, QueryBuilder } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client';
import { schoolSettings, users } from '../../db/schema';
import { invalid } from '../../lib/errors';
import { filterDate } from '../../lib/resource';

/** A person's name as messages give it: the preferred first name and the surname. */
export const personName = (u: { fname: string; lname: string; nickname: string | null }) =>
  `${u.nickname || u.fname} ${u.lname}`;

/**
 * Staff members among `ids`, each row locked until the transaction ends, so that two saves for the same person run one
 * after the other; throws 422 on `field` when an id is not a staff member.
 */
export async function lockStaff(tx: Tx, ids: readonly string[], field: string) {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const rows = await tx
    .select({ id: users.id, fname: users.fname, lname: users.lname, nickname: users.nickname })
    .from(users)
    .where(and(inArray(users.id, unique), eq(users.type, 'staff')))
    .orderBy(users.id)
    .for('update');
  if (rows.length !== unique.length) {
    throw invalid(field, unique.length === 1 ? 'Choose a staff member.' : 'Choose only staff members.');
  }
  return rows;
}

/** Locks the school's settings row: saves of school-wide schedule rows (non-work days, special hours) take turns. */
export async function lockSchool(tx: Tx): Promise<void> {
  await tx.select({ id: schoolSettings.id }).from(schoolSettings).limit(1).for('update');
}

/** `filter[from]`: rows whose range ends on or after the date. */
export const fromFilter =
  (endsOn: AnyPgColumn) =>
  (value: string): SQL =>
    gte(endsOn, filterDate('from', value));
/** `filter[to]`: rows whose range starts on or before the date. */
export const toFilter =
  (startsOn: AnyPgColumn) =>
  (value: string): SQL =>
    lte(startsOn, filterDate('to', value));

/** A search word matching a staff member's names or email, through the `user_id` column. */
export const personSearch =
  (userIdColumn: AnyPgColumn) =>
  (pattern: string): SQL =>
    inArray(
      userIdColumn,
      new QueryBuilder()
        .select({ id: users.id })
        .from(users)
        .where(
          or(
            ilike(users.fname, pattern),
            ilike(users.lname, pattern),
            ilike(users.nickname, pattern),
            ilike(users.email, pattern),
          ),
        ),
    );

/** "2026-12-01" or "2026-12-01 to 2026-12-03". */
export const dateRange = (r: { starts_on: string; ends_on: string }) =>
  r.starts_on === r.ends_on ? r.starts_on : `${r.starts_on} to ${r.ends_on}`;
