/**
 * Writes the notices' outbox inside the transaction of the event that causes them, so a notice exists exactly when
 * its event does: a rolled-back write leaves none, and a replayed event (a station pushing the same entry twice) writes
 * no second one. The event's transaction writes one small row per event (`notice_events`); the worker
 * (server/plugins/notice-worker.ts) turns each into a notice per active guardian of the scholar, in that guardian's
 * language, naming the child as the portal does (nickname, else first name), with the event's time on the school's
 * clock, and deletes the event in the same transaction (`expandNoticeEvents`); each notice's unique key holds it once
 * besides. The worker then sends them.
 *
 * Cost on the sync push's path: nothing when no entry of the batch is noticed; else one insert, whatever the batch's
 * size. Reading the guardians and writing their rows there made a station's push at a dismissal rush about a fifth
 * slower than without notices (bench/notify.mjs, DESIGN section 8).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type NoticeLogKind, uuidv7 } from '../../../src/contract';
import type { Db, Tx } from '../../db/client';
import { demographics, guardianships, noticeEvents, notices, schoolSettings, users } from '../../db/schema';
import { wallClock } from './clock';
import { type Message, textsFor } from './texts';
import type { DismissalNoticeParts } from './texts/types';

/** The facts of an event that a notice tells. */
export type NoticeFacts =
  | { kind: 'sign_out'; adult: string; override: boolean }
  | { kind: 'early_departure' | 'late_arrival'; reason: string | null }
  | { kind: 'agreement_to_sign' }
  | { kind: 'screening_stay_home'; day: string }
  | ({
      kind: 'dismissal_change_confirmed' | 'dismissal_change_declined';
      from: string;
      to: string;
      weekday: number | null;
    } & DismissalNoticeParts);

export interface NoticeEvent {
  facts: NoticeFacts;
  /** The record the notice is about; with the kind and the guardian it makes the notice's unique key. */
  sourceId: string;
  /** What else tells this event apart from another about the same record (an agreement's version). */
  keySuffix?: string;
  scholarId: string;
  occurredAt: string;
}

/** The school's settings a notice needs: the kinds it sends and its Spanish wording of the reasons. */
export interface NoticeSettings {
  notice_kinds?: readonly string[];
  reasons_es?: Record<string, string>;
}

/** The portal screen each kind opens. */
const SCREENS: Record<NoticeLogKind, string> = {
  sign_out: '/scholar/arrivals',
  early_departure: '/scholar/arrivals',
  late_arrival: '/scholar/arrivals',
  agreement_to_sign: '/scholar/independent-study',
  screening_stay_home: '/scholar/covid-screening',
  not_checked_in: '/scholar/arrivals',
  work_summary: '/scholar/work/overdue',
  work_due_tomorrow: '/scholar/work/current',
  work_overdue: '/scholar/work/overdue',
  dismissal_change_confirmed: '/scholar/dismissal',
  dismissal_change_declined: '/scholar/dismissal',
  test: '/scholar',
};

/** The requests that wrote a notice: the worker looks for due notices once such a request has been answered. */
const wrote = new WeakSet<FastifyRequest>();
export const wroteNotices = (request: FastifyRequest): boolean => wrote.has(request);

/** A notice's title and body in a language. */
export function renderNotice(
  facts: NoticeFacts,
  ctx: { language: string; child: string; occurredAt: string; timeZone: string; reasonsEs: Record<string, string> },
): Message {
  const t = textsFor(ctx.language);
  const { hour, minute } = wallClock(ctx.occurredAt, ctx.timeZone);
  const time = t.time(hour, minute);
  switch (facts.kind) {
    case 'sign_out':
      return t.signOut({ child: ctx.child, time, adult: facts.adult, override: facts.override });
    case 'early_departure':
    case 'late_arrival': {
      const reason = facts.reason ? t.reason(facts.reason, ctx.reasonsEs) : null;
      return facts.kind === 'early_departure'
        ? t.earlyDeparture({ child: ctx.child, time, reason })
        : t.lateArrival({ child: ctx.child, time, reason });
    }
    case 'agreement_to_sign':
      return t.agreementToSign({ child: ctx.child });
    case 'screening_stay_home':
      return t.screeningStayHome({ child: ctx.child, day: t.day(facts.day) });
    case 'dismissal_change_confirmed':
    case 'dismissal_change_declined':
      return t.dismissalChange({
        child: ctx.child,
        confirmed: facts.kind === 'dismissal_change_confirmed',
        days: t.days({ from: facts.from, to: facts.to, weekday: facts.weekday }),
        plan: facts.plan,
        detail: facts.detail,
        adult: facts.adult,
        note: facts.note,
      });
  }
}

/** The portal path and the notification tag of a notice about a scholar. */
export const screenOf = (kind: NoticeLogKind, scholarId: string | null) => ({
  url: scholarId ? `${SCREENS[kind]}?scholar=${scholarId}` : SCREENS[kind],
  tag: scholarId ? `${kind}-${scholarId}` : kind,
});

/**
 * Writes these events into the notices' outbox when the school sends their kind; answers how many were written (an
 * event already written in this transaction writes none). `settings` saves a read when the caller has the school's
 * settings at hand.
 */
export async function enqueueNotices(
  tx: Tx,
  ctx: { request?: FastifyRequest | null; settings?: NoticeSettings },
  events: NoticeEvent[],
): Promise<number> {
  if (!events.length) return 0;
  let settings = ctx.settings;
  if (!settings?.notice_kinds) {
    const [row] = await tx.select({ notice_kinds: schoolSettings.notice_kinds }).from(schoolSettings).limit(1);
    settings = row ?? { notice_kinds: [] };
  }
  const offered = new Set(settings.notice_kinds ?? []);
  const due = events.filter((e) => offered.has(e.facts.kind));
  if (!due.length) return 0;
  const done = await tx
    .insert(noticeEvents)
    .values(
      due.map((e) => ({
        key: [e.facts.kind, e.sourceId, e.keySuffix].filter(Boolean).join(':'),
        kind: e.facts.kind,
        scholar_id: e.scholarId,
        source_id: e.sourceId,
        facts: e.facts,
        occurred_at: e.occurredAt,
      })),
    )
    .onConflictDoNothing()
    .returning({ key: noticeEvents.key });
  if (done.length && ctx.request) wrote.add(ctx.request);
  return done.length;
}

/** How many events one transaction of `expandNoticeEvents` turns into notices. */
const EXPAND_BATCH = 200;

/**
 * Turns the outbox's events into the notices of every active guardian of each scholar (rendered in the guardian's
 * language) and deletes them, a batch per transaction; answers how many notices were written. Instances share the
 * work: each takes the events no other holds (SKIP LOCKED), and a notice's unique key holds it once whatever happens.
 */
export async function expandNoticeEvents(db: Db, timeZone: string): Promise<number> {
  let written = 0;
  for (;;) {
    const taken = await db.transaction(async (tx) => {
      const events = await tx
        .select()
        .from(noticeEvents)
        .orderBy(asc(noticeEvents.created_at))
        .limit(EXPAND_BATCH)
        .for('update', { skipLocked: true });
      if (!events.length) return 0;
      const [settings] = await tx.select({ reasons_es: schoolSettings.reasons_es }).from(schoolSettings).limit(1);
      const scholarIds = [...new Set(events.map((e) => e.scholar_id))];
      const guardians = await tx
        .select({
          scholar_id: guardianships.scholar_id,
          user_id: users.id,
          language: users.language,
          fname: demographics.fname,
          nickname: demographics.nickname,
        })
        .from(guardianships)
        .innerJoin(users, eq(users.id, guardianships.parent_id))
        .innerJoin(demographics, eq(demographics.id, guardianships.scholar_id))
        .where(and(inArray(guardianships.scholar_id, scholarIds), eq(users.active, true)));
      const rows: (typeof notices.$inferInsert)[] = [];
      for (const event of events) {
        const facts = event.facts as unknown as NoticeFacts;
        for (const g of guardians) {
          if (g.scholar_id !== event.scholar_id) continue;
          const message = renderNotice(facts, {
            language: g.language,
            child: g.nickname || g.fname,
            occurredAt: event.occurred_at,
            timeZone,
            reasonsEs: settings?.reasons_es ?? {},
          });
          rows.push({
            id: uuidv7(),
            key: `${event.key}:${g.user_id}`,
            kind: facts.kind,
            user_id: g.user_id,
            scholar_id: event.scholar_id,
            source_id: event.source_id,
            message: { ...message, ...screenOf(facts.kind, event.scholar_id) },
            occurred_at: event.occurred_at,
            // Due, and in the log, from when the event reached the server: the drain that made it sends it.
            created_at: event.created_at,
            next_attempt_at: event.created_at,
          });
        }
      }
      written += await insertNotices(tx, null, rows);
      await tx.delete(noticeEvents).where(
        inArray(
          noticeEvents.key,
          events.map((e) => e.key),
        ),
      );
      return events.length;
    });
    if (taken < EXPAND_BATCH) return written;
  }
}

/** Inserts notice rows, a row whose key is taken skipped; answers how many were written. */
export async function insertNotices(
  tx: Tx,
  request: FastifyRequest | null,
  rows: (typeof notices.$inferInsert)[],
): Promise<number> {
  let written = 0;
  for (let i = 0; i < rows.length; i += 500) {
    const done = await tx
      .insert(notices)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing({ target: notices.key })
      .returning({ id: notices.id });
    written += done.length;
  }
  if (written && request) wrote.add(request);
  return written;
}

/** The check-ins a family is told about: a sign-out, an early departure, a late arrival. */
export function checkInEvents(
  rows: {
    id: string;
    kind: string;
    scholar_id: string;
    occurred_at: string;
    reason?: string | null;
    late?: boolean | null;
    pick_up_name?: string | null;
    flagged?: boolean | null;
    voided_at?: string | null;
  }[],
): NoticeEvent[] {
  const out: NoticeEvent[] = [];
  for (const r of rows) {
    if (r.voided_at) continue;
    const base = { sourceId: r.id, scholarId: r.scholar_id, occurredAt: r.occurred_at };
    if (r.kind === 'sign_out') {
      out.push({ ...base, facts: { kind: 'sign_out', adult: r.pick_up_name ?? '', override: Boolean(r.flagged) } });
    } else if (r.kind === 'departure') {
      out.push({ ...base, facts: { kind: 'early_departure', reason: r.reason ?? null } });
    } else if (r.kind === 'arrival' && r.late) {
      out.push({ ...base, facts: { kind: 'late_arrival', reason: r.reason ?? null } });
    }
  }
  return out;
}
