/**
 * The question before signing out of a device that still owes the server entries (issue F3 item 2). It reassures as
 * much as it warns: signing out never clears the outbox, and the entries go out after the next sign-in on this device.
 * Loaded only when someone signs out with entries waiting; its texts (the `sync` namespace) load with it, and it shows
 * once they are there rather than flash raw keys.
 */
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './confirm-dialog';

export interface SignOutDialogProps {
  /** Entries waiting to be sent on this device. */
  count: number;
  open: boolean;
  onConfirm: () => Promise<void> | void;
  onCancel: () => void;
}

/** "N entries have not been sent yet…": sign out, or stay. */
export function SignOutDialog({ count, open, onConfirm, onCancel }: SignOutDialogProps) {
  const { t, ready } = useTranslation('sync');
  const { t: tc } = useTranslation();
  if (!ready) return null;
  return (
    <ConfirmDialog
      open={open}
      title={t('signOut.title')}
      confirmLabel={t('signOut.confirm')}
      cancelLabel={t('signOut.cancel')}
      closeLabel={tc('actions.close')}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <Text>{t('signOut.body', { count })}</Text>
    </ConfirmDialog>
  );
}
