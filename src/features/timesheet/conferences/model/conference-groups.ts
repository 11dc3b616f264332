/**
 * Conference records grouped the two ways View Conferences shows them: by date (each date's records in order, the
 * date's worked total and head count) and by person (their dates, records and worked total), with the grand total.
 * Only finished records count in the totals: an open one has no worked hours yet (it shows as clocked in, or as a
 * missing clock-out the timekeeper fixes).
 */
import type { TimesheetRecord } from '../../../../contract';

export interface DateGroup {
  date: string;
  records: TimesheetRecord[];
  /** Worked minutes of the date's finished records. */
  minutes: number;
  /** Different people with a record that date. */
  people: number;
}

export interface PersonTotal {
  userId: string;
  name: string;
  /** Different dates they have a record on. */
  dates: number;
  records: number;
  minutes: number;
}

export interface ConferenceTotals {
  byDate: DateGroup[];
  byPerson: PersonTotal[];
  minutes: number;
  people: number;
  dates: number;
  /** Records without a clock-out (not counted in the minutes). */
  open: number;
}

const worked = (r: TimesheetRecord) => r.worked_minutes ?? 0;

/** The groups and totals of a range's conference records. */
export function groupConferences(records: readonly TimesheetRecord[], locale: string): ConferenceTotals {
  const dates = new Map<string, TimesheetRecord[]>();
  const people = new Map<string, { name: string; dates: Set<string>; records: number; minutes: number }>();
  for (const r of records) {
    const day = dates.get(r.work_date) ?? [];
    day.push(r);
    dates.set(r.work_date, day);
    const person = people.get(r.user_id) ?? { name: r.user_name, dates: new Set(), records: 0, minutes: 0 };
    person.dates.add(r.work_date);
    person.records += 1;
    person.minutes += worked(r);
    people.set(r.user_id, person);
  }
  const byDate = [...dates.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([date, rows]) => ({
      date,
      records: [...rows].sort(
        (a, b) => a.user_name.localeCompare(b.user_name, locale) || a.started_at.localeCompare(b.started_at),
      ),
      minutes: rows.reduce((sum, r) => sum + worked(r), 0),
      people: new Set(rows.map((r) => r.user_id)).size,
    }));
  const byPerson = [...people.entries()]
    .map(([userId, p]) => ({ userId, name: p.name, dates: p.dates.size, records: p.records, minutes: p.minutes }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
  return {
    byDate,
    byPerson,
    minutes: byPerson.reduce((sum, p) => sum + p.minutes, 0),
    people: byPerson.length,
    dates: byDate.length,
    open: records.filter((r) => r.ended_at === null).length,
  };
}
