/** A date or a range of dates as people read it ('Thu, Nov 26, 2026' or 'Mon, Dec 21, 2026 – Fri, Jan 1, 2027'). */
import { formatDay } from '../../../ui/school-clock';

export function datesText(row: { starts_on: string; ends_on: string }, locale: string): string {
  return row.starts_on === row.ends_on
    ? formatDay(row.starts_on, locale)
    : `${formatDay(row.starts_on, locale)} – ${formatDay(row.ends_on, locale)}`;
}
