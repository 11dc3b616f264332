/**
 * View Daily Combined as a CSV file: a row per person and day as on screen (the date, the name, first in and last
 * out on the school's clock (24-hour), worked and expected so far in decimal hours, the hours expected later that
 * day, the hours over and under the expected so far, the flags in words, and whether a clock-out is missing or the
 * person is still clocked in), then a row for each person expected that day who
 * recorded nothing. Named after the range: `timesheet-daily-2026-11-23-2026-11-29.csv`.
 */
import type { FlagCode } from '../../../../contract';
import { decimalHours } from '../../../../ui/timekeeping/hours';
import { overUnder } from '../../reports/model/words';
import type { ReportCsv } from '../../reports/report-actions';
import type { DailyGroup } from './daily-groups';

export interface DailyCsvWords {
  header: string[];
  clock: (instant: string | null) => string;
  flag: (code: FlagCode) => string;
  open: (open: 'clockedIn' | 'missingOut') => string;
  absent: string;
}

/** The file of the days shown. */
export function dailyCsv(groups: readonly DailyGroup[], words: DailyCsvWords): ReportCsv {
  const rows: string[][] = [];
  for (const group of groups) {
    for (const e of group.entries) {
      rows.push([
        group.date,
        e.name,
        words.clock(e.firstIn),
        words.clock(e.lastOut),
        decimalHours(e.worked),
        decimalHours(e.expected),
        decimalHours(e.ahead),
        ...overUnder(e.difference),
        e.flags.map(words.flag).join('; '),
        e.open ? words.open(e.open) : '',
      ]);
    }
    for (const a of group.absent) {
      rows.push([
        group.date,
        a.name,
        '',
        '',
        decimalHours(0),
        decimalHours(a.expected),
        decimalHours(0),
        ...overUnder(-a.expected),
        '',
        words.absent,
      ]);
    }
  }
  const first = groups[0]?.date ?? '';
  const last = groups[groups.length - 1]?.date ?? '';
  return { fileName: `timesheet-daily-${first}-${last}.csv`, header: words.header, rows };
}
