/**
 * What View Single shows, kept in the URL so a link or a reload opens the same person and dates:
 * `?staff=<id>&view=week|month&date=YYYY-MM-DD`. A week runs Monday to Sunday (the contract's `mondayOf`); a month is
 * its calendar month (`monthOf`). A missing or malformed date is today on the school's clock.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { mondayOf, monthOf, shiftDate } from '../../../../contract';

export const SCHEDULE_VIEWS = ['week', 'month'] as const;
export type ScheduleView = (typeof SCHEDULE_VIEWS)[number];

export interface ViewState {
  staffId: string | null;
  view: ScheduleView;
  /** A day inside the range shown. */
  date: string;
}

/** True for a real calendar date written YYYY-MM-DD. */
export function isDay(value: string | null | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The view state read from the search params. */
export function readViewState(params: URLSearchParams, today: string): ViewState {
  const view = params.get('view') === 'month' ? 'month' : 'week';
  const date = params.get('date');
  return { staffId: params.get('staff') || null, view, date: isDay(date) ? date : today };
}

/** The first and last date the view shows. */
export function rangeOf(view: ScheduleView, date: string): { from: string; to: string } {
  if (view === 'month') {
    const { start, end } = monthOf(date);
    return { from: start, to: end };
  }
  const from = mondayOf(date);
  return { from, to: shiftDate(from, 6) };
}

/** The first day of the week or month before (-1) or after (1) the one `date` lies in. */
export function stepDate(view: ScheduleView, date: string, step: -1 | 1): string {
  const { from, to } = rangeOf(view, date);
  if (view === 'week') return shiftDate(from, 7 * step);
  return step < 0 ? monthOf(shiftDate(from, -1)).start : shiftDate(to, 1);
}

/** The view state and a setter that writes a patch into the URL (replacing the entry, so Back leaves the screen). */
export function useViewState(today: string): [ViewState, (patch: Partial<ViewState>) => void] {
  const [params, setParams] = useSearchParams();
  const state = readViewState(params, today);
  const update = useCallback(
    (patch: Partial<ViewState>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const write = (key: string, value: string | null | undefined) => {
            if (value) next.set(key, value);
            else next.delete(key);
          };
          if ('staffId' in patch) write('staff', patch.staffId);
          if (patch.view) write('view', patch.view);
          if (patch.date) write('date', patch.date);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return [state, update];
}
