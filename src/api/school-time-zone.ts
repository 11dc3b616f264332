/**
 * The school's time zone, from `GET v2/config` (DESIGN section 4). The stations need it to tell the school day, a
 * late arrival and who is on duty now the way the server does (SCHOOL_TIMEZONE), which matters when a device's own
 * zone differs from the school's. It changes with a deployment, not during the day, so it is fetched once an hour at most and the last
 * answer is remembered on the device: a kiosk that starts offline keeps the school's zone. With nothing known yet
 * (a new device, offline) the browser's zone stands in, which is the school's on a kiosk at the school.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConfigResponse } from '../contract';
import { browserTimeZone, isValidTimeZone } from '../lib/intl';
import { api, call } from './client';
import { CONFIG_STORAGE_KEY, TIME_ZONE_STORAGE_KEY } from './config-keys';

export { browserTimeZone, isValidTimeZone, TIME_ZONE_STORAGE_KEY };

export const schoolTimeZoneKey = ['school-time-zone'] as const;

function remembered(): string | null {
  try {
    return localStorage.getItem(TIME_ZONE_STORAGE_KEY);
  } catch {
    return null;
  }
}

function remember(timeZone: string): void {
  try {
    localStorage.setItem(TIME_ZONE_STORAGE_KEY, timeZone);
  } catch {
    // Storage full or disabled: the zone is still used for this session.
  }
}

/**
 * `GET v2/config`'s time zone, remembered on the device. The whole answer is kept too, where the sign-in screens keep
 * it: a station signed in for weeks thus keeps the school's coming closures fresh (src/ui/school-closure.ts).
 */
export async function getSchoolTimeZone(): Promise<string> {
  return (await getSchoolConfig()).time_zone;
}

/** `GET v2/config`, its time zone and the whole answer remembered on the device. */
export async function getSchoolConfig(): Promise<ConfigResponse> {
  const config = await call(() => api.get('v2/config').json<ConfigResponse>());
  if (isValidTimeZone(config.time_zone)) remember(config.time_zone);
  try {
    localStorage.setItem(CONFIG_STORAGE_KEY, JSON.stringify(config));
  } catch {
    // Storage full or disabled: the closures known before stay.
  }
  return config;
}

/** The configuration for the online screens (an administrator's, say), fetched once an hour at most. */
export const schoolConfigQuery = queryOptions({
  queryKey: ['school-config'] as const,
  queryFn: getSchoolConfig,
  staleTime: 60 * 60_000,
});

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
  return zone && isValidTimeZone(zone) ? zone : browserTimeZone();
}
