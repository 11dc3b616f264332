/**
 * One badge card: the school's name, the scholar's photo (from the device or the server; the initials without
 * one), the QR of the opaque badge code, the name, grade and homeroom. Sized in print units by the sheet's style.
 */
import { Box, Flex, Text } from '@chakra-ui/react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DemographicRecord } from '../../../contract';
import { QrCode } from '../../../ui/qr/qr-code';
import { SchoolLogo, useKnownSchoolLogoUrl } from '../../../ui/school-logo';
import { useKnownSchoolName } from '../../../ui/school-name';
import { useSchoolWords } from '../../../ui/school-words';
import { useObjectUrl } from '../../../ui/use-object-url';
import { usePhotoBlob } from '../pick-ups/photo';
import { scholarName } from '../pick-ups/scholar-search';

const initials = (s: DemographicRecord) => `${(s.nickname || s.fname).charAt(0)}${s.lname.charAt(0)}`.toUpperCase();

function CardPhoto({ scholar }: { scholar: DemographicRecord }) {
  const url = useObjectUrl(usePhotoBlob(scholar.photo_id));
  return (
    <Box
      width="1.2in"
      height="1.5in"
      borderWidth="1px"
      borderColor="gray.300"
      overflow="hidden"
      display="flex"
      alignItems="center"
      justifyContent="center"
      bg="gray.100"
      flexShrink="0"
    >
      {url ? (
        <img src={url} alt={scholarName(scholar)} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
      ) : (
        <Text fontSize="28pt" color="gray.500" aria-hidden="true">
          {initials(scholar)}
        </Text>
      )}
    </Box>
  );
}

/** The card. */
export const BadgeCard = memo(function BadgeCard({ scholar }: { scholar: DemographicRecord }) {
  const { t } = useTranslation('pick-ups');
  const words = useSchoolWords();
  const schoolName = useKnownSchoolName();
  const logoUrl = useKnownSchoolLogoUrl();
  const name = scholarName(scholar);
  return (
    <Flex
      data-badge-card=""
      role="group"
      aria-label={t('badges.cardLabel', { name })}
      direction="column"
      justify="space-between"
      borderWidth="1px"
      borderStyle="dashed"
      borderColor="gray.400"
      bg="white"
      color="black"
      p="0.15in"
      overflow="hidden"
      gap="0.08in"
    >
      {(schoolName || logoUrl) && (
        <Flex align="center" gap="0.06in" minW="0">
          <SchoolLogo url={logoUrl} name={schoolName} size="0.3in" />
          {schoolName && (
            <Text fontSize="8pt" fontWeight="semibold" truncate data-badge-school="">
              {schoolName}
            </Text>
          )}
        </Flex>
      )}
      <Flex gap="0.15in" align="center" justify="space-between">
        <CardPhoto scholar={scholar} />
        <QrCode text={scholar.badge_code} size="1.35in" label={t('badges.qrLabel', { name })} />
      </Flex>
      <Box>
        <Text fontSize="14pt" fontWeight="bold" lineHeight="1.1" truncate>
          {name}
        </Text>
        <Text fontSize="9pt">
          {[t('badges.grade', { grade: scholar.grade }), words.homeroom(scholar.homeroom)].filter(Boolean).join(' · ')}
        </Text>
      </Box>
    </Flex>
  );
});
