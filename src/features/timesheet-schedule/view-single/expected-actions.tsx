/**
 * Print and Download CSV for the range on screen. The CSV is built from the days already loaded (the whole range is
 * one answer, so nothing more is fetched).
 */
import { Button, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ExpectedDay } from '../../../contract';
import { downloadCsv } from '../../../ui/data/csv';
import { addNotification } from '../../../ui/notifications';
import type { DayWords } from './model/describe-day';
import { csvFileName, expectedCsv } from './model/expected-csv';
import type { ScheduleView } from './model/view-state';

export interface ExpectedActionsProps {
  name: string;
  view: ScheduleView;
  from: string;
  days: readonly ExpectedDay[];
  words: DayWords;
}

/** The Print and Download CSV buttons. */
export function ExpectedActions({ name, view, from, days, words }: ExpectedActionsProps) {
  const { t } = useTranslation('timesheet-schedule', { keyPrefix: 'single' });
  const download = () => {
    const { header, rows } = expectedCsv(days, words);
    downloadCsv(csvFileName(name, view, from), header, rows);
    addNotification({ text: t('csv.done'), type: 'success' });
  };
  return (
    <HStack gap="2" wrap="wrap" data-screen-only="">
      <Button size="sm" minH="10" variant="outline" onClick={() => window.print()}>
        {t('print')}
      </Button>
      <Button size="sm" minH="10" variant="outline" onClick={download}>
        {t('csv.button')}
      </Button>
    </HStack>
  );
}
