/**
 * The question before logging out (no single tap ends a session). It reassures as much as it warns:
 * logging out never clears the outbox, and entries still waiting go out after the next sign-in on this device.
 * Loaded only when someone chooses "Log out…"; its texts are in the common namespace, which is always there.
 */
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../ui/sync/confirm-dialog';

export interface LogOutDialogProps {
  /** Entries waiting to be sent on this device. */
  waiting: number;
  onConfirm: () => Promise<void> | void;
  onCancel: () => void;
}

/** "Log out?": log out, or stay signed in. */
export function LogOutDialog({ waiting, onConfirm, onCancel }: LogOutDialogProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open
      title={t('account.logOutTitle')}
      confirmLabel={t('account.logOutConfirm')}
      cancelLabel={t('account.stay')}
      closeLabel={t('actions.close')}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <Text>{t('account.logOutBody')}</Text>
      {waiting > 0 && <Text mt="2">{t('account.waiting', { count: waiting })}</Text>}
    </ConfirmDialog>
  );
}
