/**
 * The school settings' backups section (administrators): when the last backup was written and its size, a warning
 * when none is recent (BACKUP_RECENT_HOURS), the nightly schedule, "Back up now" with its progress and outcome, and
 * the last few runs. "Back up now" sends a client-made id, kept until that backup has an outcome, so a retried click
 * answers the same run; the server answers at once and the section polls the list until the run has finished.
 */
import { Alert, Card, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BACKUP_RECENT_HOURS, type BackupRun, uuidv7 } from '../../../contract';
import { QueryState } from '../../../ui/data/query-state';
import { RunButton } from '../../../ui/run-button';
import { useOnline } from '../../../ui/use-online';
import { adminErrorText } from '../api/admin-error-text';
import { backupsKey, fetchBackups, startBackup } from '../api/backups';

const POLL_MS = 2000;
const RUNS_SHOWN = 5;

/** The section. */
export function BackupsSection() {
  const { t, i18n } = useTranslation('admin', { keyPrefix: 'backups' });
  const { t: ta } = useTranslation('admin');
  const online = useOnline();
  const titleId = useId();
  const [waitingFor, setWaitingFor] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const pendingId = useRef<string | null>(null);
  const backups = useQuery({
    queryKey: backupsKey,
    queryFn: ({ signal }) => fetchBackups(signal),
    refetchInterval: (query) =>
      waitingFor || query.state.data?.runs.some((r) => r.status === 'running') ? POLL_MS : false,
  });
  const when = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  const size = (bytes: number | null) => t('size', { value: ((bytes ?? 0) / 1e6).toFixed(1) });

  const start = useMutation({ mutationFn: startBackup });
  const waited = waitingFor ? backups.data?.runs.find((r) => r.id === waitingFor) : undefined;
  useEffect(() => {
    if (!waited || waited.status === 'running') return;
    // The outcome of the backup this screen asked for: said once, then the id is spent.
    setWaitingFor(null);
    pendingId.current = null;
    if (waited.status === 'succeeded') {
      // Said in the section (a status), not also as a notification: one announcement.
      setDone(t('done', { file: waited.file, size: size(waited.bytes) }));
    } else setFailure(t('failed', { message: waited.error ?? '' }));
  });
  const run = () => {
    pendingId.current ??= uuidv7();
    const id = pendingId.current;
    setFailure(null);
    setDone(null);
    start.mutate(id, {
      onSuccess: (started) => {
        setWaitingFor(started.id);
        void backups.refetch();
      },
      onError: (error) => setFailure(t('failed', { message: adminErrorText(error, ta) })),
    });
  };
  const busy = start.isPending || waitingFor !== null;
  const data = backups.data;
  const hourText = (hour: number) =>
    new Intl.DateTimeFormat(i18n.language, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(
      new Date(Date.UTC(2000, 0, 1, hour)),
    );

  return (
    <Card.Root as="section" variant="outline" aria-labelledby={titleId}>
      <Card.Body gap="3">
        <Heading as="h2" size="md" id={titleId}>
          {t('title')}
        </Heading>
        <Text>{t('intro')}</Text>
        <QueryState query={backups} isEmpty={false} emptyText="" offlineText={t('offline')}>
          {data && (
            <Stack gap="3">
              <Text fontWeight="semibold">
                {data.last_success?.finished_at
                  ? t('last', { time: when(data.last_success.finished_at), size: size(data.last_success.bytes) })
                  : t('none')}
              </Text>
              {!data.recent && (
                <Alert.Root status="warning">
                  <Alert.Indicator />
                  <Alert.Description>{t('notRecent', { hours: BACKUP_RECENT_HOURS })}</Alert.Description>
                </Alert.Root>
              )}
              <Text fontSize="sm" color="fg.muted">
                {data.nightly_hour === null
                  ? t('nightlyOff')
                  : t('nightly', { hour: hourText(data.nightly_hour), keep: data.keep })}
              </Text>
              {data.runs.length > 0 && <RecentRuns runs={data.runs.slice(0, RUNS_SHOWN)} when={when} size={size} />}
            </Stack>
          )}
        </QueryState>
        {done && (
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Description>{done}</Alert.Description>
          </Alert.Root>
        )}
        <RunButton
          onClick={run}
          busy={busy}
          disabled={!online}
          label={t('button')}
          busyLabel={t('busy')}
          busyHint={t('busyHint')}
          failure={failure}
        />
      </Card.Body>
    </Card.Root>
  );
}

function RecentRuns({
  runs,
  when,
  size,
}: {
  runs: BackupRun[];
  when: (iso: string) => string;
  size: (b: number | null) => string;
}) {
  const { t } = useTranslation('admin', { keyPrefix: 'backups' });
  return (
    <Stack gap="1">
      <Heading as="h3" size="sm">
        {t('recent')}
      </Heading>
      <List.Root variant="plain" gap="1" fontSize="sm">
        {runs.map((r) => (
          <List.Item key={r.id}>
            {when(r.started_at)} · {t(`kind_${r.kind}`)} · {t(`status_${r.status}`)}
            {r.status === 'succeeded' && ` · ${size(r.bytes)}`}
            {r.status === 'failed' && r.error && ` · ${r.error}`}
          </List.Item>
        ))}
      </List.Root>
    </Stack>
  );
}
