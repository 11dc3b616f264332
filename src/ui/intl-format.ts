/**
 * The screens' dates and times on the school's clock. The formatters are made once and reused (`dateTimeFormat`,
 * src/lib/intl.ts, with why); the time zone checks and the device's storage key of the school's zone are re-exported
 * here from the floors below for the screens that read them with the formats.
 */
import { TIME_ZONE_STORAGE_KEY } from '../api/config-keys';
import { browserTimeZone, dateTimeFormat, isValidTimeZone } from '../lib/intl';

export { browserTimeZone, dateTimeFormat, isValidTimeZone, TIME_ZONE_STORAGE_KEY };

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
