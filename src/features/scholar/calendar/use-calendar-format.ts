/**
 * How the Calendar writes months, days and times: in the current language, on the school's clock (a parent abroad
 * still reads the school's times). Formatters come from `src/ui/intl-format.ts`, made once per locale and options.
 */
import { useTranslation } from 'react-i18next';
import { EVENT_COLORS } from '../../../contract/portal-constants';
import type { PortalEvent } from '../../../contract/scholar-portal';
import { dateTimeFormat } from '../../../ui/intl-format';
import { type DayEvent, eventSpan, type Month } from './model/month';

const atUtcMidnight = (day: string) => new Date(`${day}T00:00:00Z`);

/** The first letter up ('noviembre de 2026' → 'Noviembre de 2026'); CSS capitalize would raise every word. */
const upFirst = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/** The Chakra colour palette of an event (the contract's colours; blue for anything else). */
export const eventPalette = (color: string): string =>
  (EVENT_COLORS as readonly string[]).includes(color) ? color : 'blue';

/** The formatters of the Calendar in the current language, for the school's time zone. */
export function useCalendarFormat(timeZone: string) {
  const { t, i18n } = useTranslation('portal-calendar');
  const locale = i18n.resolvedLanguage ?? i18n.language;
  const time = dateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', timeZone });
  const shortDay = dateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
  const longDay = dateTimeFormat(locale, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

  return {
    /** 'November 2026'. */
    month: (month: Month) =>
      upFirst(
        dateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
          atUtcMidnight(`${month}-01`),
        ),
      ),
    /** A weekday's name, 0 Sunday … 6 Saturday ('Mon' short, 'Monday' long). */
    weekday: (weekday: number, width: 'short' | 'long') =>
      upFirst(dateTimeFormat(locale, { weekday: width, timeZone: 'UTC' }).format(Date.UTC(2024, 0, 7 + weekday))),
    /** 'Friday, November 27' (the agenda's day headings). */
    day: (day: string) =>
      upFirst(
        dateTimeFormat(locale, { weekday: 'long', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(
          atUtcMidnight(day),
        ),
      ),
    /** 'Friday, November 27, 2026'. */
    fullDay: (day: string) => upFirst(longDay.format(atUtcMidnight(day))),
    /** A start time as the grid's chips show it: '9:00 AM'. */
    time: (instant: string) => time.format(new Date(instant)),
    /** An event's time on one day: '9:00 – 10:00 AM', 'From 9:00 AM', 'Until 3:30 PM' or 'All day'. */
    onDay: (item: DayEvent) => {
      if (item.startsAt && item.endsAt) return time.formatRange(new Date(item.startsAt), new Date(item.endsAt));
      if (item.startsAt) return t('calendar.from', { start: time.format(new Date(item.startsAt)) });
      if (item.endsAt) return t('calendar.until', { end: time.format(new Date(item.endsAt)) });
      if (item.event.allDay && item.first !== item.last) {
        return shortDay.formatRange(atUtcMidnight(item.first), atUtcMidnight(item.last));
      }
      return t('calendar.allDay');
    },
    /** When an event is, whole: 'Friday, November 27, 2026, 9:00 – 10:00 AM', or its days when it lasts all day. */
    when: (event: PortalEvent) => {
      if (event.allDay) {
        const { first, last } = eventSpan(event, timeZone);
        if (first === last) return t('calendar.allDayOn', { date: upFirst(longDay.format(atUtcMidnight(first))) });
        return upFirst(longDay.formatRange(atUtcMidnight(first), atUtcMidnight(last)));
      }
      const full = dateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone });
      return upFirst(full.formatRange(new Date(event.start), new Date(event.end)));
    },
  };
}
export type CalendarFormat = ReturnType<typeof useCalendarFormat>;
