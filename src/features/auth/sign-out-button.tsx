/**
 * The app bar's sign-out (issue F3 item 2). Signing out never clears the outbox: entries recorded on this device stay
 * in IndexedDB and go out after the next sign-in on it. When some are waiting, a dialog says so before signing out;
 * with none it signs out at once.
 *
 * Bundle: the app bar is on the kiosk's first screen, so this file stays small. The waiting count comes from the
 * offline layer, which loads after the first paint (the caller passes a reader, or none while it is not there: then
 * nothing is read and sign-out is immediate), and the dialog's code loads only when it is needed.
 */
import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { session } from './session-instance';

type DialogModule = typeof import('../../ui/sync/sign-out-dialog');

let dialogLoading: Promise<DialogModule> | null = null;

/** Fetches the confirmation dialog once (again after a failure). */
function loadDialog(): Promise<DialogModule> {
  dialogLoading ??= import('../../ui/sync/sign-out-dialog').catch((error: unknown) => {
    dialogLoading = null;
    throw error;
  });
  return dialogLoading;
}

export interface SignOutButtonProps {
  /** Reads how many entries wait to be sent on this device; absent while the offline layer is not loaded. */
  readWaiting?: () => number;
}

interface Confirmation {
  count: number;
  dialog: DialogModule;
}

/** "Sign out", with a confirmation when entries are still waiting to be sent. */
export function SignOutButton({ readWaiting }: SignOutButtonProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);

  const signOut = async () => {
    await session.signOut();
    navigate('/login', { replace: true });
  };
  const start = async () => {
    const count = readWaiting?.() ?? 0;
    if (count === 0) return signOut();
    try {
      setConfirmation({ count, dialog: await loadDialog() });
    } catch (error) {
      // Nothing is lost by signing out (the outbox stays); only the reminder could not be shown.
      console.error('The sign-out confirmation could not be loaded.', error);
      await signOut();
    }
  };
  const prefetch = () => {
    if ((readWaiting?.() ?? 0) > 0) loadDialog().catch(() => undefined);
  };

  return (
    <>
      <Button
        size="sm"
        variant="outline"
        color="inherit"
        borderColor="currentColor"
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={start}
      >
        {t('actions.signOut')}
      </Button>
      {confirmation && (
        <confirmation.dialog.SignOutDialog
          count={confirmation.count}
          open
          onConfirm={signOut}
          onCancel={() => setConfirmation(null)}
        />
      )}
    </>
  );
}
