/**
 * The CSV of one person's expected hours: a row per day with its weekday, its spans' starts and ends (several joined
 * with '; ' when special hours add some), the break minutes, the expected hours in decimal (what payroll imports),
 * the reason and the details in words. Named after the person and the range: `expected-hours-ana-ruiz-2026-11.csv`
 * for a month, `expected-hours-ana-ruiz-2026-11-23.csv` for the week starting that Monday.
 */
import type { ExpectedDay } from '../../../../contract';
import { decimalHours } from '../../../../ui/timekeeping/hours';
import { type DayWords, detailTexts, reasonText, weekdayName } from './describe-day';
import type { ScheduleView } from './view-state';

/** A name as a file name part: lower case, accents dropped, words joined with '-'. */
export function slug(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The file name for a person and a range. */
export function csvFileName(name: string, view: ScheduleView, from: string): string {
  const when = view === 'month' ? from.slice(0, 7) : from;
  return `expected-hours-${slug(name) || 'staff'}-${when}.csv`;
}

/** The header and rows of the file. */
export function expectedCsv(days: readonly ExpectedDay[], words: DayWords): { header: string[]; rows: string[][] } {
  const { t } = words;
  const header = [
    t('csv.date'),
    t('csv.weekday'),
    t('csv.start'),
    t('csv.end'),
    t('csv.breakMinutes'),
    t('csv.hours'),
    t('csv.reason'),
    t('csv.details'),
  ];
  const rows = days.map((day) => [
    day.date,
    weekdayName(day.date, words.locale),
    day.blocks.map((b) => b.start).join('; '),
    day.blocks.map((b) => b.end).join('; '),
    day.blocks.length ? String(day.blocks.reduce((sum, b) => sum + b.break_minutes, 0)) : '',
    decimalHours(day.minutes),
    reasonText(day.reason, words),
    detailTexts(day, words).join('; '),
  ]);
  return { header, rows };
}
