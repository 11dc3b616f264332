/**
 * View Cumulative as a CSV file, in the order on screen: a row per person with the pay period's worked, expected so
 * far, expected later and hours over and under the expected so far, the school year's to date, then worked by
 * category for each (decimal hours, what payroll imports).
 * Named after the pay period: `timesheet-cumulative-2026-11-01-2026-11-15.csv`.
 */
import type { TimesheetCategory } from '../../../../contract';
import { decimalHours } from '../../../../ui/timekeeping/hours';
import type { DateRange } from '../../reports/model/report-range';
import { overUnder } from '../../reports/model/words';
import type { ReportCsv } from '../../reports/report-actions';
import type { CumulativeRow, Running } from './cumulative-rows';

export interface CumulativeCsvWords {
  period: DateRange;
  person: string;
  exempt: string;
  yes: string;
  periodColumn: (what: (typeof WHAT)[number]) => string;
  yearColumn: (what: (typeof WHAT)[number]) => string;
  category: (category: TimesheetCategory, scope: 'period' | 'year') => string;
}

const running = (r: Running) => [
  decimalHours(r.worked),
  decimalHours(r.expected),
  decimalHours(r.ahead),
  ...overUnder(r.difference),
];
const WHAT = ['worked', 'expected', 'later', 'over', 'under'] as const;

/** The file of the rows shown. */
export function cumulativeCsv(
  rows: readonly CumulativeRow[],
  categories: readonly TimesheetCategory[],
  words: CumulativeCsvWords,
): ReportCsv {
  const header = [
    words.person,
    words.exempt,
    ...WHAT.map(words.periodColumn),
    ...WHAT.map(words.yearColumn),
    ...categories.flatMap((c) => [words.category(c, 'period'), words.category(c, 'year')]),
  ];
  const body = rows.map((row) => [
    row.name,
    row.exempt ? words.yes : '',
    ...running(row.period),
    ...running(row.year),
    ...categories.flatMap((c) => [
      decimalHours(row.period.byCategory[c] ?? 0),
      decimalHours(row.year.byCategory[c] ?? 0),
    ]),
  ]);
  return {
    fileName: `timesheet-cumulative-${words.period.from}-${words.period.to}.csv`,
    header,
    rows: body,
  };
}
