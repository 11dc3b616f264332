/**
 * Export of the filtered range as CSV: every page of the list (not only the one on screen), fetched one after
 * another at the largest page size. When the range takes more than one page, a progress bar says how far it got.
 */
import { Button, HStack, Progress, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchAllPages, type PageProgress } from '../../../api/fetch-all-pages';
import type { DemographicRecord } from '../../../contract';
import { downloadCsv } from '../../../ui/data/csv';
import { addNotification } from '../../../ui/notifications';
import { mealRecordsErrorText, nslpRecordsResource } from './api/meal-records-resource';
import { recordsCsv } from './model/records-csv';

export interface ExportRecordsButtonProps {
  filter: Record<string, string | undefined>;
  sort: string;
  scholars: Map<string, DemographicRecord>;
  timeZone: string;
  withEligibility: boolean;
  disabled?: boolean;
}

/** The Export CSV button and its progress. */
export function ExportRecordsButton({
  filter,
  sort,
  scholars,
  timeZone,
  withEligibility,
  disabled,
}: ExportRecordsButtonProps) {
  const { t, i18n } = useTranslation('meal-records');
  const [progress, setProgress] = useState<PageProgress | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const run = async () => {
    const controller = new AbortController();
    running.current = controller;
    setProgress({ done: 0, pages: 1 });
    try {
      const records = await fetchAllPages(
        nslpRecordsResource.list,
        { filter, sort },
        {
          signal: controller.signal,
          onProgress: setProgress,
        },
      );
      const { header, rows } = recordsCsv(records, scholars, {
        t,
        timeZone,
        locale: i18n.language,
        withEligibility,
      });
      downloadCsv(`meal-records-${filter.from}-to-${filter.to}.csv`, header, rows);
      addNotification({
        text: t('export.done', { count: records.length, total: records.length.toLocaleString(i18n.language) }),
        type: 'success',
      });
    } catch (error) {
      if (!controller.signal.aborted) {
        addNotification({ text: t('export.failed', { message: mealRecordsErrorText(error, t) }), type: 'error' });
      }
    } finally {
      if (running.current === controller) running.current = null;
      setProgress(null);
    }
  };

  return (
    <HStack gap="3" wrap="wrap">
      <Button variant="outline" onClick={run} loading={progress !== null} disabled={disabled}>
        {t('export.records')}
      </Button>
      {progress && progress.pages > 1 && (
        <Progress.Root value={progress.done} max={progress.pages} w="12rem" size="sm" colorPalette="primary">
          <Progress.Label>
            <Text fontSize="sm" role="status">
              {t('export.progress', { ...progress })}
            </Text>
          </Progress.Label>
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
      )}
    </HStack>
  );
}
