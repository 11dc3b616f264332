/**
 * Google Sync (/admin/google-sync), for administrators: the last run of the Classroom and the
 * Calendar sync (when, counts, errors), run now (only what changed, or a full reconcile), the settings (the service
 * account's key, the administrator it acts as, the calendars, which syncs run) and the runs before.
 */
import { Button, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { Pager } from '../../ui/data/pager';
import { QueryState } from '../../ui/data/query-state';
import { addNotification } from '../../ui/notifications';
import {
  fetchGoogleSyncRuns,
  fetchGoogleSyncStatus,
  googleSyncRunsKey,
  googleSyncStatusKey,
  runGoogleSyncNow,
} from './google-sync-api';
import { RunCard, RunStatusBadge, useRunTime } from './run-card';
import { SettingsForm } from './settings-form';

export interface GoogleSyncPageProps {
  permissions: readonly string[];
}

function RunsHistory() {
  const { t } = useTranslation('google-sync');
  const time = useRunTime();
  const [page, setPage] = useState(1);
  const runs = useQuery({
    queryKey: googleSyncRunsKey(page),
    queryFn: ({ signal }) => fetchGoogleSyncRuns(page, signal),
  });
  return (
    <Stack gap="3">
      <Heading as="h2" size="md">
        {t('history')}
      </Heading>
      <QueryState
        query={runs}
        isEmpty={runs.data?.data.length === 0}
        emptyText={t('noRuns')}
        offlineText={t('offline')}
      >
        <Table.ScrollArea borderWidth="1px" rounded="md" tabIndex={0} role="region" aria-label={t('history')}>
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('columns.started')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('columns.sync')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('columns.status')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('columns.errors')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {runs.data?.data.map((run) => (
                <Table.Row key={run.id}>
                  <Table.Cell>{time(run.started_at)}</Table.Cell>
                  <Table.Cell>
                    {t(`kinds.${run.kind}`)} · {t(`modes.${run.mode}`)}
                  </Table.Cell>
                  <Table.Cell>
                    <RunStatusBadge run={run} />
                  </Table.Cell>
                  <Table.Cell>{run.errors.length}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
        {runs.data && (
          <Pager page={page} perPage={10} total={runs.data.meta.total} onPageChange={setPage} perPageOptions={[10]} />
        )}
      </QueryState>
    </Stack>
  );
}

/** The screen. */
export default function GoogleSyncPage({ permissions }: GoogleSyncPageProps) {
  const { t } = useTranslation('google-sync');
  const client = useQueryClient();
  const status = useQuery({
    queryKey: googleSyncStatusKey,
    queryFn: ({ signal }) => fetchGoogleSyncStatus(signal),
    // While a run goes on, its end shows by itself.
    refetchInterval: (q) =>
      q.state.data && [q.state.data.last.classroom, q.state.data.last.calendar].some((r) => r?.status === 'running')
        ? 3000
        : false,
  });
  const run = useMutation({
    mutationFn: runGoogleSyncNow,
    onSuccess: () => {
      addNotification({ type: 'success', text: t('started') });
      void client.invalidateQueries({ queryKey: googleSyncStatusKey });
      void client.invalidateQueries({ queryKey: [googleSyncRunsKey(1)[0]] });
    },
    onError: (error) =>
      addNotification({
        type: 'error',
        text: error instanceof ApiError && error.isOffline ? t('offline') : (error as Error).message,
      }),
  });
  const data = status.data;
  const ready = Boolean(data?.settings.has_key && data.settings.subject);
  const kinds = data ? (['classroom', 'calendar'] as const).filter((k) => data.settings[`${k}_enabled`]) : [];
  const canRun = permissions.includes('google_sync-create');
  return (
    <Stack gap="6" maxW="4xl" minW="0">
      <Heading as="h1" size="xl">
        {t('title')}
      </Heading>
      <Text>{t('intro')}</Text>
      <QueryState query={status} isEmpty={false} emptyText="" offlineText={t('offline')}>
        {data && (
          <Stack gap="6">
            <HStack gap="4" align="stretch" wrap="wrap">
              <RunCard kind="classroom" run={data.last.classroom} enabled={data.settings.classroom_enabled} />
              <RunCard kind="calendar" run={data.last.calendar} enabled={data.settings.calendar_enabled} />
            </HStack>
            {canRun && (
              <Stack gap="2">
                <HStack gap="3" wrap="wrap">
                  <Button
                    colorPalette="primary"
                    minH="10"
                    disabled={!ready || !kinds.length}
                    loading={run.isPending}
                    onClick={() => run.mutate({ kinds, mode: 'incremental' })}
                  >
                    {t('runNow')}
                  </Button>
                  <Button
                    variant="outline"
                    minH="10"
                    disabled={!ready || !kinds.length}
                    loading={run.isPending}
                    onClick={() => run.mutate({ kinds, mode: 'full' })}
                  >
                    {t('runFull')}
                  </Button>
                </HStack>
                <Text fontSize="sm" color="fg.muted">
                  {!ready
                    ? t('needsSettings')
                    : !kinds.length
                      ? t('nothingOn')
                      : data.scheduled
                        ? t('schedule')
                        : t('noSchedule')}
                </Text>
              </Stack>
            )}
            <Stack gap="3">
              <Heading as="h2" size="md">
                {t('settings.title')}
              </Heading>
              <SettingsForm
                // Made afresh when the saved settings change, so the form starts from what the server holds.
                key={JSON.stringify(data.settings)}
                settings={data.settings}
                canSave={permissions.includes('google_sync-update')}
              />
            </Stack>
          </Stack>
        )}
      </QueryState>
      {permissions.includes('google_sync-view_any') && <RunsHistory />}
    </Stack>
  );
}
