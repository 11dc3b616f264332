/**
 * View Daily Combined's days: the summary turned around, by date. Each day of the range lists the
 * people who recorded time that day (their first in, last out, worked, expected, the difference, flags, an open
 * record), by name; then the people expected that day who recorded nothing, up to today (a later day is not missed
 * yet); and the day's totals: how many people recorded time, what they worked, and what everyone listed was expected
 * to work (the missing people's hours included, so the day's gap shows).
 *
 * "Expected" here is the expected SO FAR (the summary's `expected_so_far_minutes`, up to its `as_of`): today's hours
 * count up to now (or the clock-out), so the difference of today says how the day stands, not how far it is from its
 * end; the rest (`ahead`) is said apart. Someone who recorded nothing today is missing only once hours of theirs have
 * passed.
 */
import { datesBetween, type FlagCode, type SummaryResponse } from '../../../../contract';

export interface DailyEntry {
  userId: string;
  name: string;
  exempt: boolean;
  firstIn: string | null;
  lastOut: string | null;
  worked: number;
  /** Expected so far. */
  expected: number;
  /** Expected later the same day (today's rest; a future day's whole). */
  ahead: number;
  /** Worked less expected so far. */
  difference: number;
  flags: FlagCode[];
  /** An open record: still clocked in (today or later) or a missing clock-out (a past day). */
  open: 'clockedIn' | 'missingOut' | null;
}

export interface DailyAbsent {
  userId: string;
  name: string;
  /** Expected so far. */
  expected: number;
}

export interface DailyGroup {
  date: string;
  entries: DailyEntry[];
  absent: DailyAbsent[];
  /** Of the people listed: worked, expected so far and the difference; `ahead` is everyone's expected later. */
  totals: { people: number; worked: number; expected: number; ahead: number; difference: number };
}

/** The days of a summary, for everyone or one person (`userId`), with `today` on the school's clock. */
export function dailyGroups(summary: SummaryResponse, today: string, userId: string | null = null): DailyGroup[] {
  const groups = new Map<string, DailyGroup>(
    datesBetween(summary.from, summary.to).map((date) => [
      date,
      { date, entries: [], absent: [], totals: { people: 0, worked: 0, expected: 0, ahead: 0, difference: 0 } },
    ]),
  );
  const people = summary.people
    .filter((p) => userId === null || p.user_id === userId)
    .sort((a, b) => a.user_name.localeCompare(b.user_name));
  for (const person of people) {
    const datedFlags = new Map<string, FlagCode[]>();
    for (const flag of person.flags) datedFlags.set(flag.date, [...(datedFlags.get(flag.date) ?? []), flag.code]);
    for (const day of person.days) {
      const group = groups.get(day.date);
      if (!group) continue;
      const ahead = day.expected_minutes - day.expected_so_far_minutes;
      group.totals.ahead += ahead;
      if (day.records > 0 || day.open) {
        group.entries.push({
          userId: person.user_id,
          name: person.user_name,
          exempt: person.exempt,
          firstIn: day.first_in,
          lastOut: day.last_out,
          worked: day.worked_minutes,
          expected: day.expected_so_far_minutes,
          ahead,
          difference: day.worked_minutes - day.expected_so_far_minutes,
          flags: [...new Set([...day.flags, ...(datedFlags.get(day.date) ?? [])])],
          open: day.open ? (day.date < today ? 'missingOut' : 'clockedIn') : null,
        });
      } else if (day.expected_so_far_minutes > 0 && day.date <= today) {
        group.absent.push({ userId: person.user_id, name: person.user_name, expected: day.expected_so_far_minutes });
      }
    }
  }
  for (const group of groups.values()) {
    const worked = group.entries.reduce((sum, e) => sum + e.worked, 0);
    const expected =
      group.entries.reduce((sum, e) => sum + e.expected, 0) + group.absent.reduce((sum, a) => sum + a.expected, 0);
    group.totals = {
      people: group.entries.length,
      worked,
      expected,
      ahead: group.totals.ahead,
      difference: worked - expected,
    };
  }
  return [...groups.values()];
}

/** The range's totals: people who recorded any time, worked and expected so far of the days listed, and later. */
export function rangeTotals(groups: readonly DailyGroup[]) {
  const people = new Set(groups.flatMap((g) => g.entries.map((e) => e.userId)));
  const worked = groups.reduce((sum, g) => sum + g.totals.worked, 0);
  const expected = groups.reduce((sum, g) => sum + g.totals.expected, 0);
  const ahead = groups.reduce((sum, g) => sum + g.totals.ahead, 0);
  return { people: people.size, worked, expected, ahead, difference: worked - expected };
}
