/**
 * The panel's "Waiting to send" list: how many entries the device still owes the server and the 50 oldest of them
 * (the ones the next send carries first), each named as the school says it (what, for whom, when, by whom), with
 * whether sending it failed and why, in plain words. More rows would tell a person nothing new and make the drawer
 * slow on a kiosk with thousands queued.
 */
import { Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useEntryContext } from './entry-context';
import { PanelSection } from './panel-section';
import type { SyncSource } from './sync-source';
import { entryTitle, formatWhen, recorderText, waitingStatusText } from './sync-texts';

/** How many waiting entries the panel lists. */
export const WAITING_ROWS = 50;

/** The waiting entries: count and the oldest ones. */
export function WaitingSection({
  source,
}: {
  source: Pick<SyncSource, 'useWaitingEntries' | 'useScholarNames' | 'recorderName'>;
}) {
  const { t } = useTranslation('sync');
  const entries = source.useWaitingEntries();
  const context = useEntryContext(source, entries);
  const title = t('panel.waiting.heading');
  if (!entries) {
    return (
      <PanelSection title={title}>
        <Text color="fg.muted">{t('panel.loading')}</Text>
      </PanelSection>
    );
  }
  const shown = entries.slice(0, WAITING_ROWS);
  return (
    <PanelSection title={`${title} (${entries.length})`}>
      {entries.length === 0 ? (
        <Text color="fg.muted">{t('panel.waiting.empty')}</Text>
      ) : (
        <>
          {entries.length > shown.length && (
            <Text fontSize="sm" color="fg.muted">
              {t('panel.waiting.oldest', { shown: shown.length, count: entries.length })}
            </Text>
          )}
          <Table.ScrollArea maxH="80">
            <Table.Root size="sm" stickyHeader aria-label={title}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('panel.waiting.what')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('panel.waiting.recordedAt')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('panel.waiting.status')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {shown.map((entry) => (
                  <Table.Row key={entry.id}>
                    <Table.Cell>
                      {entryTitle(t, entry, context)}
                      <Text fontSize="xs" color="fg.muted">
                        {recorderText(t, entry, context)}
                      </Text>
                    </Table.Cell>
                    <Table.Cell>{formatWhen(entry.recorded_at, context.language, context.timeZone)}</Table.Cell>
                    <Table.Cell>{waitingStatusText(t, entry)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
        </>
      )}
    </PanelSection>
  );
}
