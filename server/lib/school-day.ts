/** The school day of an instant: its calendar date in the school's time zone (SCHOOL_TIMEZONE), as YYYY-MM-DD. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** YYYY-MM-DD of `instant` in `timeZone`. */
export function schoolDay(instant: Date | string, timeZone: string): string {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, f);
  }
  return f.format(typeof instant === 'string' ? new Date(instant) : instant);
}

const clocks = new Map<string, Intl.DateTimeFormat>();

/** Minutes since midnight of `instant` in `timeZone` (the school's wall clock). */
export function minutesOfDay(instant: Date | string, timeZone: string): number {
  let f = clocks.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    clocks.set(timeZone, f);
  }
  const parts = f.formatToParts(typeof instant === 'string' ? new Date(instant) : instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get('hour') * 60 + get('minute');
}
