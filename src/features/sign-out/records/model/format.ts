/** Days as View Records writes them; times come from the shared school clock (src/ui/school-clock.ts). */

const dayFormatters = new Map<string, Intl.DateTimeFormat>();

/** A YYYY-MM-DD school day as people read it in `locale` ('Sat, Nov 21, 2026'). */
export function formatDay(day: string, locale: string): string {
  let formatter = dayFormatters.get(locale);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, {
      weekday: 'short',
      year: 'numeric',
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
    dayFormatters.set(locale, formatter);
  }
  return formatter.format(new Date(`${day}T00:00:00Z`));
}
