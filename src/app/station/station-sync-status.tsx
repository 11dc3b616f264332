/**
 * The sync status a station shows: online or offline, what waits to be sent, what needs a staff
 * member, the roster's age. Words only, no device panel: in station mode nothing opens a staff tool (the panel can
 * export and discard entries); a staff member leaves station mode to use it.
 */
import { HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNow } from '../../ui/station/use-now';
import type { SyncSource } from '../../ui/sync/sync-source';
import { syncSummary } from '../../ui/sync/sync-texts';

/** The status line; updates as entries go out. */
export function StationSyncStatus({ source }: { source: Pick<SyncSource, 'useSyncStatus'> }) {
  const { t } = useTranslation('sync');
  const status = source.useSyncStatus();
  const now = useNow();
  const summary = syncSummary(t, status, now);
  return (
    <HStack role="status" gap="2" fontSize="sm" flexWrap="wrap" aria-live="polite">
      <Text as="span" fontWeight="semibold">
        {summary.connection}
      </Text>
      <Text as="span">· {summary.waiting}</Text>
      {summary.attention && <Text as="span">· {summary.attention}</Text>}
    </HStack>
  );
}
