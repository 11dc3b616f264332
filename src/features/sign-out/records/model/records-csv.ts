/**
 * The CSV of sign-out records, in the person's language: one row per record with the school day and the time on the
 * school's clock, the kind, the scholar, the adult, whether it was flagged (an override: an adult not on the list)
 * and why, the method and the reason.
 */
import type { TFunction } from 'i18next';
import type { AuthorizedPickUpRecord, CheckInRecord, DemographicRecord } from '../../../../contract';
import { formatClockTime } from '../../../../ui/school-clock';
import { adultName } from './names';

type T = TFunction<'sign-out-records'>;

/** Header and rows of the records CSV. */
export function recordsCsv(
  records: readonly CheckInRecord[],
  lookups: { scholars: Map<string, DemographicRecord>; pickUps: Map<string, AuthorizedPickUpRecord> },
  options: { t: T; timeZone: string; locale: string },
): { header: string[]; rows: string[][] } {
  const { t, timeZone, locale } = options;
  const yesNo = (value: boolean) => (value ? t('csv.yes') : t('csv.no'));
  const header = [
    t('csv.date'),
    t('csv.time'),
    t('csv.kind'),
    t('csv.studentNumber'),
    t('csv.lastName'),
    t('csv.firstName'),
    t('csv.grade'),
    t('csv.adult'),
    t('csv.flagged'),
    t('csv.overrideReason'),
    t('csv.method'),
    t('csv.reason'),
  ];
  const rows = records.map((r) => {
    const s = lookups.scholars.get(r.scholar_id);
    return [
      r.school_day,
      formatClockTime(r.occurred_at, timeZone, locale),
      t(`kinds.${r.kind}`),
      s?.student_number ?? '',
      s?.lname ?? '',
      s ? s.nickname || s.fname : '',
      s?.grade ?? '',
      adultName(r, lookups.pickUps) ?? '',
      yesNo(r.flagged),
      r.override_reason ?? '',
      t(`methods.${r.method}`),
      r.reason ?? '',
    ];
  });
  return { header, rows };
}
