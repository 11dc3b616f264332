/**
 * What the timesheet reports read and change, over the section's calls (`../../api/timesheets-api.ts`): the summary of
 * a range (worked and expected minutes, flags, pay period states), the pay period a date lies in, and the timekeeper's
 * approve / return / reopen. Online only: the reports show what the server has.
 *
 * After an action the changed period is written into every summary on screen at once (its state and note), then the
 * summaries and periods are fetched again, so the grid's badge changes as soon as the server has answered.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SummaryResponse, TimesheetPeriod } from '../../../../contract';
import { payPeriodOf } from '../../../../contract';
import {
  fetchPeriods,
  fetchSummary,
  type PeriodAction,
  periodAction,
  periodKeys,
  summaryKeys,
} from '../../api/timesheets-api';
import type { DateRange } from '../model/report-range';

/** The summary of everyone the caller may see from `range.from` to `range.to` (none asked while `range` is null). */
export function useSummary(range: DateRange | null, days: 'true' | 'false' = 'true') {
  const query = { from: range?.from ?? '', to: range?.to ?? '', days };
  return useQuery({
    queryKey: summaryKeys.range(query),
    queryFn: ({ signal }) => fetchSummary(query, signal),
    enabled: range !== null,
  });
}

/**
 * The pay period `date` lies in, as the server divides the school's time: the periods touching that one day are
 * everyone's same period. With nobody on staff the answer is empty; the contract's default rule (semi-monthly) then
 * gives the dates, since there is nothing to show in them anyway.
 */
export function usePayPeriod(date: string | null) {
  return useQuery({
    queryKey: periodKeys.range(date ?? '', date ?? ''),
    queryFn: ({ signal }) => fetchPeriods({ from: date ?? '', to: date ?? '' }, signal),
    select: (periods): DateRange => {
      const first = periods[0];
      if (first) return { from: first.start, to: first.end };
      const fallback = payPeriodOf(date ?? '', { pay_period_rule: 'semi_monthly', pay_period_anchor: null });
      return { from: fallback.start, to: fallback.end };
    },
    enabled: date !== null,
    staleTime: 5 * 60_000,
  });
}

/** One period action: which, whose, which period (its first day), and the note or reason it needs. */
export interface PeriodActionInput {
  action: PeriodAction;
  userId: string;
  start: string;
  note?: string;
  reason?: string;
}

/** Writes a changed period's state and note into a summary answer. */
export function withPeriod(summary: SummaryResponse, period: TimesheetPeriod): SummaryResponse {
  return {
    ...summary,
    people: summary.people.map((person) =>
      person.user_id !== period.user_id
        ? person
        : {
            ...person,
            periods: person.periods.map((p) =>
              p.start === period.start ? { ...p, state: period.state, note: period.note } : p,
            ),
          },
    ),
  };
}

/** Approve, return (with a note) or reopen (with a reason) a person's pay period (submit too: the call takes it). */
export function usePeriodAction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ action, userId, start, note, reason }: PeriodActionInput) =>
      periodAction(action, {
        user_id: userId,
        date: start,
        ...(note !== undefined ? { note } : {}),
        ...(reason !== undefined ? { reason } : {}),
      }),
    onSuccess: (period) => {
      client.setQueriesData<SummaryResponse>({ queryKey: summaryKeys.all }, (summary) =>
        summary ? withPeriod(summary, period) : summary,
      );
      void client.invalidateQueries({ queryKey: summaryKeys.all });
      void client.invalidateQueries({ queryKey: periodKeys.all });
    },
  });
}
