/**
 * The CSV of View Conferences, as the view on screen: by date, one row per record in date order (the date, the
 * person, in and out on the school's clock, the break, worked hours in decimal, the note); by person, one row per
 * person (their dates, records and worked hours) and a last row with the totals.
 */
import type { TFunction } from 'i18next';
import { decimalHours } from '../../../../ui/timekeeping/hours';
import { timesColumns, timesHeader } from '../../records/model/records-csv';
import type { ConferenceTotals } from './conference-groups';

export type ConferenceView = 'date' | 'person';

/** The header and rows of the view's file. */
export function conferencesCsv(
  totals: ConferenceTotals,
  view: ConferenceView,
  t: TFunction<'timesheet-records'>,
  timeZone: string,
): { header: string[]; rows: string[][] } {
  if (view === 'person') {
    return {
      header: [t('csv.person'), t('csv.nights'), t('csv.records'), t('csv.workedHours')],
      rows: [
        ...totals.byPerson.map((p) => [p.name, String(p.dates), String(p.records), decimalHours(p.minutes)]),
        [
          t('csv.total'),
          String(totals.dates),
          String(totals.byPerson.reduce((sum, p) => sum + p.records, 0)),
          decimalHours(totals.minutes),
        ],
      ],
    };
  }
  return {
    header: [t('csv.date'), t('csv.person'), ...timesHeader(t), t('csv.note')],
    rows: totals.byDate.flatMap((day) =>
      day.records.map((r) => [day.date, r.user_name, ...timesColumns(r, timeZone), r.note ?? '']),
    ),
  };
}

/** The file's name ('conferences-by-date-2026-07-01-to-2027-06-30.csv'). */
export const conferencesCsvName = (view: ConferenceView, from: string, to: string) =>
  `conferences-by-${view}-${from}-to-${to}.csv`;
