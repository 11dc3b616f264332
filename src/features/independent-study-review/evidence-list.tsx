/** Each signature of an agreement with its evidence: role, typed name, account, time, IP, device, version and hash. */
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { AgreementDetail } from '../../contract/independent-study';

/** The list, the current version's first. */
export function EvidenceList({ agreement }: { agreement: AgreementDetail }) {
  const { t, i18n } = useTranslation('independent-study');
  const format = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'long' });
  const ordered = [...agreement.signatures].sort((a, b) => b.version_number - a.version_number);
  return (
    <Stack gap="2">
      <Heading as="h2" size="md">
        {t('signatures.heading')}
      </Heading>
      {ordered.length === 0 && <Text>{t('signatures.none')}</Text>}
      <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
        {ordered.map((s) => (
          <Box as="li" key={s.id} borderWidth="1px" borderRadius="md" p="3">
            <Text fontWeight="semibold">
              {t(`roles.${s.role}`)}: {s.typed_name}
              {s.version_hash !== agreement.version_hash &&
                ` · ${t('signatures.earlier', { number: s.version_number })}`}
            </Text>
            <Box
              as="dl"
              display="grid"
              gridTemplateColumns={{ base: '1fr', sm: 'minmax(8rem, auto) 1fr' }}
              columnGap="4"
              rowGap="1"
              m="0"
            >
              {[
                [t('evidence.account'), `${s.account_name} (${s.account_id})`],
                [t('evidence.time'), format.format(new Date(s.signed_at))],
                [t('evidence.ip'), s.ip],
                [t('evidence.device'), s.user_agent],
                [t('evidence.hash'), `v${s.version_number} ${s.version_hash}`],
                [t('evidence.consent'), s.consent_text],
              ].map(([label, value]) => (
                <Fragment key={label}>
                  <Text as="dt" fontWeight="semibold" fontSize="sm">
                    {label}
                  </Text>
                  <Text as="dd" m="0" fontSize="sm" wordBreak="break-all">
                    {value}
                  </Text>
                </Fragment>
              ))}
            </Box>
          </Box>
        ))}
      </Stack>
      {agreement.next_signer && (
        <Text fontWeight="semibold">{t('signatures.waitingFor', { role: t(`roles.${agreement.next_signer}`) })}</Text>
      )}
    </Stack>
  );
}
