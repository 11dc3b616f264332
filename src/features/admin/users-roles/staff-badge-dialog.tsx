/**
 * Print staff badge: a QR badge for a staff member without a phone, scanned at the Arrivals kiosk to clock in and out.
 * The dialog first says that a new badge stops the old one at once, and makes it only when asked; the code is
 * answered that once, so the card (the person's name, the school's name, the QR of the badge text) is printed right
 * here and never kept. On paper the card goes alone (the print-only style of the badge screens).
 */
import { Alert, Box, Button, Flex, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { UserRecord } from '../../../contract/users';
import { DialogShell } from '../../../ui/dialog-shell';
import { printOnlyCss } from '../../../ui/print-only';
import { QrCode } from '../../../ui/qr/qr-code';
import { useKnownSchoolName } from '../../../ui/school-name';
import { styleNonce } from '../../../ui/theme/style-nonce';
import { adminErrorText } from '../api/admin-error-text';
import { useIssueStaffBadge } from '../api/issue-staff-badge';
import { displayName } from './user-row';

/** On paper: the card alone, in one piece. */
const PRINT_ONLY_CSS = printOnlyCss('data-staff-badge-print', {
  fontSize: '10pt',
  cellPadding: '2pt 4pt',
  rules: (scope) => [`${scope} { break-inside: avoid; }`],
});

export interface StaffBadgeDialogProps {
  /** The person the badge is for; null when the dialog is closed. */
  user: UserRecord | null;
  /** The school's name from the server's config; the one the device last knew when it is not loaded. */
  schoolName: string | null;
  onClose: () => void;
}

/** The printable card of one badge. */
export function StaffBadgeCard({ name, schoolName, text }: { name: string; schoolName: string | null; text: string }) {
  const { t } = useTranslation('admin', { keyPrefix: 'usersPage.staff' });
  return (
    <Flex
      data-staff-badge-print=""
      role="group"
      aria-label={t('cardLabel', { name })}
      direction="column"
      align="center"
      gap="0.1in"
      width="2.5in"
      maxW="full"
      mx="auto"
      p="0.15in"
      borderWidth="1px"
      borderStyle="dashed"
      borderColor="gray.400"
      bg="white"
      color="black"
    >
      <style nonce={styleNonce()}>{PRINT_ONLY_CSS}</style>
      {schoolName && (
        <Text fontSize="10pt" fontWeight="semibold" textAlign="center">
          {schoolName}
        </Text>
      )}
      <QrCode text={text} size="1.8in" label={t('qrLabel', { name })} />
      <Box textAlign="center">
        <Text fontSize="14pt" fontWeight="bold" lineHeight="1.1">
          {name}
        </Text>
        <Text fontSize="9pt">{t('cardKind')}</Text>
      </Box>
    </Flex>
  );
}

/** The dialog: the warning and Make a new badge, then the card with Print. */
export function StaffBadgeDialog({ user, schoolName, onClose }: StaffBadgeDialogProps) {
  const { t } = useTranslation('admin');
  const knownName = useKnownSchoolName();
  const issue = useIssueStaffBadge();
  const name = user ? displayName(user) : '';
  // A badge answered for someone else (the dialog reopened for another person) is not shown.
  const badge = issue.data && user && issue.data.user_id === user.id ? issue.data : null;
  const close = () => {
    issue.reset();
    onClose();
  };
  return (
    <DialogShell
      open={user !== null}
      title={t('usersPage.staff.badgeTitle', { name })}
      onClose={close}
      footer={
        badge ? (
          <>
            <Button variant="outline" onClick={() => window.print()}>
              {t('usersPage.staff.print')}
            </Button>
            <Button colorPalette="primary" onClick={close}>
              {t('usersPage.staff.done')}
            </Button>
          </>
        ) : (
          <>
            <Button variant="outline" onClick={close}>
              {t('cancel')}
            </Button>
            <Button colorPalette="primary" loading={issue.isPending} onClick={() => user && issue.mutate(user.id)}>
              {t('usersPage.staff.makeBadge')}
            </Button>
          </>
        )
      }
    >
      <Stack gap="3">
        {badge ? (
          <>
            <Text role="status">{t('usersPage.staff.badgeReady')}</Text>
            <StaffBadgeCard name={name} schoolName={schoolName || knownName} text={badge.text} />
          </>
        ) : (
          <Text>{t('usersPage.staff.badgeWarning', { name })}</Text>
        )}
        {issue.isError && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{adminErrorText(issue.error, t)}</Alert.Title>
          </Alert.Root>
        )}
      </Stack>
    </DialogShell>
  );
}
