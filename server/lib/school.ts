/**
 * The school's name and time zone as the running server uses them. They live in school_settings (set at setup and
 * on the settings screen); a database that has none yet uses SCHOOL_NAME and SCHOOL_TIMEZONE. Read once when the app
 * is built, again after this instance changes them, and again on a request when the copy is older than
 * SCHOOL_REREAD_MS, so that every instance sharing a PostgreSQL database follows a change made on another.
 */
import { isKnownTimeZone } from '../../src/contract';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { schoolSettings } from '../db/schema';

/** How stale another instance's change may be seen: one cheap read a minute at most, per instance. */
export const SCHOOL_REREAD_MS = 60_000;

export interface School {
  readonly name: string;
  readonly timeZone: string;
  /** Reads the stored name and time zone again. */
  refresh(): Promise<void>;
  /** Reads them again when the copy is older than SCHOOL_REREAD_MS. */
  refreshIfStale(): Promise<void>;
}

export async function loadSchool(db: Db, config: Pick<Config, 'SCHOOL_NAME' | 'SCHOOL_TIMEZONE'>): Promise<School> {
  let name = config.SCHOOL_NAME;
  let timeZone = config.SCHOOL_TIMEZONE;
  let readAt = 0;
  const refresh = async () => {
    const [row] = await db
      .select({ name: schoolSettings.school_name, timeZone: schoolSettings.time_zone })
      .from(schoolSettings)
      .limit(1);
    name = row?.name || config.SCHOOL_NAME;
    // A zone the runtime no longer knows (an old tz database) falls back to the configured one, not to a crash.
    timeZone = row?.timeZone && isKnownTimeZone(row.timeZone) ? row.timeZone : config.SCHOOL_TIMEZONE;
    readAt = Date.now();
  };
  await refresh();
  return {
    get name() {
      return name;
    },
    get timeZone() {
      return timeZone;
    },
    refresh,
    refreshIfStale: () => (Date.now() - readAt > SCHOOL_REREAD_MS ? refresh() : Promise.resolve()),
  };
}
