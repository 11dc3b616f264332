/**
 * The rows of the expected-hours table: one per day and, in month view, a subtotal after each week (Monday to
 * Sunday, cut at the month's edges). Totals count the days that expect any hours.
 */
import { type ExpectedDay, isoWeekday } from '../../../../contract';
import type { ScheduleView } from './view-state';

export type TableRow =
  | { kind: 'day'; day: ExpectedDay }
  | { kind: 'subtotal'; from: string; to: string; minutes: number; workDays: number };

/** Expected minutes and the number of days that expect any. */
export function totalsOf(days: readonly ExpectedDay[]): { minutes: number; workDays: number } {
  return {
    minutes: days.reduce((sum, d) => sum + d.minutes, 0),
    workDays: days.filter((d) => d.minutes > 0).length,
  };
}

/** The table's rows: the days, with a subtotal closing each week in month view. */
export function tableRows(days: readonly ExpectedDay[], view: ScheduleView): TableRow[] {
  if (view === 'week') return days.map((day) => ({ kind: 'day', day }));
  const rows: TableRow[] = [];
  let week: ExpectedDay[] = [];
  days.forEach((day, i) => {
    rows.push({ kind: 'day', day });
    week.push(day);
    if (isoWeekday(day.date) === 7 || i === days.length - 1) {
      const first = week[0] as ExpectedDay;
      rows.push({ kind: 'subtotal', from: first.date, to: day.date, ...totalsOf(week) });
      week = [];
    }
  });
  return rows;
}
