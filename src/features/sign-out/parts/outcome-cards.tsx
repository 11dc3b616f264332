/**
 * What the line shows about a sign-out that is done: the large confirmation right after the tap (it goes back to
 * finding the next scholar after a few seconds or a tap anywhere), and, on a scholar already signed out today, with
 * whom and when, instead of a second sign-out.
 */
import { Alert, Badge, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuthorizedPickUpRecord, DemographicRecord } from '../../../contract';
import { formatClockTime } from '../../../ui/school-clock';
import { AdultPhoto, ScholarPhoto, scholarName } from './photos';
import type { SignOutInfo } from './sign-out-state';

export interface SignedOutConfirmationProps {
  scholar: DemographicRecord;
  adultName: string;
  at: string;
  flagged: boolean;
  timeZone: string;
  resetAfterMs: number;
  onDone: () => void;
}

/** The large confirmation of a sign-out just recorded. */
export function SignedOutConfirmation(props: SignedOutConfirmationProps) {
  const { scholar, adultName, at, flagged, timeZone, resetAfterMs, onDone } = props;
  const { t, i18n } = useTranslation('sign-out');
  useEffect(() => {
    const timer = setTimeout(onDone, resetAfterMs);
    return () => clearTimeout(timer);
  }, [onDone, resetAfterMs]);
  return (
    <Card.Root position="relative" size="lg" minH="60dvh" colorPalette="green" variant="subtle">
      {/* The whole card is the tap target; the content lets taps through to it. */}
      <Button
        position="absolute"
        inset="0"
        h="100%"
        variant="plain"
        aria-label={t('done.tapToContinue')}
        onClick={onDone}
      />
      <Card.Body alignItems="center" justifyContent="center" textAlign="center" gap="4" pointerEvents="none">
        <Stack role="status" align="center" gap="4">
          <ScholarPhoto scholar={scholar} size="xl" />
          <Heading as="h2" size="4xl">
            {t('done.title', { name: scholarName(scholar) })}
          </Heading>
          <Text fontSize="2xl" fontWeight="semibold">
            {t('done.with', { adult: adultName, time: formatClockTime(at, timeZone, i18n.language) })}
          </Text>
          {flagged && (
            <Badge size="lg" colorPalette="orange" fontSize="xl" px="4" py="2">
              {t('done.flagged')}
            </Badge>
          )}
        </Stack>
        <Text color="fg.muted">{t('done.tapToContinue')}</Text>
      </Card.Body>
    </Card.Root>
  );
}

export interface AlreadySignedOutProps {
  scholar: DemographicRecord;
  info: SignOutInfo;
  /** The adult from the list, when the sign-out named one found on this device. */
  adult: AuthorizedPickUpRecord | undefined;
  timeZone: string;
}

/** 'Already signed out at 3:05 PM with …': nothing is recorded a second time. */
export function AlreadySignedOut({ scholar, info, adult, timeZone }: AlreadySignedOutProps) {
  const { t, i18n } = useTranslation('sign-out');
  const time = formatClockTime(info.at, timeZone, i18n.language);
  const who = adult?.full_name ?? info.pickUpName;
  return (
    <Alert.Root status="success" alignItems="center" gap="4" p="4" flexWrap="wrap">
      {adult ? <AdultPhoto adult={adult} size="lg" /> : <Alert.Indicator />}
      <Alert.Content gap="2" minW="14rem">
        <Alert.Title fontSize="2xl">{t('pickUp.alreadyTitle', { name: scholarName(scholar) })}</Alert.Title>
        <Alert.Description fontSize="xl">
          {who ? t('pickUp.alreadyWith', { time, adult: who }) : t('pickUp.alreadyAt', { time })}
        </Alert.Description>
        <HStack gap="2" wrap="wrap">
          {info.flagged && <Badge colorPalette="orange">{t('pickUp.flagged')}</Badge>}
          {info.pending && <Badge colorPalette="gray">{t('pickUp.notSent')}</Badge>}
        </HStack>
      </Alert.Content>
    </Alert.Root>
  );
}
