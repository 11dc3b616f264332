/**
 * One record in a line of words ('Mon, Nov 23, 2026 · 7:58 AM – 4:02 PM · 30 min break · Regular'), on the school's
 * clock: what a delete confirmation names, and what is stored now when a change met a newer version.
 */
import { Text } from '@chakra-ui/react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { TimesheetRecord } from '../../../contract';
import { formatDay } from '../../../ui/school-clock';
import { timeText } from './record-times';

/** The record in words. */
export function recordSummary(
  record: TimesheetRecord,
  timeZone: string,
  locale: string,
  t: TFunction<'timesheet-records'>,
  tt: TFunction<'timesheet'>,
): string {
  const start = timeText(record.started_at, timeZone, locale);
  const times = record.ended_at
    ? t('summary.times', { start, end: timeText(record.ended_at, timeZone, locale) })
    : t('summary.open', { start });
  const category = record.leave_type
    ? `${tt(`categories.${record.category}`)} (${tt(`leaveTypes.${record.leave_type}`)})`
    : tt(`categories.${record.category}`);
  return [
    formatDay(record.work_date, locale),
    times,
    t('summary.break', { minutes: record.break_minutes }),
    category,
    record.note,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The record in words, as text. */
export function StoredRecord({ record, timeZone }: { record: TimesheetRecord; timeZone: string }) {
  const { t, i18n } = useTranslation('timesheet-records');
  const { t: tt } = useTranslation('timesheet');
  return <Text>{recordSummary(record, timeZone, i18n.language, t, tt)}</Text>;
}
