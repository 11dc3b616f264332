/**
 * What View Records shows, kept in the address so a reload or a link opens the same list:
 * `?from=&to=&staff=&category=regular,leave&q=&sort=-started_at&page=`. The range is this calendar month on the
 * school's clock unless chosen (a pay period needs the school's settings and the summary; a month is what a
 * timekeeper checks, and This week / This month / Last month are one press away). Everything changed but the page
 * goes back to page 1, and replaces the history entry (a typed date is not a step Back should retrace).
 */
import { useSearchParams } from 'react-router-dom';
import type { ListParams } from '../../../../api/resource';
import { mondayOf, monthOf, shiftDate, TIMESHEET_CATEGORIES, type TimesheetCategory } from '../../../../contract';

export const PER_PAGE = 50;
export const RECORD_SORTS = ['-started_at', 'started_at'] as const;
export type RecordSort = (typeof RECORD_SORTS)[number];

export interface RecordsState {
  from: string;
  to: string;
  staffId: string;
  categories: TimesheetCategory[];
  search: string;
  sort: RecordSort;
  page: number;
}

/** The quick ranges. */
export const PRESETS = ['thisWeek', 'thisMonth', 'lastMonth'] as const;
export type Preset = (typeof PRESETS)[number];

/** The dates of a quick range around `today`. */
export function presetRange(preset: Preset, today: string): { from: string; to: string } {
  if (preset === 'thisWeek') {
    const from = mondayOf(today);
    return { from, to: shiftDate(from, 6) };
  }
  const month = monthOf(preset === 'thisMonth' ? today : shiftDate(monthOf(today).start, -1));
  return { from: month.start, to: month.end };
}

/** True for a real calendar date written YYYY-MM-DD. */
export function isDay(value: string | null | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The state read from the search params; what is missing or malformed takes its default. */
export function readRecordsState(params: URLSearchParams, today: string): RecordsState {
  const month = presetRange('thisMonth', today);
  const from = params.get('from');
  const to = params.get('to');
  const categories = (params.get('category') ?? '')
    .split(',')
    .filter((c): c is TimesheetCategory => (TIMESHEET_CATEGORIES as readonly string[]).includes(c));
  const sort = params.get('sort');
  return {
    from: isDay(from) ? from : month.from,
    to: isDay(to) ? to : month.to,
    staffId: params.get('staff') ?? '',
    categories: TIMESHEET_CATEGORIES.filter((c) => categories.includes(c)),
    search: params.get('q') ?? '',
    sort: RECORD_SORTS.find((s) => s === sort) ?? '-started_at',
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
  };
}

/** The list call's filter of a state (without page). */
export function recordsFilter(state: RecordsState): Record<string, string | undefined> {
  return {
    from: state.from,
    to: state.to,
    user_id: state.staffId || undefined,
    category: state.categories.length ? state.categories.join(',') : undefined,
  };
}

/** The list call of one page. */
export const recordsListParams = (state: RecordsState): ListParams => ({
  filter: recordsFilter(state),
  search: state.search || undefined,
  sort: state.sort,
  page: state.page,
  per_page: PER_PAGE,
});

/** The state and a setter that writes a patch into the address. */
export function useRecordsState(today: string): [RecordsState, (patch: Partial<RecordsState>) => void] {
  const [params, setParams] = useSearchParams();
  const state = readRecordsState(params, today);
  const update = (patch: Partial<RecordsState>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        const write = (key: string, value: string) => (value ? next.set(key, value) : next.delete(key));
        if (patch.from !== undefined) write('from', patch.from);
        if (patch.to !== undefined) write('to', patch.to);
        if (patch.staffId !== undefined) write('staff', patch.staffId);
        if (patch.categories !== undefined) write('category', patch.categories.join(','));
        if (patch.search !== undefined) write('q', patch.search.trim());
        if (patch.sort !== undefined) write('sort', patch.sort === '-started_at' ? '' : patch.sort);
        write('page', patch.page && patch.page > 1 ? String(patch.page) : '');
        return next;
      },
      { replace: true },
    );
  return [state, update];
}
