/**
 * My badge: the staff member's own QR badge, scanned at the Arrivals kiosk to clock in and out
 * (`STAFF:<code>`). The server makes a new random code each time and the old badge stops working at once, so the
 * button asks first; the code is answered only that once, so the badge is shown and printed right here and never kept
 * on the device. It needs the network. On paper only the badge goes (the same print-only style as the scholars'
 * badge sheets): everything else on the page, and the card's own texts and buttons, are taken out of the layout.
 */
import { Alert, Button, Card, Stack, Text } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { printOnlyCss } from '../../../ui/print-only';
import { QrCode } from '../../../ui/qr/qr-code';
import { styleNonce } from '../../../ui/theme/style-nonce';
import { issueStaffBadge } from '../api/timesheets-api';

/** On paper: the badge card alone (the app bar, the page and the buttons left out), in one piece. */
const PRINT_ONLY_CSS = printOnlyCss('data-my-badge-print', {
  fontSize: '10pt',
  cellPadding: '2pt 4pt',
  rules: (scope) => [`${scope} { break-inside: avoid; }`],
});

export interface MyBadgeProps {
  /** The signed-in person's name, printed under the code; null when the device does not know it. */
  name: string | null;
  online: boolean;
}

/** The card: Make my badge, then the badge with Print. */
export function MyBadge({ name, online }: MyBadgeProps) {
  const { t } = useTranslation('timesheet', { keyPrefix: 'myBadge' });
  const { t: tc } = useTranslation();
  const [asking, setAsking] = useState(false);
  const issue = useMutation({ mutationFn: issueStaffBadge });
  const badge = issue.data;

  const confirm = () => {
    setAsking(false);
    issue.mutate();
  };

  return (
    <Card.Root as="section" aria-labelledby="my-badge-title" maxW="xl" data-my-badge-print="">
      <Card.Body>
        <Stack gap="3">
          <Stack gap="1" data-screen-only="">
            <Text as="h2" id="my-badge-title" fontSize="lg" fontWeight="semibold">
              {t('title')}
            </Text>
            <Text color="fg.muted">{t('explain')}</Text>
          </Stack>
          {badge && (
            <Stack gap="2" align="start" bg="white" color="black" p="2">
              <style nonce={styleNonce()}>{PRINT_ONLY_CSS}</style>
              <QrCode text={badge.text} size="2in" label={name ? t('qrLabel', { name }) : t('qrLabelNoName')} />
              {name && (
                <Text fontSize="xl" fontWeight="bold">
                  {name}
                </Text>
              )}
            </Stack>
          )}
          {issue.isError && (
            <Alert.Root status="error" data-screen-only="">
              <Alert.Indicator />
              <Alert.Title>{issue.error.message}</Alert.Title>
            </Alert.Root>
          )}
          <Stack direction={{ base: 'column', sm: 'row' }} gap="2" data-screen-only="">
            <Button
              loading={issue.isPending}
              loadingText={t('make')}
              disabled={!online}
              onClick={() => setAsking(true)}
            >
              {t('make')}
            </Button>
            {badge && (
              <Button variant="outline" onClick={() => window.print()}>
                {t('print')}
              </Button>
            )}
          </Stack>
          {!online && (
            <Text fontSize="sm" data-screen-only="">
              {t('offline')}
            </Text>
          )}
        </Stack>
      </Card.Body>
      <ConfirmDialog
        target={asking ? true : null}
        title={t('confirmTitle')}
        body={() => t('confirmBody')}
        error={null}
        cancelLabel={tc('actions.cancel')}
        confirmLabel={t('make')}
        busy={false}
        onConfirm={confirm}
        onDismiss={() => setAsking(false)}
      />
    </Card.Root>
  );
}
