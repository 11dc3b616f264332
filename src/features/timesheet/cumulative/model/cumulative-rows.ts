/**
 * View Cumulative's rows: per person, the running totals of a pay period and of the school year up
 * to date, each as worked, expected so far, the hours expected later, the difference from the expected so far and
 * worked by category, from two summaries of
 * totals only (`days=false`). Someone in one answer and not the other (they joined or left staff meanwhile) has zeros
 * there. Sorted by name, or by either difference (most under expected first, or most over first).
 */
import { type SummaryResponse, TIMESHEET_CATEGORIES, type TimesheetCategory } from '../../../../contract';
import type { DateRange } from '../../reports/model/report-range';
import { schoolYearOf } from './school-year';

export interface Running {
  worked: number;
  /** Expected so far (the summary's `expected_so_far_minutes`, up to its `as_of`). */
  expected: number;
  /** Expected later in the dates: still ahead, not short. */
  ahead: number;
  /** Worked less expected so far. */
  difference: number;
  byCategory: Partial<Record<TimesheetCategory, number>>;
}

export interface CumulativeRow {
  userId: string;
  name: string;
  exempt: boolean;
  period: Running;
  year: Running;
}

export const CUMULATIVE_SORTS = ['name', '-name', 'period', '-period', 'year', '-year'] as const;
export type CumulativeSort = (typeof CUMULATIVE_SORTS)[number];

/**
 * The school year to date of a pay period: from July 1 to today while the period is the current one (`toToday`), to
 * the period's end for any other (a past period's year ends with it; a later one has nothing done yet either way).
 */
export function yearToDate(period: DateRange, today: string): DateRange & { toToday: boolean } {
  const current = period.from <= today && today <= period.to;
  return { from: schoolYearOf(period.to).start, to: current ? today : period.to, toToday: current };
}

const empty = (): Running => ({ worked: 0, expected: 0, ahead: 0, difference: 0, byCategory: {} });

function running(person: SummaryResponse['people'][number] | undefined): Running {
  if (!person) return empty();
  return {
    worked: person.worked_minutes,
    expected: person.expected_so_far_minutes,
    ahead: person.expected_ahead_minutes,
    difference: person.worked_minutes - person.expected_so_far_minutes,
    byCategory: person.by_category,
  };
}

/** The rows of the two answers, sorted. */
export function cumulativeRows(
  period: SummaryResponse,
  year: SummaryResponse,
  sort: CumulativeSort = 'name',
): CumulativeRow[] {
  const inPeriod = new Map(period.people.map((p) => [p.user_id, p]));
  const inYear = new Map(year.people.map((p) => [p.user_id, p]));
  const ids = [...new Set([...inPeriod.keys(), ...inYear.keys()])];
  const rows = ids.map((id): CumulativeRow => {
    const p = inPeriod.get(id);
    const y = inYear.get(id);
    const person = (p ?? y) as NonNullable<typeof p>;
    return { userId: id, name: person.user_name, exempt: person.exempt, period: running(p), year: running(y) };
  });
  const byName = (a: CumulativeRow, b: CumulativeRow) => a.name.localeCompare(b.name);
  const field = sort.replace('-', '') as 'name' | 'period' | 'year';
  const direction = sort.startsWith('-') ? -1 : 1;
  return rows.sort((a, b) => {
    const order = field === 'name' ? byName(a, b) : a[field].difference - b[field].difference;
    return order * direction || byName(a, b);
  });
}

/** The categories with any time in either answer, in the contract's order. */
export function usedCategories(rows: readonly CumulativeRow[]): TimesheetCategory[] {
  return TIMESHEET_CATEGORIES.filter((c) =>
    rows.some((r) => (r.period.byCategory[c] ?? 0) > 0 || (r.year.byCategory[c] ?? 0) > 0),
  );
}

/** Everyone's totals. */
export function cumulativeTotals(rows: readonly CumulativeRow[]): { period: Running; year: Running } {
  const sum = (pick: (r: CumulativeRow) => Running): Running => {
    const out = empty();
    for (const row of rows) {
      const r = pick(row);
      out.worked += r.worked;
      out.expected += r.expected;
      out.ahead += r.ahead;
      for (const [c, m] of Object.entries(r.byCategory) as [TimesheetCategory, number][]) {
        out.byCategory[c] = (out.byCategory[c] ?? 0) + m;
      }
    }
    out.difference = out.worked - out.expected;
    return out;
  };
  return { period: sum((r) => r.period), year: sum((r) => r.year) };
}
