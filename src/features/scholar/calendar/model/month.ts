/**
 * The Calendar's date math, free of React: which weeks a month's grid shows for the school's first
 * weekday, and on which of the school's days each event falls.
 *
 * Days are YYYY-MM-DD dates of the school's calendar (string arithmetic, no time zone), so the grid never shifts on
 * the days the clocks change. Events are instants; the day an instant falls on is read on the school's wall clock
 * (`schoolDayOf`), whatever the phone's own zone is. An event's last day is the day of the instant just before its
 * end: an all-day event ends at midnight after its last day (DESIGN section 10, the contract's CalendarEventRecord),
 * and so does a party that runs until midnight; neither belongs to the next day.
 */
import { datesBetween, monthOf, shiftDate } from '../../../../contract/calendar-dates';
import { schoolDayOf } from '../../../../ui/school-clock';

/** A month as YYYY-MM. */
export type Month = string;

const MONTH_PATTERN = /^(19|20|21)\d\d-(0[1-9]|1[0-2])$/;

/** True for a YYYY-MM the calendar can show (the contract's years, 1900 to 2199). */
export const isMonth = (value: string | null | undefined): value is Month => !!value && MONTH_PATTERN.test(value);

/** The month a date lies in. */
export const monthOfDay = (day: string): Month => day.slice(0, 7);

/** The month `n` months after `month` (before, for a negative `n`). */
export function shiftMonth(month: Month, n: number): Month {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n;
  return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The weekday of a date, 0 Sunday … 6 Saturday (as settings.week_starts_on counts). */
export const weekdayOf = (day: string): number => new Date(`${day}T00:00:00Z`).getUTCDay();

/** A settings value as a first weekday: 0 to 6, Sunday when anything else. */
export const firstWeekday = (weekStartsOn: number | null | undefined): number =>
  Number.isInteger(weekStartsOn) && (weekStartsOn as number) >= 0 && (weekStartsOn as number) <= 6
    ? (weekStartsOn as number)
    : 0;

/** The weekdays in the order the grid's columns show them, starting with `weekStartsOn`. */
export const weekdayOrder = (weekStartsOn: number): number[] =>
  Array.from({ length: 7 }, (_, i) => (firstWeekday(weekStartsOn) + i) % 7);

/**
 * The weeks of a month's grid: from the first weekday on or before the 1st to the day before the first weekday after
 * the month's last day. Only the weeks the month needs: four (a February that starts on the first weekday) to six.
 */
export function monthWeeks(month: Month, weekStartsOn: number): string[][] {
  const { start, end } = monthOf(`${month}-01`);
  const first = firstWeekday(weekStartsOn);
  const from = shiftDate(start, -((weekdayOf(start) - first + 7) % 7));
  const to = shiftDate(end, (first + 6 - weekdayOf(end) + 7) % 7);
  const days = datesBetween(from, to);
  const weeks: string[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return weeks;
}

/** The first and last date of a month's grid (what the calendar asks the server for: at most 42 days). */
export function gridRange(month: Month, weekStartsOn: number): { from: string; to: string } {
  const weeks = monthWeeks(month, weekStartsOn);
  const last = weeks[weeks.length - 1] as string[];
  return { from: (weeks[0] as string[])[0] as string, to: last[last.length - 1] as string };
}

/** What of an event the date math reads. */
export interface EventTimes {
  start: string;
  end: string;
  allDay: boolean;
}

/** The school days an event covers, both included. */
export function eventSpan(event: EventTimes, timeZone: string): { first: string; last: string } {
  const start = Date.parse(event.start);
  const end = Date.parse(event.end);
  const first = schoolDayOf(start, timeZone);
  const last = end > start ? schoolDayOf(end - 1, timeZone) : first;
  return { first, last: last < first ? first : last };
}

/** An event as one day shows it. */
export interface DayEvent<E extends EventTimes = EventTimes> {
  event: E;
  /** Its first and last school day. */
  first: string;
  last: string;
  /** When it starts on this day (null: it started on an earlier day, or it lasts all day). */
  startsAt: string | null;
  /** When it ends on this day (null: it goes on past this day, or it lasts all day). */
  endsAt: string | null;
}

/** How an event reads on `day`: all day, or its start and end that fall on this day. */
export function onDay<E extends EventTimes>(event: E, day: string, span = { first: day, last: day }): DayEvent<E> {
  const timed = !event.allDay;
  return {
    event,
    first: span.first,
    last: span.last,
    startsAt: timed && day === span.first ? event.start : null,
    endsAt: timed && day === span.last ? event.end : null,
  };
}

/** True when an event has no time of its own on that day (an all-day event, or a middle day of a long one). */
export const isAllDayOn = (item: DayEvent): boolean => item.startsAt === null && item.endsAt === null;

/** A day's order: what lasts all day first (the longest first), then by start, then by title. */
function compareOnDay(a: DayEvent<EventTimes & { title?: string }>, b: DayEvent<EventTimes & { title?: string }>) {
  const allDay = Number(isAllDayOn(b)) - Number(isAllDayOn(a));
  if (allDay !== 0) return allDay;
  if (a.first !== b.first) return a.first < b.first ? -1 : 1;
  const start = Date.parse(a.event.start) - Date.parse(b.event.start);
  if (start !== 0) return start;
  return (a.event.title ?? '').localeCompare(b.event.title ?? '');
}

/**
 * Each day from `from` to `to` with the events on it, in the day's order. A multi-day or all-day event is on every
 * day it covers; days without events are absent.
 */
export function eventsByDay<E extends EventTimes & { title?: string }>(
  events: readonly E[],
  from: string,
  to: string,
  timeZone: string,
): Map<string, DayEvent<E>[]> {
  const byDay = new Map<string, DayEvent<E>[]>();
  for (const event of events) {
    const span = eventSpan(event, timeZone);
    const first = span.first < from ? from : span.first;
    const last = span.last > to ? to : span.last;
    for (const day of first <= last ? datesBetween(first, last) : []) {
      const list = byDay.get(day) ?? [];
      list.push(onDay(event, day, span));
      byDay.set(day, list);
    }
  }
  for (const list of byDay.values()) list.sort(compareOnDay);
  return new Map([...byDay].sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * The agenda of a month: its days that have events, in order, each with its events (days of the grid's edges left
 * out). An all-day event of several days (a winter break) is one entry, on its first day in the month, read with its
 * dates ('Dec 21 – Jan 1'), not a line on each of its days.
 */
export function agendaOf<E extends EventTimes>(
  byDay: ReadonlyMap<string, DayEvent<E>[]>,
  month: Month,
): { day: string; events: DayEvent<E>[] }[] {
  const listed = new Set<E>();
  const out: { day: string; events: DayEvent<E>[] }[] = [];
  for (const [day, items] of byDay) {
    if (monthOfDay(day) !== month) continue;
    const events = items.filter((item) => {
      if (!item.event.allDay || item.first === item.last) return true;
      if (listed.has(item.event)) return false;
      listed.add(item.event);
      return true;
    });
    if (events.length) out.push({ day, events });
  }
  return out;
}
