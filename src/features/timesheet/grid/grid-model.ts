/**
 * The grid of View Grid as plain data, worked out once per answer so the table only draws it: people
 * (rows, by name) by days (columns) of the summary's range, each cell's worked and expected minutes and what needs
 * the timekeeper's attention there, each person's totals per week and for the range, and the day totals.
 *
 * Worked hours are compared with the hours expected SO FAR (the summary's `expected_so_far_minutes`, up to its
 * `as_of`): a future day's expected hours are still ahead, not short, and today's count up to now.
 *
 * Weeks run Monday to Sunday (the workweek of the weekly flag), cut at the range's edges: a semi-monthly pay period of
 * Nov 1 – 15, 2026 is Sunday the 1st, then Nov 2 – 8 and Nov 9 – 15.
 *
 * A cell needs attention (`marks`) when:
 * - `missingOut`: a record of a past day has no clock-out (today's is someone still clocked in, not a problem);
 * - `over`: worked is ATTENTION_MINUTES or more above expected so far, any day (a weekend's work with nothing expected too);
 * - `under`: worked is ATTENTION_MINUTES or more below expected, on a past day without an open record (today is not
 *   over yet, a future day not begun, and a missing clock-out is already said);
 * - `flag`: a compliance flag of that day (item 9: the summary's day flags and the person's dated flags).
 */
import {
  datesBetween,
  type FlagCode,
  isoWeekday,
  type PeriodState,
  type SummaryDay,
  type SummaryResponse,
} from '../../../contract';

/** How far worked may be from expected, in minutes, before the cell is marked. */
export const ATTENTION_MINUTES = 15;

export const CELL_MARKS = ['missingOut', 'flag', 'over', 'under'] as const;
export type CellMark = (typeof CELL_MARKS)[number];

export interface Totals {
  worked: number;
  /** All the expected minutes, those still ahead included. */
  expected: number;
  /** The expected minutes so far; `expected - soFar` are still ahead. */
  soFar: number;
}

export interface GridCell {
  date: string;
  worked: number;
  expected: number;
  /** Expected minutes so far (all of a past day's, none of a future day's). */
  soFar: number;
  /** A day after today with expected hours: they are all still ahead. */
  ahead: boolean;
  /** The summary lists the day (it has a record or expected hours). */
  listed: boolean;
  /** An open record: still clocked in (today or later) or a missing clock-out (a past day). */
  open: 'clockedIn' | 'missingOut' | null;
  /** Worked less expected so far. */
  difference: number;
  /** What needs attention, most pressing first. */
  marks: CellMark[];
  flags: FlagCode[];
}

export interface GridPeriod {
  start: string;
  end: string;
  state: PeriodState;
  note: string | null;
}

export interface GridRow {
  userId: string;
  name: string;
  exempt: boolean;
  /** One per date of the range. */
  cells: GridCell[];
  /** One per week of the range. */
  weeks: Totals[];
  total: Totals;
  /** The pay periods touching the range, in order. */
  periods: GridPeriod[];
  /** Cells that need attention. */
  attention: number;
}

export interface GridWeek {
  from: string;
  to: string;
  /** Index of its first date in the range's dates. */
  first: number;
  /** How many dates. */
  length: number;
}

export interface GridModel {
  dates: string[];
  weeks: GridWeek[];
  rows: GridRow[];
  /** One per date: everyone's worked and expected. */
  dayTotals: Totals[];
  weekTotals: Totals[];
  total: Totals;
  /** Cells that need attention, everyone's. */
  attention: number;
}

/** The weeks (Monday to Sunday, cut at the edges) of a list of consecutive dates. */
export function weeksOf(dates: readonly string[]): GridWeek[] {
  const weeks: GridWeek[] = [];
  dates.forEach((date, i) => {
    const last = weeks[weeks.length - 1];
    if (!last || isoWeekday(date) === 1) weeks.push({ from: date, to: date, first: i, length: 1 });
    else {
      last.to = date;
      last.length += 1;
    }
  });
  return weeks;
}

/** What needs attention in one day of one person. */
export function cellMarks(
  cell: Pick<GridCell, 'date' | 'worked' | 'soFar' | 'flags'> & { hasOpen: boolean },
  today: string,
): CellMark[] {
  const marks: CellMark[] = [];
  const past = cell.date < today;
  if (cell.hasOpen && past) marks.push('missingOut');
  if (cell.flags.length) marks.push('flag');
  const difference = cell.worked - cell.soFar;
  if (difference >= ATTENTION_MINUTES) marks.push('over');
  else if (-difference >= ATTENTION_MINUTES && past && !cell.hasOpen) marks.push('under');
  return marks;
}

const add = (into: Totals, from: Totals) => {
  into.worked += from.worked;
  into.expected += from.expected;
  into.soFar += from.soFar;
};

const zero = (): Totals => ({ worked: 0, expected: 0, soFar: 0 });

/** The grid of a summary answer, with `today` on the school's clock. */
export function buildGridModel(summary: SummaryResponse, today: string): GridModel {
  const dates = datesBetween(summary.from, summary.to);
  const weeks = weeksOf(dates);
  const weekOfDate = new Map<string, number>();
  weeks.forEach((week, w) => {
    for (let i = week.first; i < week.first + week.length; i++) weekOfDate.set(dates[i] as string, w);
  });
  const dayTotals = dates.map(zero);
  const weekTotals = weeks.map(zero);
  const total = zero();
  let attention = 0;

  const people = [...summary.people].sort((a, b) => a.user_name.localeCompare(b.user_name));
  const rows = people.map((person): GridRow => {
    const byDate = new Map<string, SummaryDay>(person.days.map((d) => [d.date, d]));
    const datedFlags = new Map<string, FlagCode[]>();
    for (const flag of person.flags) datedFlags.set(flag.date, [...(datedFlags.get(flag.date) ?? []), flag.code]);
    const rowWeeks = weeks.map(zero);
    const rowTotal = zero();
    let rowAttention = 0;
    const cells = dates.map((date, i): GridCell => {
      const day = byDate.get(date);
      const worked = day?.worked_minutes ?? 0;
      const expected = day?.expected_minutes ?? 0;
      const soFar = day?.expected_so_far_minutes ?? 0;
      const flags = [...new Set([...(day?.flags ?? []), ...(datedFlags.get(date) ?? [])])];
      const hasOpen = day?.open ?? false;
      const marks = cellMarks({ date, worked, soFar, flags, hasOpen }, today);
      if (marks.length) rowAttention += 1;
      const totals = { worked, expected, soFar };
      add(dayTotals[i] as Totals, totals);
      add(rowWeeks[weekOfDate.get(date) ?? 0] as Totals, totals);
      add(rowTotal, totals);
      return {
        date,
        worked,
        expected,
        soFar,
        ahead: date > today && expected > 0,
        listed: day !== undefined,
        open: hasOpen ? (date < today ? 'missingOut' : 'clockedIn') : null,
        difference: worked - soFar,
        marks,
        flags,
      };
    });
    rowWeeks.forEach((week, w) => {
      add(weekTotals[w] as Totals, week);
    });
    add(total, rowTotal);
    attention += rowAttention;
    return {
      userId: person.user_id,
      name: person.user_name,
      exempt: person.exempt,
      cells,
      weeks: rowWeeks,
      total: rowTotal,
      periods: [...person.periods].sort((a, b) => a.start.localeCompare(b.start)),
      attention: rowAttention,
    };
  });

  return { dates, weeks, rows, dayTotals, weekTotals, total, attention };
}
