/**
 * A day of expected hours in words, the same on screen, on paper and in the CSV: its spans ('08:00–16:30, break
 * 0:30'), its reason ('Day off') and the details that shaped it ('Vacation, 13:00–15:30 (−2:30)', 'Conference night
 * 17:00–20:00 added', 'Default week from Aug 1, 2026').
 */
import type { TFunction } from 'i18next';
import type { ExpectedDay, ExpectedDetail, ExpectedReason } from '../../../../contract';
import { dateTimeFormat } from '../../../../ui/intl-format';
import { formatMinutes } from '../../../../ui/timekeeping/hours';

/** The two namespaces a day's words come from, and the language. */
export interface DayWords {
  t: TFunction<'timesheet-schedule', 'single'>;
  /** The section's shared texts (reasons, day-off types, non-work kinds). */
  ts: TFunction<'timesheet-schedule'>;
  locale: string;
}

/** A YYYY-MM-DD date as 'Aug 1, 2026' in `locale`. */
export const formatDate = (day: string, locale: string): string =>
  dateTimeFormat(locale, { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

/** The weekday of a YYYY-MM-DD date ('Monday', 'lunes'). */
export const weekdayName = (day: string, locale: string, width: 'long' | 'short' = 'long'): string =>
  dateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** Each expected span of the day in words. */
export function spanTexts(day: Pick<ExpectedDay, 'blocks'>, { t }: DayWords): string[] {
  return day.blocks.map((b) =>
    b.break_minutes > 0
      ? t('table.spanWithBreak', { start: b.start, end: b.end, break: formatMinutes(b.break_minutes) })
      : t('table.span', { start: b.start, end: b.end }),
  );
}

/** One detail in words; null for one the reason already says in full (no default week). */
export function detailText(detail: ExpectedDetail, { t, ts, locale }: DayWords): string | null {
  switch (detail.kind) {
    case 'default':
      return t('details.default', { date: formatDate(detail.effective_from, locale) });
    case 'weekly_off':
      return t('details.weeklyOff', { date: formatDate(detail.effective_from, locale) });
    case 'no_schedule':
      return null;
    case 'holiday':
      return t('details.holiday', { name: detail.name, kind: ts(`nonWorkKinds.${detail.non_work_kind}`) });
    case 'special': {
      const values = { name: detail.name, start: detail.start, end: detail.end };
      const text = detail.mode === 'add' ? t('details.specialAdd', values) : t('details.specialReplace', values);
      return detail.break_minutes > 0
        ? t('details.specialBreak', { text, break: formatMinutes(detail.break_minutes) })
        : text;
    }
    case 'day_off': {
      const type = ts(`dayOffTypes.${detail.type}`);
      const hours = formatMinutes(detail.minutes_off);
      const text =
        detail.start_time && detail.end_time
          ? t('details.dayOffPart', { type, start: detail.start_time, end: detail.end_time, hours })
          : t('details.dayOffWhole', { type, hours });
      return detail.note ? t('details.withNote', { text, note: detail.note }) : text;
    }
  }
}

/** Every detail of the day in words, in the order they applied. */
export const detailTexts = (day: Pick<ExpectedDay, 'details'>, words: DayWords): string[] =>
  day.details.map((d) => detailText(d, words)).filter((text): text is string => text !== null);

/** The reason in words. */
export const reasonText = (reason: ExpectedReason, { ts }: DayWords): string => ts(`reasons.${reason}`);

/** The badge colour of a reason; the badge always carries the reason's words too, never colour alone. */
export const REASON_PALETTE: Record<ExpectedReason, string> = {
  default: 'green',
  weekly_off: 'gray',
  no_schedule: 'gray',
  holiday: 'orange',
  special: 'blue',
  day_off: 'teal',
};

/** True for a day the school or the person is off: marked on screen and on paper. */
export const isMarkedOff = (reason: ExpectedReason): boolean => reason === 'holiday' || reason === 'day_off';
