/**
 * Sends the notices outbox (DESIGN section 12): claims due notices, decides each one's channels from the person's
 * choices, holds it through quiet hours, pushes it to every subscribed device (web-push makes the VAPID header and
 * the aes128gcm body; the request goes out here, so a redirect is never followed and the answer's Retry-After is
 * read), and mails it when the person has no device, chooses email, or every push failed for good.
 *
 * Guarantees:
 * - One sender per notice: a claim is `UPDATE ... WHERE id IN (SELECT ... FOR UPDATE SKIP LOCKED)` that sets
 *   `claimed_until`, the same statement on PGlite and PostgreSQL, so instances never claim one row twice; every later
 *   write of the row is made only by the claim's holder.
 * - Nothing is lost by a stop: a claim expires after CLAIM_MS (far longer than a send may take, see the timeouts),
 *   and any instance then claims the notice again.
 * - Retries: a push answered 429 or 5xx, or not answered, is retried after its Retry-After or the backoff, whichever
 *   is later, up to MAX_ATTEMPTS; a device already reached is not sent to again. 404 and 410 say the subscription is
 *   gone: it is removed. A mail server that fails is retried the same way.
 *
 * `now` is the caller's (the worker's clock, or a test's), never the database's, so a test drives time.
 */
import { and, asc, eq, inArray, isNull, lt, lte, or } from 'drizzle-orm';
import {
  defaultNoticeChannels,
  EMAIL_ONLY_KINDS,
  NOTICE_LOG_DAYS,
  type NoticeChannels,
  type NoticeLogKind,
  type NoticePayload,
  QUIET_HOURS_EXEMPT,
} from '../../../src/contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import {
  noticeEvents,
  noticePreferences,
  noticeRuns,
  notices,
  pushSubscriptions,
  schoolSettings,
  users,
} from '../../db/schema';
import type { SendMail } from '../mail/mailer';
import { quietHoursEnd, wallClock } from './clock';
import { isAllowedPushEndpoint } from './endpoints';
import { expandNoticeEvents } from './enqueue';
import { textsFor } from './texts';
import { loadWebPush, type VapidKeys } from './vapid';

/** How long a claim holds: a push waits PUSH_TIMEOUT_MS per device, a mail at most about 40 s (mailer.ts). */
export const CLAIM_MS = 120_000;
export const PUSH_TIMEOUT_MS = 10_000;
/** Attempts before a notice's push (or mail) is given up: with the backoff below, about 20 minutes in all. */
export const MAX_ATTEMPTS = 8;
/** The first retry's wait, doubled each time up to BACKOFF_CAP_MS. */
export const BACKOFF_BASE_MS = 5_000;
export const BACKOFF_CAP_MS = 15 * 60_000;
/** How long a push service keeps a notice for a device that is offline (seconds; RFC 8030 TTL): a school day. */
export const PUSH_TTL_SECONDS = 12 * 3600;
/** How many notices one claim takes, and how many are sent at once. */
const CLAIM_BATCH = 50;
const CONCURRENCY = 8;

type NoticeRow = typeof notices.$inferSelect;
type SubscriptionRow = typeof pushSubscriptions.$inferSelect;

export interface DeliveryDeps {
  db: Db;
  config: Pick<Config, 'PUSH_ENABLED' | 'PUSH_ENDPOINT_HOSTS' | 'VAPID_SUBJECT' | 'PUBLIC_URL'>;
  school: { readonly name: string; readonly timeZone: string };
  sendMail: SendMail | null;
  vapid(): Promise<VapidKeys>;
  /** This instance's name in `claimed_by`. */
  instanceId: string;
  fetch?: typeof fetch;
}

export interface DrainResult {
  claimed: number;
  sent: number;
  failed: number;
  retried: number;
  held: number;
  skipped: number;
}

/** The wait before attempt `attempts + 1`. */
export const backoffMs = (attempts: number) =>
  Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));

/** A Retry-After header (seconds, or an HTTP date) as milliseconds from `now`; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: Date): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now.getTime());
}

/** Claims up to `limit` due notices for this instance. */
export async function claimDue(db: Db, instanceId: string, now: Date, limit = CLAIM_BATCH): Promise<NoticeRow[]> {
  const at = now.toISOString();
  const due = db
    .select({ id: notices.id })
    .from(notices)
    .where(
      and(
        eq(notices.status, 'pending'),
        lte(notices.next_attempt_at, at),
        or(isNull(notices.claimed_until), lt(notices.claimed_until, at)),
      ),
    )
    .orderBy(asc(notices.next_attempt_at))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(notices)
    .set({ claimed_by: instanceId, claimed_until: new Date(now.getTime() + CLAIM_MS).toISOString() })
    .where(inArray(notices.id, due))
    .returning();
}

type PushOutcome =
  | { result: 'reached' }
  | { result: 'gone'; status: number }
  | { result: 'retry'; status: number | null; afterMs: number | null; detail: string }
  | { result: 'refused'; status: number | null; detail: string };

/**
 * The VAPID Authorization header by push service origin (RFC 8292 section 2: one JWT may serve many requests until
 * its `exp`), made again an hour before it expires: signing an ES256 JWT per push would be CPU spent at a rush.
 */
const vapidHeaders = new Map<string, { header: string; until: number }>();
const VAPID_JWT_SECONDS = 12 * 3600;

async function vapidHeader(deps: DeliveryDeps, audience: string): Promise<string> {
  const keys = await deps.vapid();
  const cacheKey = `${audience} ${keys.publicKey} ${deps.config.VAPID_SUBJECT}`;
  const cached = vapidHeaders.get(cacheKey);
  if (cached && cached.until > Date.now()) return cached.header;
  const webpush = await loadWebPush();
  const expiration = Math.floor(Date.now() / 1000) + VAPID_JWT_SECONDS;
  const { Authorization } = webpush.getVapidHeaders(
    audience,
    deps.config.VAPID_SUBJECT,
    keys.publicKey,
    keys.privateKey,
    'aes128gcm',
    expiration,
  );
  vapidHeaders.set(cacheKey, { header: Authorization, until: (expiration - 3600) * 1000 });
  return Authorization;
}

/** One Web Push request to one device. */
async function pushTo(
  deps: DeliveryDeps,
  sub: SubscriptionRow,
  payload: NoticePayload,
  urgent: boolean,
  now: Date,
): Promise<PushOutcome> {
  if (!isAllowedPushEndpoint(sub.endpoint, deps.config.PUSH_ENDPOINT_HOSTS)) {
    return { result: 'refused', status: null, detail: 'the endpoint is not a known push service' };
  }
  const webpush = await loadWebPush();
  const authorization = await vapidHeader(deps, new URL(sub.endpoint).origin);
  const details = webpush.generateRequestDetails(
    { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
    JSON.stringify(payload),
    {
      headers: { Authorization: authorization },
      TTL: PUSH_TTL_SECONDS,
      urgency: urgent ? 'high' : 'normal',
      contentEncoding: 'aes128gcm',
    },
  );
  const headers = Object.fromEntries(
    Object.entries(details.headers).filter(([name]) => name.toLowerCase() !== 'content-length'),
  ) as Record<string, string>;
  let res: Response;
  try {
    res = await (deps.fetch ?? fetch)(details.endpoint, {
      method: details.method,
      headers,
      body: details.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
    });
  } catch (err) {
    return { result: 'retry', status: null, afterMs: null, detail: `no answer (${(err as Error).name})` };
  }
  await res.arrayBuffer().catch(() => undefined);
  if (res.status >= 200 && res.status < 300) return { result: 'reached' };
  if (res.status === 404 || res.status === 410) return { result: 'gone', status: res.status };
  if (res.status === 429 || res.status >= 500) {
    return {
      result: 'retry',
      status: res.status,
      afterMs: retryAfterMs(res.headers.get('retry-after'), now),
      detail: `answered ${res.status}`,
    };
  }
  return { result: 'refused', status: res.status, detail: `answered ${res.status}` };
}

type Person = {
  email: string;
  language: string;
  active: boolean;
  kinds: Record<string, NoticeChannels> | null;
  quiet_start: string | null;
  quiet_end: string | null;
};

interface Context {
  offered: Set<string>;
  now: Date;
  /** The people of a claim's notices and their subscriptions, read once per claim. */
  people: Map<string, Person>;
  subscriptions: Map<string, SubscriptionRow[]>;
}

/** The people and subscriptions of claimed notices: two queries for the whole claim. */
async function readRecipients(db: Db, rows: NoticeRow[]) {
  const ids = [...new Set(rows.flatMap((r) => (r.user_id ? [r.user_id] : [])))];
  const people = new Map<string, Person>();
  const subscriptions = new Map<string, SubscriptionRow[]>();
  if (!ids.length) return { people, subscriptions };
  const [found, subs] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        language: users.language,
        active: users.active,
        kinds: noticePreferences.kinds,
        quiet_start: noticePreferences.quiet_start,
        quiet_end: noticePreferences.quiet_end,
      })
      .from(users)
      .leftJoin(noticePreferences, eq(noticePreferences.user_id, users.id))
      .where(inArray(users.id, ids)),
    db.select().from(pushSubscriptions).where(inArray(pushSubscriptions.user_id, ids)),
  ]);
  for (const { id, ...person } of found) people.set(id, person);
  for (const sub of subs) subscriptions.set(sub.user_id, [...(subscriptions.get(sub.user_id) ?? []), sub]);
  return { people, subscriptions };
}

/** The time of day an instant is on the school's clock, as the person's language writes it. */
const clockText = (deps: DeliveryDeps, language: string, at: Date) => {
  const { hour, minute } = wallClock(at, deps.school.timeZone);
  return textsFor(language).time(hour, minute);
};

/** Sends (or holds, retries, skips) one claimed notice; answers what became of it. */
async function deliverOne(
  deps: DeliveryDeps,
  row: NoticeRow,
  ctx: Context,
): Promise<'sent' | 'failed' | 'retried' | 'held' | 'skipped'> {
  const { db, instanceId } = deps;
  const { now } = ctx;
  const mine = and(eq(notices.id, row.id), eq(notices.claimed_by, instanceId));
  const release = { claimed_by: null, claimed_until: null };
  const finish = async (
    status: 'sent' | 'failed' | 'skipped',
    fields: Partial<typeof notices.$inferInsert> = {},
  ): Promise<'sent' | 'failed' | 'skipped'> => {
    await db
      .update(notices)
      .set({ status, ...release, ...(status === 'sent' ? { sent_at: now.toISOString() } : {}), ...fields })
      .where(mine);
    return status;
  };
  const kind = row.kind as NoticeLogKind;
  const person = row.user_id ? ctx.people.get(row.user_id) : undefined;
  if (!person?.active) return finish('skipped', { reason: 'The account is no longer active.' });
  if (kind !== 'test' && !ctx.offered.has(kind)) {
    return finish('skipped', { reason: 'The school no longer sends this kind of notice.' });
  }
  const stored = kind === 'test' ? { push: true, email: false } : (person.kinds?.[kind] ?? defaultNoticeChannels(kind));
  // A kind sent by email only (the work summary) never goes by push, whatever is stored.
  const chosen: NoticeChannels = (EMAIL_ONLY_KINDS as readonly string[]).includes(kind)
    ? { push: false, email: stored.email }
    : stored;
  if (!chosen.push && !chosen.email) return finish('skipped', { reason: 'Turned off in their notice settings.' });

  const quiet = person.quiet_start && person.quiet_end ? { start: person.quiet_start, end: person.quiet_end } : null;
  const exempt = kind === 'test' || (QUIET_HOURS_EXEMPT as readonly string[]).includes(kind);
  const holdUntil = exempt ? null : quietHoursEnd(now, quiet, deps.school.timeZone);
  if (holdUntil) {
    await db
      .update(notices)
      .set({
        ...release,
        next_attempt_at: holdUntil.toISOString(),
        reason: `Held for quiet hours until ${clockText(deps, 'en', holdUntil)}.`,
      })
      .where(mine);
    return 'held';
  }

  const attempts = row.attempts + 1;
  const done = new Set(row.push_done);
  let reached = row.devices_reached;
  const problems: string[] = [];
  let retryAt: number | null = null;
  if (chosen.push && deps.config.PUSH_ENABLED) {
    const subs = (ctx.subscriptions.get(row.user_id as string) ?? []).filter((sub) => !done.has(sub.id));
    const { mail: _mail, ...shown } = row.message;
    const payload: NoticePayload = {
      notice_id: row.id,
      kind,
      ...shown,
      scholar_id: row.scholar_id,
      occurred_at: new Date(row.occurred_at).toISOString(),
    };
    for (const sub of subs) {
      const outcome = await pushTo(deps, sub, payload, kind === 'sign_out', now);
      if (outcome.result === 'reached') {
        reached++;
        done.add(sub.id);
      } else if (outcome.result === 'gone') {
        // The browser unsubscribed or the subscription expired (RFC 8030 section 7.3): it will never work again.
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
        ctx.subscriptions.set(
          row.user_id as string,
          (ctx.subscriptions.get(row.user_id as string) ?? []).filter((other) => other.id !== sub.id),
        );
        done.add(sub.id);
        problems.push(`A device's subscription is gone (${outcome.status}) and was removed.`);
      } else if (outcome.result === 'retry' && attempts < MAX_ATTEMPTS) {
        const wait = Math.max(outcome.afterMs ?? 0, backoffMs(attempts));
        retryAt = Math.max(retryAt ?? 0, now.getTime() + wait);
        problems.push(`A push service ${outcome.detail}; retrying.`);
      } else {
        done.add(sub.id);
        problems.push(`A push service ${outcome.detail}${outcome.result === 'retry' ? ', too many times' : ''}.`);
      }
    }
  }
  if (retryAt !== null) {
    await db
      .update(notices)
      .set({
        ...release,
        attempts,
        push_done: [...done],
        devices_reached: reached,
        next_attempt_at: new Date(retryAt).toISOString(),
        reason: problems.join(' '),
      })
      .where(mine);
    return 'retried';
  }

  // Email when chosen, or as the fallback when push reached no device (none subscribed, push off, all failed).
  const wantsMail = chosen.email || reached === 0;
  let mailed = false;
  if (wantsMail) {
    if (!deps.sendMail) {
      problems.push(
        // A notice not meant for push (email only, or push turned off) says nothing of devices.
        reached || !chosen.push
          ? 'No mail server is set (SMTP_URL).'
          : 'No device is subscribed and no mail server is set (SMTP_URL).',
      );
    } else {
      const t = textsFor(person.language);
      const link = deps.config.PUBLIC_URL ? `${deps.config.PUBLIC_URL}${row.message.url}` : null;
      try {
        // A summary carries its own mail (text and HTML); the others are the body and the footer.
        const own = row.message.mail;
        await deps.sendMail({
          to: person.email,
          subject: row.message.title,
          text: own?.text ?? `${row.message.body}\n\n${t.mailFooter({ school: deps.school.name, link })}\n`,
          ...(own ? { html: own.html } : {}),
          language: person.language,
        });
        mailed = true;
      } catch (err) {
        if (attempts < MAX_ATTEMPTS) {
          await db
            .update(notices)
            .set({
              ...release,
              attempts,
              push_done: [...done],
              devices_reached: reached,
              next_attempt_at: new Date(now.getTime() + backoffMs(attempts)).toISOString(),
              reason: [...problems, `The mail server failed (${(err as Error).message}); retrying.`].join(' '),
            })
            .where(mine);
          return 'retried';
        }
        problems.push(`The mail server failed (${(err as Error).message}).`);
      }
    }
  }
  const fields = {
    attempts,
    push_done: [...done],
    devices_reached: reached,
    channel: reached ? ('push' as const) : mailed ? ('email' as const) : null,
    reason: [...problems, reached && mailed ? 'Also sent by email.' : null].filter(Boolean).join(' ') || null,
  };
  return finish(reached || mailed ? 'sent' : 'failed', fields);
}

let lastCollect = 0;
const COLLECT_EVERY_MS = 3600_000;

/** Removes notices older than NOTICE_LOG_DAYS and subscriptions past their expiration time. */
export async function collectOldNotices(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - NOTICE_LOG_DAYS * 86_400_000).toISOString();
  const gone = await db.delete(notices).where(lt(notices.created_at, before)).returning({ id: notices.id });
  await db.delete(pushSubscriptions).where(lt(pushSubscriptions.expiration_time, now.toISOString()));
  // A clock job's run only keeps its own period (a day, a week) from running twice: one of the log's age is past use.
  await db.delete(noticeRuns).where(lt(noticeRuns.ran_at, before));
  return gone.length;
}

/** Sends every due notice (claim after claim until none is due); answers the counts. */
export async function drainNotices(deps: DeliveryDeps, now: Date = new Date()): Promise<DrainResult> {
  const result: DrainResult = { claimed: 0, sent: 0, failed: 0, retried: 0, held: 0, skipped: 0 };
  if (now.getTime() - lastCollect > COLLECT_EVERY_MS) {
    lastCollect = now.getTime();
    await collectOldNotices(deps.db, now);
  }
  // The events written since the last drain become their guardians' notices first, so this drain sends them.
  await expandNoticeEvents(deps.db, deps.school.timeZone);
  // A claim's rows are all due now; what they become is due later (a retry, the end of quiet hours), so this ends.
  let offered: Set<string> | null = null;
  for (let round = 0; round < 1000; round++) {
    const claimed = await claimDue(deps.db, deps.instanceId, now);
    if (!claimed.length) break;
    result.claimed += claimed.length;
    if (!offered) {
      const [settings] = await deps.db.select({ kinds: schoolSettings.notice_kinds }).from(schoolSettings).limit(1);
      offered = new Set(settings?.kinds ?? []);
    }
    const ctx: Context = { offered, now, ...(await readRecipients(deps.db, claimed)) };
    let next = 0;
    const worker = async () => {
      while (next < claimed.length) {
        const row = claimed[next++] as NoticeRow;
        result[await deliverOne(deps, row, ctx)]++;
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENCY, claimed.length) }, worker));
    // A claim that was not full took every due notice.
    if (claimed.length < CLAIM_BATCH) break;
  }
  return result;
}

/**
 * Cancels the pending notices of an undone record (a sign-out tapped in error), inside the undo's transaction; an
 * event the worker has not yet turned into notices goes, so none are made of it.
 */
export async function cancelNoticesOf(tx: Pick<Db, 'update' | 'delete'>, sourceId: string): Promise<void> {
  await tx.delete(noticeEvents).where(eq(noticeEvents.source_id, sourceId));
  // The claim goes too: a worker sending it now finds the row no longer its own and leaves it cancelled.
  await tx
    .update(notices)
    .set({
      status: 'cancelled',
      reason: 'The record was undone before the notice went.',
      claimed_by: null,
      claimed_until: null,
    })
    .where(and(eq(notices.source_id, sourceId), eq(notices.status, 'pending')));
}
