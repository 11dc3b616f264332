/**
 * Where this device keeps what `GET v2/config` answered (src/api/school-time-zone.ts and the sign-in screens' config
 * write them), so that a station that starts offline still knows the school's name, closures and time zone. Read by
 * the shared components (src/ui/school-name.ts, school-closure.ts, intl-format.ts) and the features.
 */

/** Where the last config answer is kept on the device. */
export const CONFIG_STORAGE_KEY = 'school-ops.config';

/** Where the last known school time zone is kept on this device (src/api/school-time-zone.ts writes it). */
export const TIME_ZONE_STORAGE_KEY = 'school.timeZone';
