/**
 * Signing a scholar out to someone not on the pick-up list: a typed name and a reason, then a
 * second, separate confirmation that says it will be flagged. Nothing is recorded before that second yes. The two
 * dialogs follow each other (the form closes as the confirmation opens, and 'Go back' returns to the form with what
 * was typed), so there is only ever one dialog on screen.
 */
import { Button, CloseButton, Dialog, Field, Input, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../ui/sync/confirm-dialog';

export interface OverrideDialogProps {
  open: boolean;
  scholarName: string;
  busy: boolean;
  onConfirm: (override: { name: string; reason: string }) => Promise<void> | void;
  onClose: () => void;
}

type Errors = { name?: string; reason?: string };

/** The override's form, then its confirmation. */
export function OverrideDialog({ open, scholarName, busy, onConfirm, onClose }: OverrideDialogProps) {
  const { t } = useTranslation('sign-out');
  const { t: tc } = useTranslation();
  const [name, setName] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [confirming, setConfirming] = useState(false);

  const close = () => {
    setConfirming(false);
    setErrors({});
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Errors = {};
    if (!name.trim()) found.name = tc('form.required');
    if (!reason.trim()) found.reason = tc('form.required');
    setErrors(found);
    if (!found.name && !found.reason) setConfirming(true);
  };

  return (
    <>
      <Dialog.Root
        open={open && !confirming}
        onOpenChange={(details) => !details.open && close()}
        placement="center"
        size="md"
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content>
              <form onSubmit={submit} noValidate>
                <Dialog.Header>
                  <Dialog.Title>{t('override.title', { name: scholarName })}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Stack gap="4">
                    <Text>{t('override.intro')}</Text>
                    <Field.Root invalid={Boolean(errors.name)} required>
                      <Field.Label>{t('override.nameLabel')}</Field.Label>
                      <Input
                        size="xl"
                        value={name}
                        maxLength={200}
                        autoComplete="off"
                        onChange={(event) => {
                          setName(event.target.value);
                          setErrors((e) => ({ ...e, name: undefined }));
                        }}
                      />
                      <Field.ErrorText>{errors.name}</Field.ErrorText>
                    </Field.Root>
                    <Field.Root invalid={Boolean(errors.reason)} required>
                      <Field.Label>{t('override.reasonLabel')}</Field.Label>
                      <Textarea
                        size="xl"
                        value={reason}
                        maxLength={500}
                        // The field's hint text (HTML placeholder attribute).
                        placeholder={t('override.reasonPlaceholder')}
                        onChange={(event) => {
                          setReason(event.target.value);
                          setErrors((e) => ({ ...e, reason: undefined }));
                        }}
                      />
                      <Field.ErrorText>{errors.reason}</Field.ErrorText>
                    </Field.Root>
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer>
                  <Button size="lg" variant="outline" onClick={close}>
                    {tc('actions.cancel')}
                  </Button>
                  <Button size="lg" type="submit" colorPalette="orange">
                    {t('override.continue')}
                  </Button>
                </Dialog.Footer>
              </form>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" aria-label={t('override.close')} />
              </Dialog.CloseTrigger>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
      <ConfirmDialog
        open={open && confirming}
        title={t('override.confirmTitle')}
        confirmLabel={t('override.confirm')}
        cancelLabel={t('override.back')}
        closeLabel={t('override.close')}
        isDestructive
        onConfirm={async () => {
          if (busy) return;
          await onConfirm({ name: name.trim(), reason: reason.trim() });
        }}
        onCancel={() => setConfirming(false)}
      >
        <Text fontSize="lg">{t('override.confirmText', { scholar: scholarName, adult: name.trim() })}</Text>
        <Text>{t('override.confirmReason', { reason: reason.trim() })}</Text>
        <Text fontWeight="semibold">{t('override.confirmFlag')}</Text>
      </ConfirmDialog>
    </>
  );
}
