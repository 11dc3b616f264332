/**
 * Google Calendar → calendar_events: the school's calendar and the others the school lists. The
 * first sync of a calendar lists every event (expanded recurring events, paged) and keeps Google's nextSyncToken;
 * later syncs ask only what changed since (cancelled events are removed). A 410 (the token expired) starts a full
 * resync of that calendar, which also removes events that are gone. An event's google_event_id is
 * `<calendar id>#<event id>`, so the same event on two calendars is two rows and a calendar's rows are known.
 */
import { and, eq, isNotNull, like, notInArray, sql } from 'drizzle-orm';
import { type EVENT_COLORS, uuidv7 } from '../../../src/contract';
import { calendarEvents, googleSyncState } from '../../db/schema';
import { zonedInstant } from '../expected-hours';
import { GoogleApiError, googleGet, joinUrl } from '../google/http';
import { bump, type Counts, type SyncContext } from './context';

interface GEventTime {
  date?: string;
  dateTime?: string;
}
interface GEvent {
  id: string;
  status?: 'confirmed' | 'tentative' | 'cancelled';
  summary?: string;
  description?: string;
  colorId?: string;
  start?: GEventTime;
  end?: GEventTime;
}
interface GEventsPage {
  items?: GEvent[];
  nextPageToken?: string;
  nextSyncToken?: string;
}

/** Google's event colours (colorId 1-11) as the portal's calendar colours. */
const COLORS: Record<string, (typeof EVENT_COLORS)[number]> = {
  '1': 'purple',
  '2': 'green',
  '3': 'purple',
  '4': 'red',
  '5': 'orange',
  '6': 'orange',
  '7': 'teal',
  '8': 'gray',
  '9': 'blue',
  '10': 'green',
  '11': 'red',
};

export const eventKey = (calendarId: string, eventId: string) => `${calendarId}#${eventId}`;
const stateKey = (calendarId: string) => `calendar:${calendarId}`;

/** An event's start or end as an instant: a date alone is that day's midnight in the school's zone. */
function instant(time: GEventTime | undefined, timeZone: string): string | null {
  if (time?.dateTime) return new Date(time.dateTime).toISOString();
  if (time?.date) return new Date(zonedInstant(time.date, '00:00', timeZone)).toISOString();
  return null;
}

/** The event as a calendar_events row (null when Google gave no start). */
export function toEventRow(calendarId: string, event: GEvent, timeZone: string) {
  const starts = instant(event.start, timeZone);
  if (!starts) return null;
  const ends = instant(event.end, timeZone) ?? starts;
  return {
    title: (event.summary ?? '').trim().slice(0, 500) || '(No title)',
    description: event.description?.slice(0, 10_000) ?? null,
    starts_at: starts,
    ends_at: ends < starts ? starts : ends,
    all_day: Boolean(event.start?.date && !event.start.dateTime),
    color: (event.colorId && COLORS[event.colorId]) || 'blue',
    google_event_id: eventKey(calendarId, event.id),
  };
}

async function saveToken(ctx: SyncContext, calendarId: string, token: string | null) {
  const now = new Date().toISOString();
  await ctx.db
    .insert(googleSyncState)
    .values({ key: stateKey(calendarId), sync_token: token, updated_at: now })
    .onConflictDoUpdate({ target: googleSyncState.key, set: { sync_token: token, updated_at: now } });
}

async function upsert(ctx: SyncContext, calendarId: string, event: GEvent, counts: Counts) {
  const key = eventKey(calendarId, event.id);
  if (event.status === 'cancelled') {
    const gone = await ctx.db
      .delete(calendarEvents)
      .where(eq(calendarEvents.google_event_id, key))
      .returning({ id: calendarEvents.id });
    bump(counts, 'events_removed', gone.length);
    return;
  }
  const row = toEventRow(calendarId, event, ctx.timeZone);
  if (!row) return bump(counts, 'events_skipped');
  const { google_event_id: _, ...fields } = row;
  await ctx.db
    .insert(calendarEvents)
    .values({ id: uuidv7(), ...row })
    .onConflictDoUpdate({
      target: calendarEvents.google_event_id,
      set: { ...fields, updated_at: new Date().toISOString() },
    });
  bump(counts, 'events_saved');
}

/** Lists pages of a calendar's events from the token (or all of them), handing each event on; answers the new token. */
async function listEvents(
  ctx: SyncContext,
  calendarId: string,
  syncToken: string | null,
  each: (event: GEvent) => Promise<void>,
): Promise<string | null> {
  const url = joinUrl(ctx.calendarUrl, `calendars/${encodeURIComponent(calendarId)}/events`);
  let pageToken: string | undefined;
  for (;;) {
    const page = await googleGet<GEventsPage>(
      url,
      syncToken
        ? { syncToken, pageToken, maxResults: 250, singleEvents: true }
        : { pageToken, maxResults: 250, singleEvents: true, showDeleted: false },
      ctx.token,
      ctx.http,
    );
    for (const event of page.items ?? []) await each(event);
    if (page.nextPageToken) pageToken = page.nextPageToken;
    else return page.nextSyncToken ?? null;
  }
}

/** A full sync of one calendar: every event saved, the calendar's rows Google no longer has removed. */
async function fullSync(ctx: SyncContext, calendarId: string, counts: Counts) {
  const seen: string[] = [];
  const token = await listEvents(ctx, calendarId, null, async (event) => {
    if (event.status !== 'cancelled') seen.push(eventKey(calendarId, event.id));
    await upsert(ctx, calendarId, event, counts);
  });
  const prefix = `${calendarId}#`;
  const mine = sql`left(${calendarEvents.google_event_id}, ${prefix.length}) = ${prefix}`;
  const gone = await ctx.db
    .delete(calendarEvents)
    .where(seen.length ? and(mine, notInArray(calendarEvents.google_event_id, seen)) : mine)
    .returning({ id: calendarEvents.id });
  bump(counts, 'events_removed', gone.length);
  bump(counts, 'full_syncs');
  await saveToken(ctx, calendarId, token);
}

/**
 * Syncs the calendars: incrementally where a sync token is kept (a full resync on 410), fully otherwise or when
 * `full`. One calendar's failure does not stop the others; its message is in `errors`.
 */
export async function syncCalendars(
  ctx: SyncContext,
  calendarIds: readonly string[],
  opts: { full?: boolean } = {},
): Promise<{ counts: Counts; errors: string[] }> {
  const counts: Counts = { calendars: 0, events_saved: 0, events_removed: 0, full_syncs: 0, resyncs_on_410: 0 };
  const errors: string[] = [];
  for (const calendarId of calendarIds) {
    try {
      const [state] = await ctx.db
        .select({ token: googleSyncState.sync_token })
        .from(googleSyncState)
        .where(eq(googleSyncState.key, stateKey(calendarId)));
      if (opts.full || !state?.token) {
        await fullSync(ctx, calendarId, counts);
      } else {
        try {
          const token = await listEvents(ctx, calendarId, state.token, (event) =>
            upsert(ctx, calendarId, event, counts),
          );
          await saveToken(ctx, calendarId, token);
        } catch (err) {
          if (!(err instanceof GoogleApiError && err.httpStatus === 410)) throw err;
          bump(counts, 'resyncs_on_410');
          await saveToken(ctx, calendarId, null);
          await fullSync(ctx, calendarId, counts);
        }
      }
      bump(counts, 'calendars');
    } catch (err) {
      errors.push(`Calendar ${calendarId}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  // Events of calendars the school no longer lists go (and where their syncs left off).
  const listed = calendarIds.map((id) => `${id}#`);
  const unlisted = and(
    isNotNull(calendarEvents.google_event_id),
    sql`position('#' in ${calendarEvents.google_event_id}) > 0`,
    ...listed.map((prefix) => sql`left(${calendarEvents.google_event_id}, ${prefix.length}) <> ${prefix}`),
  );
  const dropped = await ctx.db.delete(calendarEvents).where(unlisted).returning({ id: calendarEvents.id });
  bump(counts, 'events_removed', dropped.length);
  await ctx.db
    .delete(googleSyncState)
    .where(
      and(
        like(googleSyncState.key, 'calendar:%'),
        ...(calendarIds.length ? [notInArray(googleSyncState.key, calendarIds.map(stateKey))] : []),
      ),
    );
  return { counts, errors };
}
