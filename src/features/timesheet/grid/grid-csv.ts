/**
 * The grid as a CSV file, as it reads on screen: a row per person with their pay periods' states, the hours worked
 * each day (decimal hours, what payroll imports), each week's worked and expected so far, the range's with the hours
 * still expected later and the hours over and under the expected so far, then a row of the day totals. Named after the range: `timesheet-grid-2026-11-01-2026-11-15.csv`.
 */
import { decimalHours } from '../../../ui/timekeeping/hours';
import { overUnder } from '../reports/model/words';
import type { ReportCsv } from '../reports/report-actions';
import type { GridModel, Totals } from './grid-model';

export interface GridCsvWords {
  person: string;
  states: string;
  exempt: string;
  yes: string;
  weekWorked: (from: string, to: string) => string;
  weekExpected: (from: string, to: string) => string;
  totalWorked: string;
  totalExpected: string;
  totalLater: string;
  over: string;
  under: string;
  dayTotals: string;
  state: (state: string) => string;
}

const totalsCells = (totals: Totals) => [decimalHours(totals.worked), decimalHours(totals.soFar)];
/** The range's total: worked, expected so far, expected later, then over or under the expected so far. */
const totalCells = (totals: Totals) => [
  ...totalsCells(totals),
  decimalHours(totals.expected - totals.soFar),
  ...overUnder(totals.worked - totals.soFar),
];

/** The file of a grid. */
export function gridCsv(model: GridModel, words: GridCsvWords): ReportCsv {
  const first = model.dates[0] ?? '';
  const last = model.dates[model.dates.length - 1] ?? '';
  const header = [
    words.person,
    words.exempt,
    words.states,
    ...model.dates,
    ...model.weeks.flatMap((w) => [words.weekWorked(w.from, w.to), words.weekExpected(w.from, w.to)]),
    words.totalWorked,
    words.totalExpected,
    words.totalLater,
    words.over,
    words.under,
  ];
  const rows = model.rows.map((row) => [
    row.name,
    row.exempt ? words.yes : '',
    row.periods.map((p) => `${p.start}–${p.end}: ${words.state(p.state)}`).join('; '),
    ...row.cells.map((c) => decimalHours(c.worked)),
    ...row.weeks.flatMap(totalsCells),
    ...totalCells(row.total),
  ]);
  rows.push([
    words.dayTotals,
    '',
    '',
    ...model.dayTotals.map((d) => decimalHours(d.worked)),
    ...model.weekTotals.flatMap(totalsCells),
    ...totalCells(model.total),
  ]);
  return { fileName: `timesheet-grid-${first}-${last}.csv`, header, rows };
}
