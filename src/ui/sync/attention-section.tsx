/**
 * The panel's "Needs attention" list: the entries the server would not take (rejected, conflict, a batch refused),
 * each with its reason and what a person can do about it, and the export of the whole list as CSV so that the office
 * keeps a record of anything it chooses to discard.
 */
import { Button, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { addNotification } from '../notifications/queue';
import { AttentionItem } from './attention-item';
import { downloadText } from './download';
import { useEntryContext } from './entry-context';
import { PanelSection } from './panel-section';
import type { AttentionSource } from './sync-source';
import { attentionCsvName } from './sync-texts';

/** The needs-attention entries with their actions and the CSV export. */
export function AttentionSection({ source }: { source: AttentionSource }) {
  const { t } = useTranslation('sync');
  const entries = source.useAttentionEntries();
  const context = useEntryContext(source, entries);
  const title = t('panel.attention.heading');
  const exportCsv = async () => {
    try {
      downloadText(attentionCsvName(Date.now(), context.timeZone), await source.attentionCsv());
    } catch {
      addNotification({ text: t('panel.attention.exportFailed'), type: 'error' });
    }
  };
  const exportButton = (
    <Button variant="outline" disabled={!entries?.length} onClick={exportCsv}>
      {t('panel.attention.export')}
    </Button>
  );

  if (!entries) {
    return (
      <PanelSection title={title}>
        <Text color="fg.muted">{t('panel.loading')}</Text>
      </PanelSection>
    );
  }
  return (
    <PanelSection title={`${title} (${entries.length})`} actions={exportButton}>
      {entries.length === 0 ? (
        <Text color="fg.muted">{t('panel.attention.empty')}</Text>
      ) : (
        <>
          <Text fontSize="sm">{t('panel.attention.intro')}</Text>
          <Stack as="ul" gap="3" listStyleType="none" p="0" m="0">
            {entries.map((entry) => (
              <AttentionItem key={entry.id} entry={entry} source={source} context={context} />
            ))}
          </Stack>
        </>
      )}
    </PanelSection>
  );
}
