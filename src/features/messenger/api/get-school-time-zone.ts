/**
 * The school's time zone, from `GET v2/config` (DESIGN section 4), so that 'today' and 'on duty now' follow the
 * school's clock. Fetched once an hour at most; the last answer is remembered on the device (the same key the
 * check-in screens use, for the same value) so a kiosk that starts offline keeps it; with nothing known, the
 * browser's zone stands in, which is the school's on a device at the school.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, call } from '../../../api/client';
import type { ConfigResponse } from '../../../contract';

/** Where the last known school time zone is kept on this device. */
export const TIME_ZONE_STORAGE_KEY = 'school.timeZone';

export const schoolTimeZoneKey = ['school-time-zone'] as const;

function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

function remembered(): string | null {
  try {
    return localStorage.getItem(TIME_ZONE_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** `GET v2/config`'s time zone, remembered on the device. */
export async function getSchoolTimeZone(): Promise<string> {
  const config = await call(() => api.get('v2/config').json<ConfigResponse>());
  try {
    if (isValidTimeZone(config.time_zone)) localStorage.setItem(TIME_ZONE_STORAGE_KEY, config.time_zone);
  } catch {
    // Storage full or disabled: the zone is still used for this session.
  }
  return config.time_zone;
}

export const schoolTimeZoneQuery = queryOptions({
  queryKey: schoolTimeZoneKey,
  queryFn: getSchoolTimeZone,
  staleTime: 60 * 60_000,
  gcTime: Number.POSITIVE_INFINITY,
});

/** The school's time zone: fetched, else remembered, else the browser's. */
export function useSchoolTimeZone(): string {
  const { data } = useQuery(schoolTimeZoneQuery);
  const zone = data ?? remembered();
  return zone && isValidTimeZone(zone) ? zone : Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
