/**
 * The messenger schedule as the week it describes: Monday to Friday, each day's duties in time
 * order, which day is today and who is on duty now, all on the school's wall clock (the school's time zone), so a
 * kiosk whose own clock is set to another zone still highlights the right day and person.
 */
import type { MessengerScheduleRecord } from '../../../contract';
import { dateTimeFormat } from '../../../ui/intl-format';

/** ISO weekdays of the school week: 1 Monday … 5 Friday. */
export const SCHOOL_WEEKDAYS = [1, 2, 3, 4, 5] as const;

/** The ISO weekday (1 Monday … 7 Sunday) and minutes since midnight of `instant` in `timeZone`. */
export function schoolClock(instant: Date | number, timeZone: string): { weekday: number; minutes: number } {
  const formatter = dateTimeFormat('en-US', {
    timeZone,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts = formatter.formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  const weekday = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(get('weekday')) + 1;
  return { weekday, minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}

/** Minutes since midnight of an HH:MM clock time. */
export function clockMinutes(hhmm: string): number {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return h * 60 + m;
}

const byTime = (a: MessengerScheduleRecord, b: MessengerScheduleRecord) =>
  a.start_time.localeCompare(b.start_time) || a.end_time.localeCompare(b.end_time) || a.post.localeCompare(b.post);

/** The five school days, each with its duties in time order. */
export function weekLayout(
  duties: readonly MessengerScheduleRecord[],
): { weekday: number; duties: MessengerScheduleRecord[] }[] {
  return SCHOOL_WEEKDAYS.map((weekday) => ({
    weekday,
    duties: duties.filter((d) => d.weekday === weekday).sort(byTime),
  }));
}

/** The duties under way at this minute of this weekday (from the start, up to but not including the end). */
export function onDutyNow(
  duties: readonly MessengerScheduleRecord[],
  weekday: number,
  minutes: number,
): MessengerScheduleRecord[] {
  return duties
    .filter((d) => d.weekday === weekday && clockMinutes(d.start_time) <= minutes && minutes < clockMinutes(d.end_time))
    .sort(byTime);
}

/** The next duty to start later today, if any. */
export function nextDutyToday(
  duties: readonly MessengerScheduleRecord[],
  weekday: number,
  minutes: number,
): MessengerScheduleRecord | undefined {
  return duties.filter((d) => d.weekday === weekday && clockMinutes(d.start_time) > minutes).sort(byTime)[0];
}

/** An HH:MM time as people read it in `locale` ('10:30 AM', '10:30'). */
export function formatClock(hhmm: string, locale: string): string {
  const minutes = clockMinutes(hhmm);
  const date = new Date(Date.UTC(2024, 0, 1, Math.floor(minutes / 60), minutes % 60));
  return dateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(date);
}

/** The name of an ISO weekday in `locale` ('Monday', 'lunes'). */
export function weekdayName(weekday: number, locale: string): string {
  // 1 January 2024 was a Monday.
  const date = new Date(Date.UTC(2024, 0, weekday));
  return dateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' }).format(date);
}
