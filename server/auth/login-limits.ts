/**
 * Login limits that hold across server instances (DESIGN section 7, issue H1 item 6). Failed sign-ins are counted in
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
 * Refused attempts answer 429 with Retry-After and are not counted again. Google sign-in checks the address only: a
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
      if (row.failures >= settings.addressFailures)
        wait = Math.max(wait, ADDRESS_WINDOW_SECONDS - row.sinceWindowStart);
    } else if (row.sinceLastFailure < FORGET_SECONDS) {
      wait = Math.max(wait, accountDelaySeconds(row.failures, settings) - row.sinceLastFailure);
    }
  }
  return wait > 0 ? Math.ceil(wait) : 0;
}

/**
 * Counts a failed attempt against its address and its account, each in one atomic upsert, so two instances counting
 * at the same moment both count. An address's window starts again once it is over; an account's count once a day has
 * passed without failures.
 */
export async function recordLoginFailure(db: Db, attempt: LoginAttempt): Promise<void> {
  const t = sql.raw('login_throttles');
  const addressWindow = sql.raw(`interval '${ADDRESS_WINDOW_SECONDS} seconds'`);
  const forgetAfter = sql.raw(`interval '${FORGET_SECONDS} seconds'`);
  await db.execute(sql`
    insert into ${loginThrottles} (key, failures, window_started_at, last_failure_at)
    values (${addressKey(attempt.ip)}, 1, now(), now())
    on conflict (key) do update set
      failures = case when ${t}.window_started_at <= now() - ${addressWindow}
        then 1 else ${t}.failures + 1 end,
      window_started_at = case when ${t}.window_started_at <= now() - ${addressWindow}
        then now() else ${t}.window_started_at end,
      last_failure_at = now()`);
  if (attempt.email !== null) {
    await db.execute(sql`
      insert into ${loginThrottles} (key, failures, window_started_at, last_failure_at)
      values (${accountKey(attempt.email)}, 1, now(), now())
      on conflict (key) do update set
        failures = case when ${t}.last_failure_at <= now() - ${forgetAfter}
          then 1 else ${t}.failures + 1 end,
        window_started_at = case when ${t}.last_failure_at <= now() - ${forgetAfter}
          then now() else ${t}.window_started_at end,
        last_failure_at = now()`);
  }
  // Rows with nothing left to count (no failure for a day) go, so guessed emails do not pile up.
  await db.execute(sql`delete from ${loginThrottles} where last_failure_at < now() - ${forgetAfter}`);
}

/** A successful sign-in clears its account's count (never its address's: that would let one good account unlock it). */
export async function recordLoginSuccess(db: Db, email: string): Promise<void> {
  await db.execute(sql`delete from ${loginThrottles} where key = ${accountKey(email)}`);
}
