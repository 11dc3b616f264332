/**
 * Export of the filtered range as CSV: every page of the list (not only the one on screen), fetched one after another
 * at the largest page size, with the same filters, adult search and sort as the table. When the range takes more than
 * one page, a progress bar says how far it got.
 */
import { Button, HStack, Progress, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchAllPages, type PageProgress } from '../../../api/fetch-all-pages';
import type { ListParams } from '../../../api/resource';
import type { AuthorizedPickUpRecord, DemographicRecord } from '../../../contract';
import { downloadCsv } from '../../../ui/data/csv';
import { addNotification } from '../../../ui/notifications';
import { pickUpQueryOptions } from './api/pick-ups';
import { checkInsResource, recordsErrorText } from './api/records-resource';
import { unnamedPickUpIds } from './model/names';
import { recordsCsv } from './model/records-csv';

export interface ExportRecordsButtonProps {
  query: Omit<ListParams, 'page' | 'per_page'>;
  range: { from: string; to: string };
  scholars: Map<string, DemographicRecord>;
  /** May look up listed adults by id (authorized_pick_ups-view_any). */
  canListAdults: boolean;
  timeZone: string;
  disabled?: boolean;
}

/** The Export CSV button and its progress. */
export function ExportRecordsButton({
  query,
  range,
  scholars,
  canListAdults,
  timeZone,
  disabled,
}: ExportRecordsButtonProps) {
  const { t, i18n } = useTranslation('sign-out-records');
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<PageProgress | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  /** The listed adults the records name without a stored name (rare), for their names in the file. */
  const namesOf = async (ids: string[]) => {
    const pickUps = new Map<string, AuthorizedPickUpRecord>();
    if (!canListAdults) return pickUps;
    for (const id of ids) {
      const adult = await queryClient.fetchQuery(pickUpQueryOptions(id)).catch(() => null);
      if (adult) pickUps.set(id, adult);
    }
    return pickUps;
  };

  const run = async () => {
    const controller = new AbortController();
    running.current = controller;
    setProgress({ done: 0, pages: 1 });
    try {
      const records = await fetchAllPages(checkInsResource.list, query, {
        signal: controller.signal,
        onProgress: setProgress,
      });
      const pickUps = await namesOf(unnamedPickUpIds(records));
      const { header, rows } = recordsCsv(records, { scholars, pickUps }, { t, timeZone, locale: i18n.language });
      downloadCsv(`sign-out-records-${range.from}-to-${range.to}.csv`, header, rows);
      addNotification({
        text: t('export.done', { count: records.length, total: records.length.toLocaleString(i18n.language) }),
        type: 'success',
      });
    } catch (error) {
      if (!controller.signal.aborted) {
        addNotification({ text: t('export.failed', { message: recordsErrorText(error, t) }), type: 'error' });
      }
    } finally {
      if (running.current === controller) running.current = null;
      setProgress(null);
    }
  };

  return (
    <HStack gap="3" wrap="wrap">
      <Button variant="outline" onClick={run} loading={progress !== null} disabled={disabled}>
        {t('export.button')}
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
