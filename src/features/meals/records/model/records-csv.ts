/**
 * The CSV of meal records and of daily counts, in the person's language: one row per record with the day and time
 * on the school's clock, the scholar, the category (only when the records carry it: the server leaves it out for
 * those who may not see eligibility), whether it was added later or voided and why; one row per day and service with
 * each category's count, eligible scholars, limit and whether it is above it.
 */
import type { TFunction } from 'i18next';
import { type DemographicRecord, MEAL_ELIGIBILITY, type NslpDailyCount, type NslpRecord } from '../../../../contract';
import { formatTime } from './school-day';

type T = TFunction<'meal-records'>;

/** Header and rows of the records CSV. */
export function recordsCsv(
  records: readonly NslpRecord[],
  scholars: Map<string, DemographicRecord>,
  options: { t: T; timeZone: string; locale: string; withEligibility: boolean },
): { header: string[]; rows: string[][] } {
  const { t, timeZone, locale, withEligibility } = options;
  const yesNo = (value: boolean) => (value ? t('csv.yes') : t('csv.no'));
  const header = [
    t('csv.date'),
    t('csv.time'),
    t('csv.service'),
    t('csv.studentNumber'),
    t('csv.lastName'),
    t('csv.firstName'),
    t('csv.grade'),
    t('csv.homeroom'),
    ...(withEligibility ? [t('csv.eligibility')] : []),
    t('csv.addedLater'),
    t('csv.missingReason'),
    t('csv.voided'),
    t('csv.voidReason'),
  ];
  const rows = records.map((r) => {
    const s = scholars.get(r.scholar_id);
    return [
      r.served_on,
      formatTime(r.served_at, timeZone, locale),
      t(`mealTypes.${r.meal_type}`),
      s?.student_number ?? '',
      s?.lname ?? '',
      s ? s.nickname || s.fname : '',
      s?.grade ?? '',
      s?.homeroom ?? '',
      ...(withEligibility ? [r.eligibility ? t(`eligibility.${r.eligibility}`) : ''] : []),
      yesNo(r.added_as_missing),
      r.missing_reason ?? '',
      yesNo(r.voided),
      r.void_reason ?? '',
    ];
  });
  return { header, rows };
}

/** Header and rows of the daily counts CSV: by category with the edit check, or the totals only (`byCategory` false). */
export function countsCsv(
  days: readonly NslpDailyCount[],
  t: T,
  byCategory = true,
): { header: string[]; rows: string[][] } {
  const yesNo = (value: boolean | undefined) => (value ? t('csv.yes') : t('csv.no'));
  // Closed and in the claim, beside each day: the claim's file says which rows it adds up.
  const closedCells = (d: NslpDailyCount) => [
    d.closed ? (d.closed.name ?? t('closed.weekendWord')) : '',
    d.closed?.service ?? '',
    yesNo(d.in_claim),
  ];
  const closedHeader = [t('csv.closed'), t('csv.mealService'), t('csv.inClaim')];
  if (!byCategory) {
    return {
      header: [t('csv.date'), t('csv.service'), t('csv.total'), ...closedHeader],
      rows: days.map((d) => [d.served_on, t(`mealTypes.${d.meal_type}`), String(d.total), ...closedCells(d)]),
    };
  }
  const header = [
    t('csv.date'),
    t('csv.service'),
    ...MEAL_ELIGIBILITY.flatMap((c) => {
      const category = t(`eligibility.${c}`);
      return [
        t('csv.count', { category }),
        t('csv.eligible', { category }),
        t('csv.limit', { category }),
        t('csv.aboveLimit', { category }),
      ];
    }),
    t('csv.total'),
    t('csv.flagged'),
    ...closedHeader,
  ];
  const rows = days.map((d) => [
    d.served_on,
    t(`mealTypes.${d.meal_type}`),
    ...MEAL_ELIGIBILITY.flatMap((c) => [
      String(d[c]?.count ?? 0),
      String(d[c]?.eligible ?? 0),
      String(d[c]?.limit ?? 0),
      yesNo(d[c]?.flagged),
    ]),
    String(d.total),
    yesNo(d.flagged),
    ...closedCells(d),
  ]);
  return { header, rows };
}
