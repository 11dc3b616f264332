/**
 * Writes notices into the outbox (the `notices` table) inside the transaction of the event that causes them, so the
 * notice exists exactly when the event does: a rolled-back write leaves none, and a replayed event (a station pushing
 * the same entry twice) meets the unique key and leaves one. Each notice is written for one guardian of the scholar,
 * in that guardian's language, naming the child as the portal does (nickname, else first name), with the event's
 * time on the school's clock. The worker (server/plugins/notice-worker.ts) sends them.
 *
 * Cost on the sync push's path: nothing when no entry of the batch is noticed; else one query for the guardians of
 * every scholar concerned and one insert, whatever the batch's size. A caller that reads the scholars anyway reads
 * their guardians in the same query (`GUARDIAN_COLUMNS`, joined as `joinGuardians` does) and passes them, leaving
 * the insert alone: the sync push of a dismissal rush does.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type NoticeKind, type NoticeLogKind, uuidv7 } from '../../../src/contract';
import type { Tx } from '../../db/client';
import { demographics, guardianships, notices, schoolSettings, users } from '../../db/schema';
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

/** An active guardian of a scholar, as a notice needs them (its language, and the child's name as the portal says it). */
export interface NoticeGuardian {
  scholar_id: string;
  user_id: string;
  language: string;
  fname: string;
  nickname: string | null;
}

/** The kinds of notice a check-in may cause. */
const CHECK_IN_NOTICE_KINDS: readonly NoticeKind[] = ['sign_out', 'early_departure', 'late_arrival'];

/** Whether the school sends any notice a check-in may cause (else a check-in's caller need not read guardians). */
export const noticesCheckIns = (settings: NoticeSettings): boolean =>
  CHECK_IN_NOTICE_KINDS.some((kind) => settings.notice_kinds?.includes(kind));

/**
 * The guardian columns of a select that joins `guardianships` and `users` with `joinGuardians`'s conditions: null
 * on a scholar without an active guardian.
 */
export const GUARDIAN_COLUMNS = {
  guardian_id: users.id,
  guardian_language: users.language,
  fname: demographics.fname,
  nickname: demographics.nickname,
};

/** The join conditions of the guardians: each guardianship of the scholar, and its account when active. */
export const joinGuardians = {
  guardianships: eq(guardianships.scholar_id, demographics.id),
  users: and(eq(users.id, guardianships.parent_id), eq(users.active, true)),
};

/** The guardians of rows selected with `GUARDIAN_COLUMNS`, once each (the select may repeat them). */
export function guardiansOf(
  rows: {
    scholar: string;
    guardian_id: string | null;
    guardian_language: string | null;
    fname: string;
    nickname: string | null;
  }[],
): NoticeGuardian[] {
  const out = new Map<string, NoticeGuardian>();
  for (const r of rows) {
    if (!r.guardian_id || !r.guardian_language) continue;
    out.set(`${r.scholar}:${r.guardian_id}`, {
      scholar_id: r.scholar,
      user_id: r.guardian_id,
      language: r.guardian_language,
      fname: r.fname,
      nickname: r.nickname,
    });
  }
  return [...out.values()];
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
 * Writes the notices of these events for every active guardian of each scholar; answers how many were written (a
 * replay writes none). `settings` saves a read when the caller has the school's settings at hand.
 */
export async function enqueueNotices(
  tx: Tx,
  ctx: {
    timeZone: string;
    request?: FastifyRequest | null;
    settings?: NoticeSettings;
    /** Every active guardian of the events' scholars, when the caller read them already. */
    guardians?: NoticeGuardian[];
  },
  events: NoticeEvent[],
): Promise<number> {
  if (!events.length) return 0;
  let settings = ctx.settings;
  if (!settings?.notice_kinds) {
    const [row] = await tx
      .select({ notice_kinds: schoolSettings.notice_kinds, reasons_es: schoolSettings.reasons_es })
      .from(schoolSettings)
      .limit(1);
    settings = row ?? { notice_kinds: [] };
  }
  const offered = new Set(settings.notice_kinds ?? []);
  const due = events.filter((e) => offered.has(e.facts.kind));
  if (!due.length) return 0;
  const scholarIds = [...new Set(due.map((e) => e.scholarId))];
  const guardians =
    ctx.guardians ??
    (await tx
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
      .where(and(inArray(guardianships.scholar_id, scholarIds), eq(users.active, true))));
  const rows: (typeof notices.$inferInsert)[] = [];
  for (const event of due) {
    for (const g of guardians) {
      if (g.scholar_id !== event.scholarId) continue;
      const message = renderNotice(event.facts, {
        language: g.language,
        child: g.nickname || g.fname,
        occurredAt: event.occurredAt,
        timeZone: ctx.timeZone,
        reasonsEs: settings.reasons_es ?? {},
      });
      const kind: NoticeKind = event.facts.kind;
      rows.push({
        id: uuidv7(),
        key: [kind, event.sourceId, event.keySuffix, g.user_id].filter(Boolean).join(':'),
        kind,
        user_id: g.user_id,
        scholar_id: event.scholarId,
        source_id: event.sourceId,
        message: { ...message, ...screenOf(kind, event.scholarId) },
        occurred_at: event.occurredAt,
      });
    }
  }
  return insertNotices(tx, ctx.request ?? null, rows);
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
