/**
 * Confirms deactivating a pick-up adult (active false): the pick-up line stops offering them at the next sync; the
 * row stays, so the records that name them keep their name, and it can be reactivated from the list.
 */
import { Alert, Button, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthorizedPickUpRecord } from '../../../contract';
import { useSavePickUp } from './use-save-pick-up';

export interface DeactivateDialogProps {
  /** The adult to deactivate; null when the dialog is closed. */
  adult: AuthorizedPickUpRecord | null;
  scholar: string;
  onClose: (deactivated: boolean) => void;
}

/** The confirm dialog. */
export function DeactivateDialog({ adult, scholar, onClose }: DeactivateDialogProps) {
  const { t } = useTranslation('pick-ups');
  const { t: tc } = useTranslation();
  const saver = useSavePickUp();
  const [error, setError] = useState<string | null>(null);
  const close = (done: boolean) => {
    setError(null);
    onClose(done);
  };
  async function confirm(target: AuthorizedPickUpRecord) {
    setError(null);
    const result = await saver.update({ id: target.id, active: false });
    if (result.kind === 'saved') close(true);
    else if (result.kind === 'offline') setError(t('form.offline'));
    else setError(result.message);
  }
  return (
    <Dialog.Root
      role="alertdialog"
      open={adult !== null}
      onOpenChange={(details) => !details.open && close(false)}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            {adult && (
              <>
                <Dialog.Header>
                  <Dialog.Title>{t('edit.deactivateTitle')}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body>
                  <Stack gap="3">
                    <Text>{t('edit.deactivateConfirm', { name: adult.full_name, scholar })}</Text>
                    {error && (
                      <Alert.Root status="error">
                        <Alert.Indicator />
                        <Alert.Title>{error}</Alert.Title>
                      </Alert.Root>
                    )}
                  </Stack>
                </Dialog.Body>
                <Dialog.Footer>
                  <Dialog.ActionTrigger asChild>
                    <Button variant="outline">{tc('actions.cancel')}</Button>
                  </Dialog.ActionTrigger>
                  <Button colorPalette="red" loading={saver.busy} onClick={() => void confirm(adult)}>
                    {t('edit.deactivate')}
                  </Button>
                </Dialog.Footer>
                <Dialog.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label={tc('actions.close')} />
                </Dialog.CloseTrigger>
              </>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
