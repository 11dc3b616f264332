/**
 * The calls of the timesheet screens: records (`v2/timesheets`), pay periods and their approval
 * (`v2/timesheets/periods`) and the summary of worked and expected hours with the compliance flags
 * (`v2/timesheets/summary`), and a new staff badge (`v2/timesheets/badge`). Clocking in and out goes through the outbox
 * instead (see the Add Record screen); these are the online calls of the lists, the reports, the timekeeper's edits
 * and the badge.
 */
import { api, call } from '../../../api/client';
import { resourceApi } from '../../../api/resource';
import type {
  PeriodApproveResult,
  PeriodKey,
  StaffBadge,
  SummaryQuery,
  SummaryResponse,
  TimesheetCreate,
  TimesheetPeriod,
  TimesheetRecord,
  TimesheetUpdate,
} from '../../../contract';

const BASE = 'v2/timesheets';

/** Records: list (filters of TIMESHEET_FILTER_FIELDS), single, create, update (with `reason`, `base_version`), delete. */
export const timesheetsApi = resourceApi<TimesheetRecord, TimesheetCreate, TimesheetUpdate>(BASE);

export const summaryKeys = {
  all: [`${BASE}/summary`] as const,
  range: (query: SummaryQuery) =>
    [`${BASE}/summary`, query.from, query.to, query.user_id ?? 'all', query.days ?? 'true'] as const,
};

/** Worked and expected minutes per person and day, flags and pay period states, for a range. */
export const fetchSummary = (query: SummaryQuery, signal?: AbortSignal) =>
  call(() =>
    api
      .get(`${BASE}/summary`, {
        searchParams: {
          from: query.from,
          to: query.to,
          ...(query.user_id ? { user_id: query.user_id } : {}),
          ...(query.days ? { days: query.days } : {}),
        },
        signal,
      })
      .json<SummaryResponse>(),
  );

export const periodKeys = {
  all: [`${BASE}/periods`] as const,
  range: (from: string, to: string, userId?: string) => [`${BASE}/periods`, from, to, userId ?? 'all'] as const,
};

/** The pay periods touching the dates, for one person or everyone the caller may see, with their state. */
export const fetchPeriods = (query: { from: string; to: string; user_id?: string }, signal?: AbortSignal) =>
  call(() =>
    api
      .get(`${BASE}/periods`, {
        searchParams: { from: query.from, to: query.to, ...(query.user_id ? { user_id: query.user_id } : {}) },
        signal,
      })
      .json<{ data: TimesheetPeriod[] }>(),
  ).then((r) => r.data);

export type PeriodAction = 'submit' | 'approve' | 'return' | 'reopen' | 'withdraw';

/**
 * Moves a person's pay period (any date in it): submit or withdraw (the person, or the timekeeper for them), approve,
 * return with a `note`, reopen with a `reason`.
 */
export const periodAction = (
  action: PeriodAction,
  body: { user_id?: string; date: string; note?: string; reason?: string },
) =>
  call(() => api.post(`${BASE}/periods/${action}`, { json: body }).json<{ data: TimesheetPeriod }>()).then(
    (r) => r.data,
  );

/** Approves several people's pay periods (each by its first day) at once; each is answered on its own. */
export const approvePeriods = (periods: readonly PeriodKey[]) =>
  call(() =>
    api.post(`${BASE}/periods/approve_many`, { json: { periods } }).json<{ data: PeriodApproveResult[] }>(),
  ).then((r) => r.data);

/**
 * A new badge for the signed-in person: a new random code that replaces the old one, which stops working at once. The
 * code is answered only this once, so it is never cached or retried.
 */
export const issueStaffBadge = () =>
  call(() => api.post(`${BASE}/badge`, { json: {} }).json<{ data: StaffBadge }>()).then((r) => r.data);
