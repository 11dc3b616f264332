/**
 * The range a report shows, read from the address (model/report-range.ts), with the pay period's dates fetched when
 * the range is a pay period, and a setter that writes a change into the address (replacing the entry: stepping through
 * weeks is not something Back should retrace). `staff` (the person filter) and `sort` live there too.
 */
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSchoolTimeZone } from '../../../api/school-time-zone';
import { schoolDayOf } from '../../../ui/school-clock';
import { usePayPeriod } from './api/report-queries';
import {
  calendarRange,
  customRangeProblem,
  type DateRange,
  type RangeKind,
  type RangeState,
  readRangeState,
} from './model/report-range';

/** A change to the address: any of the range's parts, the person filter, the sort. */
export interface RangePatch {
  kind?: RangeKind;
  date?: string;
  custom?: DateRange;
  staff?: string | null;
  sort?: string | null;
}

export interface ReportRange {
  state: RangeState;
  today: string;
  /** The dates shown; null while a pay period's dates load, or when dates chosen by hand cannot be shown. */
  range: DateRange | null;
  /** The pay period's lookup (kind `period`): its loading, offline and error states are the screen's. */
  period: ReturnType<typeof usePayPeriod>;
  /** Why dates chosen by hand cannot be shown. */
  problem: ReturnType<typeof customRangeProblem>;
  /** The person filter (a user id), or null for everyone. */
  staff: string | null;
  sort: string | null;
  update: (patch: RangePatch) => void;
}

/** The address after a change. */
function withPatch(current: URLSearchParams, patch: RangePatch): URLSearchParams {
  const next = new URLSearchParams(current);
  const write = (key: string, value: string | null | undefined) => {
    if (value) next.set(key, value);
    else next.delete(key);
  };
  if (patch.kind) write('range', patch.kind);
  if (patch.date) write('date', patch.date);
  if (patch.custom) {
    write('from', patch.custom.from);
    write('to', patch.custom.to);
  }
  if ('staff' in patch) write('staff', patch.staff);
  if ('sort' in patch) write('sort', patch.sort);
  return next;
}

/**
 * The report's range for the kinds it offers (the first is the default).
 *
 * A change shows at once: the router applies a new address in a transition (rendered in slices, after other work), so
 * the change is also kept here as a plain state update, which React draws within the press that made it, and the
 * screen reads it until the router's address has caught up (bench/timesheet-grid.mjs: a month's grid redraw).
 */
export function useReportRange(kinds: readonly RangeKind[]): ReportRange {
  const [routerParams, setParams] = useSearchParams();
  const [pending, setPending] = useState<URLSearchParams | null>(null);
  const caughtUp = pending !== null && pending.toString() === routerParams.toString();
  const params = pending && !caughtUp ? pending : routerParams;
  useEffect(() => {
    if (caughtUp) setPending(null);
  }, [caughtUp]);
  const today = schoolDayOf(Date.now(), useSchoolTimeZone());
  const state = readRangeState(params, today, kinds);
  const period = usePayPeriod(state.kind === 'period' ? state.date : null);
  const problem = state.kind === 'dates' ? customRangeProblem(state.custom) : null;
  let range: DateRange | null;
  if (state.kind === 'period') range = period.data ?? null;
  else if (state.kind === 'dates') range = problem ? null : state.custom;
  else range = calendarRange(state.kind, state.date);

  const update = useCallback(
    (patch: RangePatch) => {
      const next = withPatch(params, patch);
      setPending(next);
      setParams(next, { replace: true });
    },
    [params, setParams],
  );

  return { state, today, range, period, problem, staff: params.get('staff') || null, sort: params.get('sort'), update };
}
