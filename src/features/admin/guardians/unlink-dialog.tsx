/**
 * The confirmation before unlinking a guardian from a scholar: it says what follows (the portal no longer shows the
 * scholar to them, and they leave the scholar's pick-up adults), and the refusal when the server gives one.
 */
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { GuardianshipRecord } from '../../../contract/guardians';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { addNotification } from '../../../ui/notifications';
import { useUnlinkGuardian } from './api/save-guardianship';
import { guardiansErrorText } from './error-text';

/** The dialog, open while `link` is set. */
export function UnlinkDialog({ link, onClose }: { link: GuardianshipRecord | null; onClose: () => void }) {
  const { t } = useTranslation('guardians');
  const { t: tc } = useTranslation();
  const unlink = useUnlinkGuardian();
  const names = (l: GuardianshipRecord) => ({ guardian: l.guardian_name, scholar: l.scholar_name });
  const close = () => {
    unlink.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      target={link}
      title={link ? t('links.unlinkTitle', names(link)) : ''}
      body={(l) => <Text>{t('links.unlinkBody', names(l))}</Text>}
      error={unlink.isError ? guardiansErrorText(unlink.error, t) : null}
      cancelLabel={tc('actions.cancel')}
      confirmLabel={t('links.unlink')}
      busy={unlink.isPending}
      onConfirm={(l) =>
        unlink.mutate(l.id, {
          onSuccess: () => {
            addNotification({ type: 'success', text: t('links.unlinked', names(l)) });
            close();
          },
        })
      }
      onDismiss={close}
    />
  );
}
