/**
 * One needs-attention entry: what it is, when it was recorded, why the server refused it (with the reason per field)
 * and, for a conflict, the server's record it collides with, so the person can decide between retrying, correcting
 * and discarding. Discarding asks first: the entry exists nowhere else. Correcting is offered where the panel has a
 * form for the resource (a check-in's reason); anything else can be retried, discarded or exported.
 */
import { Box, Button, Flex, Grid, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addNotification } from '../notifications/queue';
import { ConfirmDialog } from './confirm-dialog';
import { CorrectForm } from './correct-form';
import { isBusyError } from './outbox-errors';
import type { AttentionSource, OutboxEntry } from './sync-source';
import {
  type EntryContext,
  entryTitle,
  fieldLabel,
  formatWhen,
  reasonText,
  recorderText,
  serverRecordRows,
} from './sync-texts';

export interface AttentionItemProps {
  entry: OutboxEntry;
  source: Pick<AttentionSource, 'retryEntry' | 'correctEntry' | 'discardEntry'>;
  context: EntryContext;
}

/** A needs-attention entry with Retry, Correct (check-ins) and Discard. */
export function AttentionItem({ entry, source, context }: AttentionItemProps) {
  const { t } = useTranslation('sync');
  const { t: tc } = useTranslation();
  const labelId = useId();
  const [isCorrecting, setCorrecting] = useState(false);
  const [isConfirming, setConfirming] = useState(false);
  const label = entryTitle(t, entry, context);
  const when = formatWhen(entry.recorded_at, context.language, context.timeZone);
  const reason = reasonText(t, entry, context);
  const fieldLines = Object.entries(entry.field_errors ?? {}).map(
    ([field, messages]) => `${fieldLabel(t, field)}: ${messages.join(' ')}`,
  );
  const record = serverRecordRows(t, entry.server_record, context.language, context.timeZone);

  /** Runs an outbox action and says how it went; true when it worked. */
  const act = async (action: () => Promise<boolean>, done: string): Promise<boolean> => {
    try {
      await action();
      addNotification({ text: done, type: 'success' });
      return true;
    } catch (error) {
      const text = isBusyError(error)
        ? t('panel.attention.busy')
        : t('panel.attention.actionFailed', { error: error instanceof Error ? error.message : String(error) });
      addNotification({ text, type: 'error' });
      return false;
    }
  };
  const discard = async () => {
    if (await act(() => source.discardEntry(entry.id), t('panel.attention.discarded'))) setConfirming(false);
  };

  return (
    <Box as="li" borderWidth="1px" borderRadius="md" p="3">
      <Text id={labelId} fontWeight="semibold">
        {label}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {recorderText(t, entry, context)}
      </Text>
      {[...new Set([...(reason ? [reason] : []), ...fieldLines])].map((line) => (
        <Text key={line} fontSize="sm" color="fg.error">
          {line}
        </Text>
      ))}
      {record.length > 0 && (
        <Box mt="2" fontSize="sm">
          <Text fontWeight="medium">{t('panel.attention.serverRecord')}</Text>
          <Grid as="dl" templateColumns="auto 1fr" columnGap="3">
            {record.map(([name, value]) => (
              <Box key={name} display="contents">
                <Text as="dt" color="fg.muted">
                  {name}
                </Text>
                <Text as="dd">{value}</Text>
              </Box>
            ))}
          </Grid>
        </Box>
      )}
      {isCorrecting ? (
        <CorrectForm entry={entry} correctEntry={source.correctEntry} onDone={() => setCorrecting(false)} />
      ) : (
        <Flex gap="2" mt="3" wrap="wrap">
          <Button
            aria-describedby={labelId}
            onClick={() => act(() => source.retryEntry(entry.id), t('panel.attention.retried'))}
          >
            {t('panel.attention.retry')}
          </Button>
          {entry.resource === 'check_ins' && (
            <Button variant="outline" aria-describedby={labelId} onClick={() => setCorrecting(true)}>
              {t('panel.attention.correct')}
            </Button>
          )}
          <Button variant="outline" colorPalette="red" aria-describedby={labelId} onClick={() => setConfirming(true)}>
            {t('panel.attention.discard')}
          </Button>
        </Flex>
      )}
      <ConfirmDialog
        open={isConfirming}
        title={t('panel.discard.title')}
        confirmLabel={t('panel.discard.confirm')}
        cancelLabel={t('panel.discard.cancel')}
        closeLabel={tc('actions.close')}
        isDestructive
        onConfirm={discard}
        onCancel={() => setConfirming(false)}
      >
        <Text>{t('panel.discard.body', { what: label, when })}</Text>
        <Text fontWeight="semibold">{t('panel.discard.undone')}</Text>
      </ConfirmDialog>
    </Box>
  );
}
