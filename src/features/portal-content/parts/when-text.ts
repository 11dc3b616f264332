/** A span of time in words on the school's clock: "Mon, Mar 1, 2027, 9:30 AM – 10:30 AM", or days for all-day events. */
import { formatClockTime, formatDay, schoolDayOf } from '../../../ui/school-clock';
import { allDayDays } from '../model/school-times';

/** The span's text; an all-day span shows its first and last day. */
export function whenText(startsAt: string, endsAt: string, allDay: boolean, timeZone: string, locale: string): string {
  if (allDay) {
    const { first, last } = allDayDays(startsAt, endsAt, timeZone);
    return first === last ? formatDay(first, locale) : `${formatDay(first, locale)} – ${formatDay(last, locale)}`;
  }
  const firstDay = schoolDayOf(startsAt, timeZone);
  const lastDay = schoolDayOf(endsAt, timeZone);
  const start = `${formatDay(firstDay, locale)}, ${formatClockTime(startsAt, timeZone, locale)}`;
  const end = formatClockTime(endsAt, timeZone, locale);
  return firstDay === lastDay ? `${start} – ${end}` : `${start} – ${formatDay(lastDay, locale)}, ${end}`;
}
