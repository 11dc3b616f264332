/**
 * The printable invitation letter, for a person whose link is handed over rather than mailed: the school's name, the
 * person's name, what to do, the link written out and as a QR code (for a phone's camera). On paper only the letter
 * shows (ui/print-only.ts), on one page.
 */
import { Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { printOnlyCss } from '../../../ui/print-only';
import { QrCode } from '../../../ui/qr/qr-code';
import { SchoolLogo, useKnownSchoolLogoUrl } from '../../../ui/school-logo';
import { styleNonce } from '../../../ui/theme/style-nonce';

const ATTRIBUTE = 'data-invitation-letter';
const PRINT_CSS = printOnlyCss(ATTRIBUTE, {
  fontSize: '12pt',
  cellPadding: '2pt 4pt',
  page: 'size: auto; margin: 20mm',
  rules: (scope) => [`${scope} { font-size: 13pt !important; color: #000 !important; }`],
});

export interface InvitationLetterProps {
  schoolName: string;
  name: string;
  link: string;
  expiresAt: string;
  /** The school signs in with Google: the letter says to use that button. */
  withGoogle: boolean;
}

/** The letter. */
export function InvitationLetter({ schoolName, name, link, expiresAt, withGoogle }: InvitationLetterProps) {
  const { t, i18n } = useTranslation('admin');
  const logoUrl = useKnownSchoolLogoUrl();
  const until = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(expiresAt));
  return (
    <Box {...{ [ATTRIBUTE]: '' }} as="article" aria-label={t('invite.letterLabel', { name })} borderWidth="1px" p="4">
      <style nonce={styleNonce()}>{PRINT_CSS}</style>
      <Stack gap="3">
        <Flex align="center" gap="3">
          <SchoolLogo url={logoUrl} name={schoolName} size="3.5rem" />
          <Text fontWeight="semibold">{schoolName}</Text>
        </Flex>
        <Heading as="h2" size="md">
          {t('invite.letterHello', { name })}
        </Heading>
        <Text>{t('invite.letterBody', { school: schoolName, date: until })}</Text>
        <QrCode text={link} label={t('invite.qrLabel', { name })} size="1.6in" />
        <Text fontFamily="mono" fontSize="sm" wordBreak="break-all">
          {link}
        </Text>
        {withGoogle && <Text>{t('invite.letterGoogle')}</Text>}
      </Stack>
    </Box>
  );
}
