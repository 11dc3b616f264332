/**
 * The pick-up adults as the line sees them: an authorized adult as a large card (photo, name, relationship, phone,
 * notes) that is itself the one-tap sign-out; a refused adult (custody order) as a red warning with the photo and
 * the note and nothing to press; and the adults whose dates do not include today, named, greyed, and not offered.
 */
import { Alert, Badge, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { AuthorizedPickUpRecord } from '../../../contract';
import { dateTimeFormat } from '../../../ui/intl-format';
import { AdultPhoto } from './photos';
import type { NotTodayReason } from './pick-up-list';

/** Relationship and phone, as one line each. */
function AdultDetails({ adult }: { adult: AuthorizedPickUpRecord }) {
  const { t } = useTranslation('sign-out');
  return (
    <>
      {adult.relationship && (
        <Text as="span" fontSize="xl">
          {adult.relationship}
        </Text>
      )}
      {adult.phone && (
        <Text as="span" fontSize="lg">
          {t('pickUp.phone', { phone: adult.phone })}
        </Text>
      )}
    </>
  );
}

export interface AdultCardProps {
  adult: AuthorizedPickUpRecord;
  scholarName: string;
  busy: boolean;
  onChoose: (adult: AuthorizedPickUpRecord) => void;
}

/** An authorized adult: the whole card is the button that signs the scholar out with them. */
export function AdultCard({ adult, scholarName, busy, onChoose }: AdultCardProps) {
  const { t } = useTranslation('sign-out');
  return (
    <Button
      variant="outline"
      h="auto"
      w="100%"
      p="4"
      flexDirection="column"
      alignItems="center"
      gap="3"
      whiteSpace="normal"
      disabled={busy}
      aria-label={t('pickUp.releaseLabel', { scholar: scholarName, adult: adult.full_name })}
      onClick={() => onChoose(adult)}
    >
      <AdultPhoto adult={adult} />
      <Stack as="span" gap="1" align="center" textAlign="center">
        <Text as="span" fontSize="2xl" fontWeight="bold">
          {adult.full_name}
        </Text>
        <AdultDetails adult={adult} />
        {adult.notes && (
          <Text as="span" fontSize="md" color="fg.muted">
            {adult.notes}
          </Text>
        )}
      </Stack>
      <Text as="span" fontSize="xl" fontWeight="semibold" color="colorPalette.fg" colorPalette="primary">
        {t('pickUp.release', { adult: adult.full_name })}
      </Text>
    </Button>
  );
}

/** A custody order: who must not take the scholar, with the photo and the note. */
export function CustodyWarning({ adult, scholarName }: { adult: AuthorizedPickUpRecord; scholarName: string }) {
  const { t } = useTranslation('sign-out');
  return (
    // An alert: a screen reader says it as the pick-up screen opens.
    <Alert.Root role="alert" status="error" variant="solid" alignItems="center" gap="4" p="4" flexWrap="wrap">
      <AdultPhoto adult={adult} size="lg" />
      <Alert.Content gap="1" minW="14rem">
        <Alert.Title fontSize="2xl">{t('pickUp.custodyTitle', { name: adult.full_name })}</Alert.Title>
        <Alert.Description fontSize="lg">
          <Stack as="span" gap="1">
            {adult.relationship && <Text as="span">{adult.relationship}</Text>}
            <Text as="span" fontWeight="semibold">
              {t('pickUp.custodyText', { scholar: scholarName })}
            </Text>
            {adult.notes && <Text as="span">{adult.notes}</Text>}
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

const formatDay = (day: string, locale: string) =>
  dateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));

/** The authorized adults whose dates leave today out: said, not offered. */
export function NotTodayList({ adults }: { adults: { adult: AuthorizedPickUpRecord; reason: NotTodayReason }[] }) {
  const { t, i18n } = useTranslation('sign-out');
  if (adults.length === 0) return null;
  return (
    <Card.Root variant="subtle" size="sm">
      <Card.Body gap="3">
        <Heading as="h3" size="md">
          {t('pickUp.notTodayHeading')}
        </Heading>
        <Text color="fg.muted">{t('pickUp.notTodayText')}</Text>
        <Stack as="ul" gap="2" listStyleType="none" aria-label={t('pickUp.notTodayHeading')}>
          {adults.map(({ adult, reason }) => (
            <HStack as="li" key={adult.id} gap="3">
              <AdultPhoto adult={adult} size="sm" />
              <Stack gap="0">
                <Text fontWeight="semibold">
                  {adult.full_name}
                  {adult.relationship ? ` · ${adult.relationship}` : ''}
                </Text>
                <Badge colorPalette="orange" alignSelf="start">
                  {reason === 'not_yet'
                    ? t('pickUp.notYet', { date: formatDay(adult.valid_from ?? '', i18n.language) })
                    : t('pickUp.ended', { date: formatDay(adult.valid_until ?? '', i18n.language) })}
                </Badge>
              </Stack>
            </HStack>
          ))}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
