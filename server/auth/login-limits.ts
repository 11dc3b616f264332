/**
 * Login limits that hold across server instances (DESIGN section 7). Failed sign-ins are counted in
 * the database (`login_throttles`), on the database's clock, so every instance behind a load balancer sees the same
 * counts and the same time:
 *
 * - Per account, across addresses: after `accountFreeFailures` failures in a row, each next attempt must wait
 *   2^(failures - accountFreeFailures + 1) seconds after the last failure (2 s, 4 s, 8 s, ...), at most
 *   MAX_ACCOUNT_DELAY_SECONDS. While the account waits, even the right password is refused (else guessing would go on
 *   at full speed and only the answers would be held back). A success resets the count; a day without failures
 *   forgets it. The key is the email as typed (in lower case), so an unknown account is limited like a known one and
 *   the answers do not tell them apart.
 * - Per address, across accounts: `addressFailures` failures in ADDRESS_WINDOW_SECONDS refuse every sign-in from that
 *   address until the window ends (a success does not reset it). IPv6 addresses count by their /64, which one
 *   machine usually holds whole.
 *
 * An attempt is counted as a failure before its password is checked, in the same atomic statement that finds it may
 * go ahead, and taken back if it succeeds: a hundred attempts sent at once meet the same limit as a hundred in a row.
 * Refused attempts answer 429 with Retry-After and are not counted. Google sign-in checks the address only: a
 * Google token cannot be guessed, and letting it through spares the account's owner a lock-out that someone guessing
 * the password caused.
 */

import { isIPv4 } from 'node:net';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { loginThrottles } from '../db/schema';

export const ADDRESS_WINDOW_SECONDS = 15 * 60;
export const MAX_ACCOUNT_DELAY_SECONDS = 15 * 60;
/** A day without failures forgets an account's count, and its row. */
const FORGET_SECONDS = 24 * 60 * 60;

export interface LoginLimitSettings {
  /** Failures in a row an account may have before each next attempt must wait. */
  accountFreeFailures: number;
  /** Failures one address may have in ADDRESS_WINDOW_SECONDS. */
  addressFailures: number;
}

export interface LoginAttempt {
  /** The account tried, when the sign-in names one (a password); null for a Google token. */
  email: string | null;
  ip: string;
}

export const accountKey = (email: string) => `account:${email.trim().toLowerCase()}`;
export const addressKey = (ip: string) => `address:${addressBlock(ip)}`;

/** The address as counted: IPv4 as it is (also when IPv4-mapped), IPv6 as its /64. */
export function addressBlock(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIPv4(ip) || !ip.includes(':')) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('%')[0]?.split('::') ?? [];
  const left = head ? head.split(':') : [];
  const right = ip.includes('::') && tail ? tail.split(':') : [];
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g || '0', 16).toString(16))
    .join(':')}::/64`;
}

/** Seconds to wait after the last failure, for an account with this many failures in a row (0: none). */
export function accountDelaySeconds(failures: number, settings: LoginLimitSettings): number {
  if (failures < settings.accountFreeFailures) return 0;
  return Math.min(2 ** (failures - settings.accountFreeFailures + 1), MAX_ACCOUNT_DELAY_SECONDS);
}

function keysOf(attempt: LoginAttempt): string[] {
  return attempt.email === null ? [addressKey(attempt.ip)] : [addressKey(attempt.ip), accountKey(attempt.email)];
}

/** Seconds the attempt must wait before the server will check it, or 0 when it may go ahead. */
export async function loginWaitSeconds(db: Db, attempt: LoginAttempt, settings: LoginLimitSettings): Promise<number> {
  const rows = await db
    .select({
      key: loginThrottles.key,
      failures: loginThrottles.failures,
      sinceLastFailure: sql<number>`extract(epoch from now() - ${loginThrottles.last_failure_at})::float8`,
      sinceWindowStart: sql<number>`extract(epoch from now() - ${loginThrottles.window_started_at})::float8`,
    })
    .from(loginThrottles)
    .where(inArray(loginThrottles.key, keysOf(attempt)));
  let wait = 0;
  for (const row of rows) {
    if (row.key.startsWith('address:')) {
      if (row.failures >= settings.addressFailures) {
        wait = Math.max(wait, ADDRESS_WINDOW_SECONDS - row.sinceWindowStart);
      }
    } else if (row.sinceLastFailure < FORGET_SECONDS) {
      wait = Math.max(wait, accountDelaySeconds(row.failures, settings) - row.sinceLastFailure);
    }
  }
  return wait > 0 ? Math.ceil(wait) : 0;
}

const t = sql.raw('login_throttles');
const addressWindow = sql.raw(`interval '${ADDRESS_WINDOW_SECONDS} seconds'`);
const forgetAfter = sql.raw(`interval '${FORGET_SECONDS} seconds'`);

/**
 * Counts one attempt against the address, in one atomic upsert, unless the address is over its limit; true when
 * counted. The window starts again once it is over.
 */
async function claimAddress(db: Db, ip: string, settings: LoginLimitSettings): Promise<boolean> {
  const rows = await db.execute(sql`
    insert into ${loginThrottles} (key, failures, window_started_at, last_failure_at)
    values (${addressKey(ip)}, 1, now(), now())
    on conflict (key) do update set
      failures = case when ${t}.window_started_at <= now() - ${addressWindow} then 1 else ${t}.failures + 1 end,
      window_started_at = case when ${t}.window_started_at <= now() - ${addressWindow}
        then now() else ${t}.window_started_at end,
      last_failure_at = now()
    where not (${t}.failures >= ${settings.addressFailures}::int and ${t}.window_started_at > now() - ${addressWindow})
    returning key`);
  return rowCount(rows) > 0;
}

/**
 * Counts one attempt against the account, atomically, unless the account must still wait; true when counted. The
 * count starts again after a day without failures. The wait is the one accountDelaySeconds describes.
 */
async function claimAccount(db: Db, email: string, settings: LoginLimitSettings): Promise<boolean> {
  const free = sql`${settings.accountFreeFailures}::int`;
  const rows = await db.execute(sql`
    insert into ${loginThrottles} (key, failures, window_started_at, last_failure_at)
    values (${accountKey(email)}, 1, now(), now())
    on conflict (key) do update set
      failures = case when ${t}.last_failure_at <= now() - ${forgetAfter} then 1 else ${t}.failures + 1 end,
      window_started_at = case when ${t}.last_failure_at <= now() - ${forgetAfter}
        then now() else ${t}.window_started_at end,
      last_failure_at = now()
    where not (
      ${t}.failures >= ${free}
      and ${t}.last_failure_at > now() - ${forgetAfter}
      and now() < ${t}.last_failure_at + make_interval(secs => least(
        power(2, least(${t}.failures - ${free} + 1, 20)), ${MAX_ACCOUNT_DELAY_SECONDS}::int)))
    returning key`);
  return rowCount(rows) > 0;
}

/** Takes back one attempt counted against the address (it succeeded, or was not checked after all). */
async function unclaimAddress(db: Db, ip: string): Promise<void> {
  await db.execute(
    sql`update ${loginThrottles} set failures = greatest(failures - 1, 0) where key = ${addressKey(ip)}`,
  );
}

/** Rows of `db.execute`, whichever driver answered (node-postgres and PGlite both answer `{ rows }`). */
function rowCount(result: unknown): number {
  return (result as { rows?: unknown[] }).rows?.length ?? 0;
}

/**
 * Starts a sign-in attempt: counts it as a failure of its address and its account before the password is checked, so
 * that attempts sent in parallel cannot all pass through one opening, and answers 0; or, when the address or the
 * account must wait, counts nothing and answers the seconds to wait. End every started attempt with endLoginAttempt.
 */
export async function beginLoginAttempt(db: Db, attempt: LoginAttempt, settings: LoginLimitSettings): Promise<number> {
  const refused = async () => Math.max(1, await loginWaitSeconds(db, attempt, settings));
  if (!(await claimAddress(db, attempt.ip, settings))) return refused();
  if (attempt.email !== null && !(await claimAccount(db, attempt.email, settings))) {
    await unclaimAddress(db, attempt.ip);
    return refused();
  }
  return 0;
}

/**
 * Ends a started attempt. A success takes its count back from the address and clears the account's count (never the
 * address's: one good account must not unlock an address for guessing at others). A failure stays counted; rows with
 * nothing left to count (no failure for a day) go, so guessed emails do not pile up.
 */
export async function endLoginAttempt(
  db: Db,
  attempt: LoginAttempt,
  outcome: { ok: true; email: string } | { ok: false },
): Promise<void> {
  if (outcome.ok) {
    await unclaimAddress(db, attempt.ip);
    await db.execute(sql`delete from ${loginThrottles} where key = ${accountKey(outcome.email)}`);
    if (attempt.email !== null && accountKey(attempt.email) !== accountKey(outcome.email)) {
      await db.execute(sql`delete from ${loginThrottles} where key = ${accountKey(attempt.email)}`);
    }
    return;
  }
  await db.execute(sql`delete from ${loginThrottles} where last_failure_at < now() - ${forgetAfter}`);
}
