/**
 * "Erase their data…" for a withdrawn scholar: who asked (the family, the school, the retention reminder), a note, and
 * the scholar's full name typed as shown. The erase button stays disabled until the typed name matches (the same
 * comparison the server makes, contract/scholar-data.ts); what the server refuses is shown by its field. The erase's
 * id is made when the dialog opens, so pressing the button again after a lost answer erases nothing twice.
 */
import { Alert, Button, Field, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uuidv7 } from '../../../contract/ids';
import {
  confirmsErase,
  ERASE_REQUESTERS,
  EraseBodySchema,
  type ErasureRecord,
  eraseConfirmationName,
} from '../../../contract/scholar-data';
import { DialogShell } from '../../../ui/dialog-shell';
import { toFieldErrors } from '../../../ui/form/field-errors';
import { FormAlert } from '../../../ui/timekeeping/form-dialog';
import { useOnline } from '../../../ui/use-online';
import { adminErrorText } from '../api/admin-error-text';
import { eraseScholarData } from './api/family-data';

export interface EraseDialogProps {
  scholar: { id: string; fname: string; lname: string; nickname?: string | null };
  open: boolean;
  onClose: () => void;
  onErased: (erasure: ErasureRecord) => void;
}

/** The dialog; mounted while open, so each opening starts empty with a new erase id. */
export function EraseDialog({ scholar, open, onClose, onErased }: EraseDialogProps) {
  const { t } = useTranslation('family-data');
  const { t: ta } = useTranslation('admin');
  const { t: tc } = useTranslation();
  const online = useOnline();
  const [id] = useState(uuidv7);
  const [requestedBy, setRequestedBy] = useState('');
  const [note, setNote] = useState('');
  const [typed, setTyped] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const name = eraseConfirmationName(scholar);
  const matches = confirmsErase(typed, scholar);

  const erase = useMutation({ mutationFn: (body: unknown) => eraseScholarData(scholar.id, body as never) });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = EraseBodySchema.safeParse({ id, requested_by: requestedBy, note, confirmation: typed });
    if (!parsed.success) {
      setErrors(toFieldErrors(parsed.error, (key) => tc(key)));
      setFailure(tc('form.incomplete'));
      return;
    }
    setFailure(null);
    erase.mutate(parsed.data, {
      onSuccess: (erasure) => onErased(erasure),
      onError: (error) => {
        const fields = toFieldErrors(error, (key) => tc(key));
        if (fields.confirmation) fields.confirmation = t('dialog.mismatch');
        setErrors(fields);
        setFailure(Object.keys(fields).length ? tc('form.incomplete') : adminErrorText(error, ta));
      },
    });
  };

  const formId = `erase-${scholar.id}`;
  return (
    <DialogShell
      open={open}
      role="alertdialog"
      onClose={onClose}
      title={t('dialog.title', { name })}
      footer={
        <Stack direction="row" gap="2" wrap="wrap" justify="flex-end" w="full">
          <Button variant="ghost" minH="10" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          <Button
            type="submit"
            form={formId}
            colorPalette="red"
            minH="10"
            disabled={!matches || !online}
            loading={erase.isPending}
          >
            {t('dialog.confirm')}
          </Button>
        </Stack>
      }
    >
      {/* The form inside the body (its submit button in the footer names it), so the body stays what scrolls. */}
      <form id={formId} onSubmit={submit} noValidate aria-label={t('dialog.title', { name })}>
        <Stack gap="4">
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Title>{t('dialog.warning')}</Alert.Title>
          </Alert.Root>
          {!online && <Text role="status">{t('dialog.offline')}</Text>}
          <FormAlert text={failure} />
          <Field.Root invalid={Boolean(errors.requested_by)} required>
            <Field.Label>{t('dialog.requestedBy')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                value={requestedBy}
                onChange={(e) => {
                  setRequestedBy(e.target.value);
                  setErrors((x) => ({ ...x, requested_by: '' }));
                }}
              >
                <option value="">{t('dialog.choose')}</option>
                {ERASE_REQUESTERS.map((r) => (
                  <option key={r} value={r}>
                    {t(`dialog.requesters.${r}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.HelperText>{t('dialog.requestedByHelp')}</Field.HelperText>
            {errors.requested_by && <Field.ErrorText>{errors.requested_by}</Field.ErrorText>}
          </Field.Root>
          <Field.Root invalid={Boolean(errors.note)} required>
            <Field.Label>{t('dialog.note')}</Field.Label>
            <Textarea
              value={note}
              maxLength={1000}
              rows={3}
              onChange={(e) => {
                setNote(e.target.value);
                setErrors((x) => ({ ...x, note: '' }));
              }}
            />
            <Field.HelperText>{t('dialog.noteHelp')}</Field.HelperText>
            {errors.note && <Field.ErrorText>{errors.note}</Field.ErrorText>}
          </Field.Root>
          <Field.Root invalid={Boolean(errors.confirmation)} required>
            <Field.Label>{t('dialog.confirmation')}</Field.Label>
            <Input
              value={typed}
              autoComplete="off"
              spellCheck={false}
              onChange={(e) => {
                setTyped(e.target.value);
                setErrors((x) => ({ ...x, confirmation: '' }));
              }}
            />
            <Field.HelperText>{t('dialog.confirmationHelp', { name })}</Field.HelperText>
            {errors.confirmation && <Field.ErrorText>{errors.confirmation}</Field.ErrorText>}
          </Field.Root>
        </Stack>
      </form>
    </DialogShell>
  );
}
