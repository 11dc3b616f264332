/**
 * The result of inviting a person: "Sent to <email>" when the server mailed the link, else the printable letter with
 * the link and its QR code, and Print. The invitation is sent when the dialog opens (the row's Invite button);
 * sending again from the dialog makes a new link, and the older one stops working.
 */
import { Alert, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserRecord } from '../../../contract/users';
import { DialogShell } from '../../../ui/dialog-shell';
import { adminErrorText } from '../api/admin-error-text';
import { useInviteUser } from '../api/invite-user';
import { InvitationLetter } from './invitation-letter';
import { displayName } from './user-row';

export interface InviteUserDialogProps {
  /** The person invited; null when the dialog is closed. */
  user: UserRecord | null;
  schoolName: string;
  withGoogle: boolean;
  onClose: () => void;
}

/** The dialog. */
export function InviteUserDialog({ user, schoolName, withGoogle, onClose }: InviteUserDialogProps) {
  const { t } = useTranslation('admin');
  const invite = useInviteUser();
  const sentFor = useRef<string | null>(null);
  const { mutate, reset } = invite;
  useEffect(() => {
    if (user && sentFor.current !== user.id) {
      sentFor.current = user.id;
      mutate(user.id);
    }
  }, [user, mutate]);
  const close = () => {
    sentFor.current = null;
    reset();
    onClose();
  };
  const result = invite.data;
  const name = user ? displayName(user) : '';
  return (
    <DialogShell
      open={user !== null}
      title={t('invite.title', { name })}
      onClose={close}
      footer={
        <>
          {result?.delivery === 'letter' && (
            <Button variant="outline" onClick={() => window.print()}>
              {t('invite.print')}
            </Button>
          )}
          <Button colorPalette="primary" onClick={close}>
            {t('invite.done')}
          </Button>
        </>
      }
    >
      <Stack gap="3">
        {invite.isPending && (
          <Stack direction="row" align="center" gap="2" role="status">
            <Spinner size="sm" />
            <Text>{t('invite.sending')}</Text>
          </Stack>
        )}
        {invite.isError && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{adminErrorText(invite.error, t)}</Alert.Title>
          </Alert.Root>
        )}
        {result?.delivery === 'email' && (
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Description>{t('invite.sentTo', { email: result.email })}</Alert.Description>
          </Alert.Root>
        )}
        {result?.delivery === 'letter' && result.link && (
          <>
            <Text>{t('invite.handOver')}</Text>
            <InvitationLetter
              schoolName={schoolName}
              name={name}
              link={result.link}
              expiresAt={result.expires_at}
              withGoogle={withGoogle}
            />
          </>
        )}
      </Stack>
    </DialogShell>
  );
}
