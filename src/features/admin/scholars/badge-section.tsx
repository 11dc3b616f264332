/** The scholar's badge: the QR of the opaque badge code (as the printed badge carries it), and the badges screen. */
import { Box, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { DemographicRecord } from '../../../contract/demographics';
import { QrCode } from '../../../ui/qr/qr-code';
import { scholarName } from './scholar-name';

export function BadgeSection({ scholar, canPrint }: { scholar: DemographicRecord; canPrint: boolean }) {
  const { t } = useTranslation('scholars');
  const name = scholarName(scholar);
  return (
    <Stack as="section" aria-labelledby="scholar-badge" gap="3">
      <Heading as="h2" size="md" id="scholar-badge">
        {t('badge.title')}
      </Heading>
      <Box bg="white" p="2" borderWidth="1px" rounded="md" alignSelf="flex-start">
        <QrCode text={scholar.badge_code} size="8rem" label={t('badge.qrLabel', { name })} />
      </Box>
      <Text fontSize="sm" fontFamily="mono">
        {t('badge.code', { code: scholar.badge_code })}
      </Text>
      {canPrint && (
        <Link asChild color="primary.fg" alignSelf="flex-start" minH="10">
          <RouterLink to="/sign-out/badges">{t('badge.print')}</RouterLink>
        </Link>
      )}
    </Stack>
  );
}
