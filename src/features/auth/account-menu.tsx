/**
 * The app bar's account menu: the signed-in person's name, the settings, and "Log out…" behind a
 * confirmation, so no single tap ends a session. Logging out never clears the outbox: entries recorded on this device
 * stay in IndexedDB and go out after the next sign-in on it; the confirmation says how many are waiting.
 *
 * Bundle: the app bar is on the kiosk's first screen, so this file stays small. The menu's code loads when it is
 * first opened (settings-menu.tsx), the dialog's when "Log out…" is chosen; the waiting count comes from the offline
 * layer, which loads after the first paint (the caller passes a reader, or none while it is not there).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { addNotification } from '../../ui/notifications/queue';
import { SettingsMenu } from '../../ui/settings-menu';
import { session, useSession } from './session-instance';

type DialogModule = typeof import('./log-out-dialog');

let dialogLoading: Promise<DialogModule> | null = null;

/** Fetches the confirmation dialog once (again after a failure). */
function loadDialog(): Promise<DialogModule> {
  dialogLoading ??= import('./log-out-dialog').catch((error: unknown) => {
    dialogLoading = null;
    throw error;
  });
  return dialogLoading;
}

export interface AccountMenuProps {
  /** Reads how many entries wait to be sent on this device; absent while the offline layer is not loaded. */
  readWaiting?: () => number;
}

interface Confirmation {
  waiting: number;
  dialog: DialogModule;
}

/** The signed-in person's menu; renders the plain settings menu when nobody is signed in. */
export function AccountMenu({ readWaiting }: AccountMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);

  if (!user) return <SettingsMenu />;

  const logOut = async () => {
    await session.signOut();
    navigate('/login', { replace: true });
  };
  const ask = async () => {
    try {
      setConfirmation({ waiting: readWaiting?.() ?? 0, dialog: await loadDialog() });
    } catch (error) {
      // Never log out without the question: the person can try again (the service worker has the chunk offline).
      console.error('The log-out confirmation could not be loaded.', error);
      addNotification({ text: t('account.logOutUnavailable'), type: 'error' });
    }
  };
  return (
    <>
      <SettingsMenu
        account={{
          name: `${user.nickname ?? user.fname} ${user.lname}`.trim(),
          email: user.email,
          onLogOut: () => void ask(),
        }}
      />
      {confirmation && (
        <confirmation.dialog.LogOutDialog
          waiting={confirmation.waiting}
          onConfirm={logOut}
          onCancel={() => setConfirmation(null)}
        />
      )}
    </>
  );
}
