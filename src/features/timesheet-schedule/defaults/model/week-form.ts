/**
 * The default-week editor as plain data: the form's values (what the person typed, as text), the
 * checks made before anything is sent, the payload the contract takes, and which saved week is in effect on a date.
 *
 * Field names are the server's: a day's fields are `days.<index>.start|end|break_minutes` (Monday is 0), so the
 * client's own checks and a 422 answer land on the same field. Client checks give message keys (the screen
 * translates them); the server's messages come as text.
 */
import {
  clockMinutes,
  MAX_BREAK_MINUTES,
  type TimesheetScheduleRecord,
  WEEKDAY_COUNT,
  type Week,
} from '../../../../contract';

/** One day of the grid as typed: times HH:MM, the break as text (a number input's value). */
export interface DayValues {
  works: boolean;
  start: string;
  end: string;
  break_minutes: string;
}

export interface WeekValues {
  effective_from: string;
  note: string;
  /** Seven days, Monday first. */
  days: DayValues[];
}

/** A day a new week starts with (and a day that is ticked again after being off with no times). */
export const STANDARD_DAY = { start: '08:00', end: '16:30', break_minutes: 30 } as const;

/** Monday to Friday 08:00–16:30 with a 30-minute break, the weekend off: a person's first week. */
export const standardWeek = (): Week =>
  Array.from({ length: WEEKDAY_COUNT }, (_, i) => (i < 5 ? { ...STANDARD_DAY } : null));

/** The grid's values of a saved week (an off day keeps empty times, filled when it is ticked). */
export function dayValues(
  days: readonly ({ start: string; end: string; break_minutes: number } | null)[],
): DayValues[] {
  return Array.from({ length: WEEKDAY_COUNT }, (_, i) => {
    const day = days[i];
    return day
      ? { works: true, start: day.start, end: day.end, break_minutes: String(day.break_minutes) }
      : { works: false, start: '', end: '', break_minutes: '0' };
  });
}

/** A day ticked as worked: its own times if it has them, else the standard day's. */
export const worked = (day: DayValues): DayValues =>
  day.start && day.end
    ? { ...day, works: true }
    : {
        works: true,
        start: STANDARD_DAY.start,
        end: STANDARD_DAY.end,
        break_minutes: String(STANDARD_DAY.break_minutes),
      };

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const WHOLE = /^\d+$/;

/** The paid minutes of a worked day whose times make sense; null otherwise (off, or not yet valid). */
export function paidMinutes(day: DayValues): number | null {
  if (!day.works || !TIME.test(day.start) || !TIME.test(day.end)) return null;
  const span = clockMinutes(day.end) - clockMinutes(day.start);
  const pause = WHOLE.test(day.break_minutes.trim()) ? Number(day.break_minutes) : 0;
  return span > 0 ? Math.max(0, span - pause) : null;
}

/** The paid minutes of the week, counting the days whose times make sense. */
export const weekTotal = (days: readonly DayValues[]): number =>
  days.reduce((sum, day) => sum + (paidMinutes(day) ?? 0), 0);

/** Monday's hours (or Monday off) given to Tuesday through Friday. */
export const copyMondayToWeekdays = (days: readonly DayValues[]): DayValues[] =>
  days.map((day, i) => (i >= 1 && i <= 4 && days[0] ? { ...days[0] } : day));

/** The message keys of the client's checks (`errors.<key>` in the timesheet-schedule namespace's `defaults` group). */
export type WeekErrorKey =
  | 'startRequired'
  | 'endRequired'
  | 'endAfterStart'
  | 'breakWhole'
  | 'breakMax'
  | 'breakShorter'
  | 'dateRequired'
  | 'noteLong';

export const NOTE_MAX = 500;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export type WeekCheck =
  | { ok: true; data: { effective_from: string; days: Week; note: string | null } }
  | { ok: false; errors: Record<string, WeekErrorKey> };

function checkDay(day: DayValues, i: number, errors: Record<string, WeekErrorKey>) {
  const at = (field: string) => `days.${i}.${field}`;
  if (!TIME.test(day.start)) errors[at('start')] = 'startRequired';
  if (!TIME.test(day.end)) errors[at('end')] = 'endRequired';
  const text = day.break_minutes.trim();
  if (!WHOLE.test(text)) errors[at('break_minutes')] = 'breakWhole';
  else if (Number(text) > MAX_BREAK_MINUTES) errors[at('break_minutes')] = 'breakMax';
  if (errors[at('start')] || errors[at('end')]) return;
  const span = clockMinutes(day.end) - clockMinutes(day.start);
  if (span <= 0) errors[at('end')] = 'endAfterStart';
  else if (!errors[at('break_minutes')] && Number(text) >= span) errors[at('break_minutes')] = 'breakShorter';
}

/** Checks the form as the contract's WeekSchema would, and gives the payload when it passes. */
export function checkWeek(values: WeekValues): WeekCheck {
  const errors: Record<string, WeekErrorKey> = {};
  if (!DATE.test(values.effective_from)) errors.effective_from = 'dateRequired';
  if (values.note.trim().length > NOTE_MAX) errors.note = 'noteLong';
  values.days.forEach((day, i) => {
    if (day.works) checkDay(day, i, errors);
  });
  if (Object.keys(errors).length) return { ok: false, errors };
  const days: Week = values.days.map((day) =>
    day.works ? { start: day.start, end: day.end, break_minutes: Number(day.break_minutes.trim()) } : null,
  );
  return { ok: true, data: { effective_from: values.effective_from, days, note: values.note.trim() || null } };
}

/** Where a saved week stands on `today`: in effect, starting later, or replaced by a later one. */
export type WeekStanding = 'current' | 'future' | 'past';

/** The standing of each week on `today` (YYYY-MM-DD): the latest start on or before it is in effect. */
export function weekStandings(
  weeks: readonly Pick<TimesheetScheduleRecord, 'id' | 'effective_from'>[],
  today: string,
): Map<string, WeekStanding> {
  const started = weeks.filter((w) => w.effective_from <= today);
  const current = started.reduce<(typeof weeks)[number] | null>(
    (best, w) => (!best || w.effective_from > best.effective_from ? w : best),
    null,
  );
  return new Map(
    weeks.map((w) => [w.id, w.effective_from > today ? 'future' : w.id === current?.id ? 'current' : 'past']),
  );
}
