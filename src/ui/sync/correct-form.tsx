/**
 * The correction of a check-in that needs attention. Only the reason is editable: the scholar, the kind and the time
 * are facts the station recorded, and changing them here would rewrite what happened rather than fix a refusal (the
 * usual one being a reason the server found too long or missing). The outbox checks the fix with the contract schema
 * before it is queued again, and its per-field reasons show under the field.
 */
import { Button, Field, Flex, Stack, Textarea } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addNotification } from '../notifications/queue';
import { isBusyError, validationErrorsOf } from './outbox-errors';
import type { OutboxEntry, SyncSource } from './sync-source';

export interface CorrectFormProps {
  entry: OutboxEntry;
  correctEntry: SyncSource['correctEntry'];
  /** Called after a saved correction or a cancel. */
  onDone: () => void;
}

/** The reason of a check-in entry, editable, and "Save and send". */
export function CorrectForm({ entry, correctEntry, onDone }: CorrectFormProps) {
  const { t } = useTranslation('sync');
  const initial = typeof entry.data.reason === 'string' ? entry.data.reason : '';
  const [reason, setReason] = useState(initial);
  const [error, setError] = useState<string | null>(entry.field_errors?.reason?.join(' ') ?? null);
  const [isSaving, setSaving] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      await correctEntry(entry.id, { ...entry.data, reason: reason.trim() === '' ? null : reason });
      addNotification({ text: t('panel.attention.corrected'), type: 'success' });
      onDone();
    } catch (caught) {
      const fields = validationErrorsOf(caught);
      if (fields) setError(fields.reason?.join(' ') ?? t('panel.attention.invalid'));
      else if (isBusyError(caught)) setError(t('panel.attention.busy'));
      else setError(caught instanceof Error ? caught.message : String(caught));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack as="form" gap="3" mt="3" onSubmit={save} aria-label={t('panel.attention.correctTitle')}>
      <Field.Root invalid={error !== null}>
        <Field.Label>{t('fields.reason')}</Field.Label>
        <Textarea value={reason} onChange={(event) => setReason(event.target.value)} autoresize maxH="40" />
        {error && <Field.ErrorText>{error}</Field.ErrorText>}
      </Field.Root>
      <Flex gap="2">
        <Button type="submit" loading={isSaving}>
          {t('panel.attention.save')}
        </Button>
        <Button variant="outline" onClick={onDone}>
          {t('panel.attention.cancel')}
        </Button>
      </Flex>
    </Stack>
  );
}
