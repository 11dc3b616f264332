/**
 * Date formatters made once and reused, and the time zone checks made with them. A new `Intl.DateTimeFormat` costs
 * about a millisecond in Chromium (measured in bench/meal-tap.mjs's profile: the station header and the school's time
 * zone check made three on every render of Enter Meals, a fifth of the work between a tap and its confirmation). A
 * formatter is immutable, so one per locale and options is safe to share. Below every floor that formats or checks a
 * zone: `src/api/school-time-zone.ts` checks the server's, `src/ui/intl-format.ts` formats the screens' dates.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The formatter for `locale` and `options`, made on first use. */
export function dateTimeFormat(locale: string | undefined, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale ?? ''}|${JSON.stringify(options)}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

const zones = new Map<string, boolean>();

/** True when `timeZone` is an IANA zone this browser knows. */
export function isValidTimeZone(timeZone: string): boolean {
  let valid = zones.get(timeZone);
  if (valid === undefined) {
    try {
      dateTimeFormat('en', { timeZone });
      valid = true;
    } catch {
      valid = false;
    }
    zones.set(timeZone, valid);
  }
  return valid;
}

let browserZone: string | undefined;

/** The browser's own time zone (the fallback when the school's is not known on this device). */
export function browserTimeZone(): string {
  browserZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  return browserZone;
}
