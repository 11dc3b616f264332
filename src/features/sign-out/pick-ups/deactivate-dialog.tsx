/**
 * Confirms deactivating a pick-up adult (active false): the pick-up line stops offering them at the next sync; the
 * row stays, so the records that name them keep their name, and it can be reactivated from the list.
 */
import { Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthorizedPickUpRecord } from '../../../contract';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
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
    <ConfirmDialog
      target={adult}
      title={t('edit.deactivateTitle')}
      body={(target) => <Text>{t('edit.deactivateConfirm', { name: target.full_name, scholar })}</Text>}
      error={error}
      cancelLabel={tc('actions.cancel')}
      confirmLabel={t('edit.deactivate')}
      busy={saver.busy}
      onConfirm={(target) => void confirm(target)}
      onDismiss={() => close(false)}
    />
  );
}
