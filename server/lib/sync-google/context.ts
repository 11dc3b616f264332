/**
 * What a Google sync needs: the database, the school's time zone, where Google's APIs are, an access token source
 * for the right scopes, and the HTTP options (backoff, an injectable sleep for tests).
 */
import type { Db } from '../../db/client';
import type { GoogleHttpOptions } from '../google/http';

export interface SyncContext {
  db: Db;
  timeZone: string;
  /** Base URLs (GOOGLE_CLASSROOM_URL, GOOGLE_CALENDAR_URL). */
  classroomUrl: string;
  calendarUrl: string;
  token: () => Promise<string>;
  http: GoogleHttpOptions;
}

export type Counts = Record<string, number>;

/** Adds to a count. */
export const bump = (counts: Counts, name: string, by = 1) => {
  counts[name] = (counts[name] ?? 0) + by;
};
