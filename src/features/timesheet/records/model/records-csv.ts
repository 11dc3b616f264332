/**
 * The CSV of View Records: every record of the filtered range (all pages), one row each, for payroll: the person,
 * the day it counts on, in and out as the school's wall clock ('2026-11-23 07:58', which spreadsheets read as a date
 * and time, and which says the day when a record ends after midnight), the break in minutes, the worked hours in
 * decimal, the category and leave type, the note, how it was made and whether its pay period is approved.
 */
import type { TFunction } from 'i18next';
import type { TimesheetRecord } from '../../../../contract';
import { decimalHours } from '../../../../ui/timekeeping/hours';
import { localDateTime } from '../../parts/record-times';

export interface CsvWords {
  t: TFunction<'timesheet-records'>;
  tt: TFunction<'timesheet'>;
  timeZone: string;
}

/** The header of the times every file of records has (View Conferences' too): in, out, break, worked hours. */
export const timesHeader = (t: TFunction<'timesheet-records'>): string[] => [
  t('csv.in'),
  t('csv.out'),
  t('csv.breakMinutes'),
  t('csv.workedHours'),
];

/** A record's times: in and out on the school's wall clock, the break, the worked hours in decimal (none while open). */
export const timesColumns = (r: TimesheetRecord, timeZone: string): string[] => [
  localDateTime(r.started_at, timeZone),
  r.ended_at ? localDateTime(r.ended_at, timeZone) : '',
  String(r.break_minutes),
  r.worked_minutes === null ? '' : decimalHours(r.worked_minutes),
];

/** The header and rows of the file. */
export function recordsCsv(records: readonly TimesheetRecord[], { t, tt, timeZone }: CsvWords) {
  const header = [
    t('csv.person'),
    t('csv.date'),
    ...timesHeader(t),
    t('csv.category'),
    t('csv.leaveType'),
    t('csv.note'),
    t('csv.method'),
    t('csv.locked'),
  ];
  const rows = records.map((r) => [
    r.user_name,
    r.work_date,
    ...timesColumns(r, timeZone),
    tt(`categories.${r.category}`),
    r.leave_type ? tt(`leaveTypes.${r.leave_type}`) : '',
    r.note ?? '',
    tt(`methods.${r.method}`),
    r.locked ? t('csv.yes') : t('csv.no'),
  ]);
  return { header, rows };
}

/** The file's name for the range ('timesheet-records-2026-11-01-to-2026-11-30.csv'). */
export const recordsCsvName = (from: string, to: string) => `timesheet-records-${from}-to-${to}.csv`;
