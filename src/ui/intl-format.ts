/**
 * Date formatters made once and reused. A new `Intl.DateTimeFormat` costs about a millisecond in Chromium (measured
 * in bench/meal-tap.mjs's profile: the station header and the school's time zone check made three on every render of
 * Enter Meals, a fifth of the work between a tap and its confirmation). A formatter is immutable, so one per locale
 * and options is safe to share.
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

/** Where the last known school time zone is kept on this device (src/api/school-time-zone.ts writes it). */
export const TIME_ZONE_STORAGE_KEY = 'school.timeZone';

/** The school's time zone as this device last knew it, else the browser's (for screens outside the query client). */
export function knownSchoolTimeZone(): string {
  try {
    const zone = localStorage.getItem(TIME_ZONE_STORAGE_KEY);
    if (zone && isValidTimeZone(zone)) return zone;
  } catch {
    // Storage unavailable: the browser's zone stands in.
  }
  return browserTimeZone();
}

/** The station header's date ("Tuesday, November 17"), on the school's clock. */
export const stationDateOptions = (timeZone: string): Intl.DateTimeFormatOptions => ({
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  timeZone,
});
/** The station header's time ("11:40 AM"), on the school's clock. */
export const stationTimeOptions = (timeZone: string): Intl.DateTimeFormatOptions => ({
  hour: 'numeric',
  minute: '2-digit',
  timeZone,
});
/** A moment as a station says it elsewhere on its screen: the header's date and time together. */
export const stationDateTimeOptions = (timeZone: string): Intl.DateTimeFormatOptions => ({
  ...stationDateOptions(timeZone),
  ...stationTimeOptions(timeZone),
});
