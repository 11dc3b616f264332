/**
 * Check In: the scholar's badge as a large QR code on the phone, the same text the kiosk and the
 * cafeteria scanners read, so a scholar without a printed badge checks in with one scan. It is kept on the device like
 * every portal answer, so it shows offline too (the scanners work from their own roster). A web page cannot raise the
 * screen's brightness, so the screen asks for it.
 */
import { Box, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { PortalBadgeResponse } from '../../../contract';
import { QueryState } from '../../../ui/data/query-state';
import { QrCode } from '../../../ui/qr/qr-code';
import { usePortalQuery } from '../data/use-portal-query';
import { AsOfNotice } from '../layout/as-of-notice';
import { PortalScreen } from '../layout/portal-screen';
import { usePortal } from '../portal-context';

/** The screen. */
export default function CheckInPage() {
  const { t } = useTranslation('portal');
  const { t: tc } = useTranslation();
  const { userId, scholar } = usePortal();
  const query = usePortalQuery<PortalBadgeResponse>(userId, `v2/scholar/scholars/${scholar.id}/badge`);
  const badge = query.data?.data;
  return (
    <PortalScreen title={tc('sections.checkIn')} subtitle={t('checkIn.explain')}>
      <AsOfNotice fetchedAt={query.data?.fetchedAt} fromDevice={query.data?.fromDevice} />
      <QueryState query={query} isEmpty={!badge?.code} emptyText={t('checkIn.empty')}>
        {badge && (
          <Stack gap="3" align="center">
            <Stack gap="2" align="center" bg="white" color="black" p="3" borderRadius="md" borderWidth="1px">
              <Box w="min(80vw, 20rem)" aspectRatio="1">
                <QrCode text={badge.code} size="100%" label={t('checkIn.qrLabel', { name: badge.name })} />
              </Box>
              <Text fontSize="xl" fontWeight="bold" textAlign="center">
                {badge.name}
              </Text>
            </Stack>
            <Text textAlign="center" maxW="sm">
              {t('checkIn.brightness')}
            </Text>
          </Stack>
        )}
      </QueryState>
    </PortalScreen>
  );
}
