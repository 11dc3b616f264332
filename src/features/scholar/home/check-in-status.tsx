/**
 * Whether the scholar checked in today: at what time, late with the reason (in the reader's language
 * when the school words it so), or not yet.
 */
import { Badge, Card, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { PortalArrival } from '../../../contract';
import { useSchoolWords } from '../../../ui/school-words';
import { formatInstantTime, useLocale } from '../layout/portal-format';
import { usePortal } from '../portal-context';

/** The card. */
export function CheckInStatus({ arrival, timeZone }: { arrival: PortalArrival | null; timeZone: string }) {
  const { t } = useTranslation('portal');
  const locale = useLocale();
  const words = useSchoolWords(usePortal().settings.reasons_es);
  const time = arrival ? formatInstantTime(arrival.occurred_at, timeZone, locale) : '';
  return (
    <Card.Root as="section" aria-labelledby="home-check-in" size="sm">
      <Card.Body>
        <Stack gap="1">
          <Text as="h2" id="home-check-in" fontSize="sm" color="fg.muted">
            {t('home.checkIn')}
          </Text>
          {!arrival ? (
            <Text fontWeight="semibold">{t('home.notCheckedIn')}</Text>
          ) : arrival.late ? (
            <>
              <Text fontWeight="semibold">
                <Badge colorPalette="orange" me="2">
                  {t('arrivals.late')}
                </Badge>
                {arrival.reason ? t('home.late', { reason: words.reason(arrival.reason) }) : t('home.lateNoReason')}
              </Text>
              <Text fontSize="sm">{t('home.lateAt', { time })}</Text>
            </>
          ) : (
            <Text fontWeight="semibold">{t('home.checkedIn', { time })}</Text>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
