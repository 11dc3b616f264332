/**
 * Confirms voiding a meal record, with the reason the claim's audit trail needs. The reason is checked with the
 * contract's NslpRecordVoidSchema before anything is sent ('Voiding needs a reason.' under the field), and the server
 * checks with the same schema. On any failure, offline included, the dialog stays open with the reason as typed.
 */
import { Alert, Button, CloseButton, Dialog, Field, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DemographicRecord, type NslpRecord, NslpRecordVoidSchema } from '../../../contract';
import { FORM_INCOMPLETE_KEY, pickFieldErrors, toFieldErrors } from '../../../ui/form/field-errors';
import { addNotification } from '../../../ui/notifications';
import { mealRecordsErrorText } from './api/meal-records-resource';
import { useVoidMealRecord } from './api/void-meal-record';
import { scholarName } from './model/scholars';
import { formatDay } from './model/school-day';

export interface VoidRecordDialogProps {
  /** The record to void; null when the dialog is closed. */
  record: NslpRecord | null;
  scholar: DemographicRecord | undefined;
  onClose: () => void;
}

function VoidForm({
  record,
  scholar,
  onDone,
}: {
  record: NslpRecord;
  scholar?: DemographicRecord;
  onDone: () => void;
}) {
  const { t, i18n } = useTranslation('meal-records');
  const { t: tc } = useTranslation();
  const formId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useVoidMealRecord();
  const words = {
    meal: t(`mealTypes.${record.meal_type}`).toLocaleLowerCase(i18n.language),
    name: scholar ? scholarName(scholar) : t('table.unknownScholar'),
    day: formatDay(record.served_on, i18n.language),
  };
  const fail = (failure: unknown) => {
    const fields = pickFieldErrors(toFieldErrors(failure, tc), ['void_reason']);
    setError(fields.void_reason);
    setFormError(fields.void_reason ? tc(FORM_INCOMPLETE_KEY) : mealRecordsErrorText(failure, t));
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setFormError(null);
    const parsed = NslpRecordVoidSchema.safeParse({ voided: true, void_reason: reason });
    if (!parsed.success) {
      // The contract's message is English; the same rule in the person's language.
      setError(t('void.reasonRequired'));
      setFormError(tc(FORM_INCOMPLETE_KEY));
      return;
    }
    mutation.mutate(
      { id: record.id, reason: parsed.data.void_reason },
      {
        onSuccess: () => {
          addNotification({ text: t('void.done', words), type: 'success' });
          onDone();
        },
        onError: fail,
      },
    );
  };
  return (
    <>
      <Dialog.Header>
        <Dialog.Title>{t('void.title')}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>
        <form id={formId} onSubmit={submit} noValidate>
          <Stack gap="4">
            <Text>{t('void.confirm', words)}</Text>
            {formError && (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Title>{formError}</Alert.Title>
              </Alert.Root>
            )}
            <Field.Root invalid={Boolean(error)} required>
              <Field.Label>
                {t('void.reason')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Textarea
                value={reason}
                maxLength={500}
                // The input's hint text (an example of what to type), translated; the label names the field.
                placeholder={t('void.reasonPlaceholder')}
                onChange={(event) => {
                  setReason(event.target.value);
                  setError(undefined);
                }}
              />
              <Field.ErrorText>{error}</Field.ErrorText>
            </Field.Root>
          </Stack>
        </form>
      </Dialog.Body>
      <Dialog.Footer>
        <Dialog.ActionTrigger asChild>
          <Button variant="outline">{t('void.cancel')}</Button>
        </Dialog.ActionTrigger>
        <Button type="submit" form={formId} colorPalette="red" loading={mutation.isPending}>
          {t('void.submit')}
        </Button>
      </Dialog.Footer>
      <Dialog.CloseTrigger asChild>
        <CloseButton size="sm" aria-label={tc('actions.close')} />
      </Dialog.CloseTrigger>
    </>
  );
}

/** The confirm dialog, with its reason, before a meal record is voided. */
export function VoidRecordDialog({ record, scholar, onClose }: VoidRecordDialogProps) {
  return (
    <Dialog.Root
      role="alertdialog"
      open={record !== null}
      onOpenChange={(details) => !details.open && onClose()}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {record && <VoidForm key={record.id} record={record} scholar={scholar} onDone={onClose} />}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
