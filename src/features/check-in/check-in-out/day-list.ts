/**
 * The Check In/Out list as data: one row per active scholar with today's state, the filters (grade, homeroom,
 * state, search), the counts per state and the CSV rows. Pure functions over the roster index, so 5,000 scholars
 * filter in one pass per change and the screen only renders a page of them.
 */

import type { AbsenceReport, DemographicRecord } from '../../../contract';
import { GRADES } from '../../../contract';
import { matchingIds, type RosterIndex } from '../../../ui/roster/roster-search';
import { countStates, type DayState, dayOf, type ScholarDay } from '../model/day-state';

export interface DayRow {
  scholar: DemographicRecord;
  day: ScholarDay;
  /** The family's report for today (absent, late, leaving early), if any. */
  report: AbsenceReport | null;
}

/**
 * The state filter beyond the day's states: 'reported', the scholars a family reported for today (absent, late or
 * leaving early); 'unexplained', those not arrived without a report.
 */
export const REPORT_FILTERS = ['reported', 'unexplained'] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];

export interface DayFilters {
  grade: string;
  homeroom: string;
  state: DayState | ReportFilter | '';
  query: string;
}

export const NO_FILTERS: DayFilters = { grade: '', homeroom: '', state: '', query: '' };

/** Rows shown per page. */
export const PAGE_SIZE = 50;

/** Every active scholar with their day, in name order (the index's). */
export function dayRows(
  index: RosterIndex,
  days: ReadonlyMap<string, ScholarDay>,
  reports: ReadonlyMap<string, AbsenceReport> = new Map(),
): DayRow[] {
  return index.entries.map(({ scholar }) => ({
    scholar,
    day: dayOf(days, scholar.id),
    report: reports.get(scholar.id) ?? null,
  }));
}

/** Whether a row is in the chosen state (a day state, or one of the report filters). */
function inState(row: DayRow, state: DayFilters['state']): boolean {
  if (state === 'reported') return row.report !== null;
  if (state === 'unexplained') return row.day.state === 'not_arrived' && row.report === null;
  return row.day.state === state;
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** The grades (in school order) and homerooms (sorted) present in the rows, for the filter lists. */
export function filterOptions(rows: readonly DayRow[]): { grades: string[]; homerooms: string[] } {
  const grades = new Set(rows.map((r) => r.scholar.grade));
  const homerooms = new Set(rows.flatMap((r) => (r.scholar.homeroom ? [r.scholar.homeroom] : [])));
  return {
    grades: GRADES.filter((g) => grades.has(g)),
    homerooms: [...homerooms].sort(collator.compare),
  };
}

export interface FilteredDay {
  /** The rows matching grade, homeroom and search: what the counts are of. */
  matching: DayRow[];
  /** Those rows in the chosen state too: the list. */
  shown: DayRow[];
  counts: Record<DayState | 'total', number>;
  /** Of the matching rows: those a family reported for today, and those not arrived without a report. */
  reportCounts: Record<ReportFilter, number>;
}

/** Applies the filters; the counts are of the rows matching everything but the state. */
export function filterDay(rows: readonly DayRow[], filters: DayFilters, index: RosterIndex): FilteredDay {
  const ids = filters.query.trim() ? matchingIds(index, filters.query) : null;
  const matching = rows.filter(
    (r) =>
      (!filters.grade || r.scholar.grade === filters.grade) &&
      (!filters.homeroom || r.scholar.homeroom === filters.homeroom) &&
      (!ids || ids.has(r.scholar.id)),
  );
  const state = filters.state;
  const shown = state ? matching.filter((r) => inState(r, state)) : matching;
  const byId = new Map(matching.map((r) => [r.scholar.id, r.day]));
  const reportCounts = { reported: 0, unexplained: 0 };
  for (const r of matching) {
    if (r.report) reportCounts.reported += 1;
    else if (r.day.state === 'not_arrived') reportCounts.unexplained += 1;
  }
  return { matching, shown, counts: countStates(byId.keys(), byId), reportCounts };
}

/** The rows of one page (1-based), and how many pages there are. */
export function pageOf<T>(
  rows: readonly T[],
  page: number,
  size = PAGE_SIZE,
): { rows: T[]; pages: number; page: number } {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(1, page), pages);
  return { rows: rows.slice((current - 1) * size, current * size), pages, page: current };
}

/** The CSV rows: name, student number, grade, homeroom, state, time, reason. */
export function csvRows(
  rows: readonly DayRow[],
  stateLabel: (state: DayState) => string,
  timeOf: (iso: string) => string,
): string[][] {
  return rows.map(({ scholar, day }) => [
    `${scholar.fname} ${scholar.lname}`,
    scholar.student_number,
    scholar.grade,
    scholar.homeroom ?? '',
    stateLabel(day.state),
    day.at ? timeOf(day.at) : '',
    day.reason ?? '',
  ]);
}
