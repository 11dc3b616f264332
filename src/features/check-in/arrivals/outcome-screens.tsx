/**
 * What the kiosk shows after a tap: the large confirmation (photo, name, grade, time, 'Late'), or that the scholar
 * is already here (or already gone) today. Both go back to the search after a few seconds or a tap anywhere, so
 * the next person in line can start at once; the whole screen is one button for that tap.
 */
import { Badge, Box, Button, Card, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { DemographicRecord } from '../../../contract';
import type { ScholarDay } from '../model/day-state';
import { formatClockTime } from '../model/school-clock';
import { ScholarPhoto, scholarName } from '../parts/scholar-photo';

/** Calls `onDone` once after `ms`. */
export function useAutoReset(onDone: () => void, ms: number): void {
  useEffect(() => {
    const timer = setTimeout(onDone, ms);
    return () => clearTimeout(timer);
  }, [onDone, ms]);
}

export function OutcomeCard({
  onDone,
  children,
  actions,
}: {
  onDone: () => void;
  children: ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation('check-in');
  return (
    <Card.Root position="relative" size="lg" minH="60dvh">
      {/* The whole card is the tap target; the content lets taps through to it. */}
      <Button
        position="absolute"
        inset="0"
        h="100%"
        variant="plain"
        aria-label={t('arrivals.tapToContinue')}
        onClick={onDone}
      />
      <Card.Body
        position="relative"
        alignItems="center"
        justifyContent="center"
        textAlign="center"
        gap="4"
        pointerEvents="none"
      >
        <Stack role="status" align="center" gap="4">
          {children}
        </Stack>
        {actions && (
          <HStack pointerEvents="auto" gap="3" wrap="wrap" justify="center">
            {actions}
          </HStack>
        )}
        <Text color="fg.muted">{t('arrivals.tapToContinue')}</Text>
      </Card.Body>
    </Card.Root>
  );
}

export interface ConfirmationProps {
  scholar: DemographicRecord;
  kind: 'arrival' | 'departure';
  at: string;
  late: boolean;
  /** A late arrival the family reported ahead: greeted as expected. */
  reported?: boolean;
  timeZone: string;
  resetAfterMs: number;
  /** A child is at the kiosk: the outcome in words a child reads. */
  forChildren?: boolean;
  onDone: () => void;
}

/** The large confirmation of a recorded arrival or departure. */
export function Confirmation(props: ConfirmationProps) {
  const { scholar, kind, at, late, reported = false, timeZone, resetAfterMs, forChildren = false, onDone } = props;
  const { t, i18n } = useTranslation('check-in');
  useAutoReset(onDone, resetAfterMs);
  const name = scholar.nickname || scholar.fname;
  const time = formatClockTime(at, timeZone, i18n.language);
  return (
    <OutcomeCard onDone={onDone}>
      <ScholarPhoto scholar={scholar} size="xl" />
      <Heading as="h2" size="4xl">
        {forChildren
          ? kind === 'arrival'
            ? t('arrivals.childWelcome', { name })
            : t('arrivals.childGoodbye', { name })
          : kind === 'arrival'
            ? t('arrivals.welcome', { name })
            : t('arrivals.goodbye', { name })}
      </Heading>
      {!forChildren && (
        <Text fontSize="2xl">
          {scholarName(scholar)} · {t('grade', { grade: scholar.grade })}
        </Text>
      )}
      <Text fontSize="2xl" fontWeight="semibold">
        {kind === 'arrival' ? t('arrivals.arrivalRecorded', { time }) : t('arrivals.departureRecorded', { time })}
      </Text>
      {late && (
        <Badge size="lg" colorPalette="red" fontSize="xl" px="4" py="2">
          {t('arrivals.late')}
        </Badge>
      )}
      {reported && <Text fontSize="xl">{t('arrivals.reportedLate')}</Text>}
    </OutcomeCard>
  );
}

export interface AlreadyHereProps {
  scholar: DemographicRecord;
  day: ScholarDay;
  timeZone: string;
  resetAfterMs: number;
  /** Offered when the scholar is in and the person may record. */
  onLeave: (() => void) | null;
  onDone: () => void;
}

/** The scholar's photo and name, and what the kiosk says of them. */
function ScholarSays({ scholar, role, children }: { scholar: DemographicRecord; role?: 'alert'; children: ReactNode }) {
  return (
    <>
      <ScholarPhoto scholar={scholar} size="xl" />
      <Heading as="h2" size="3xl">
        {scholarName(scholar)}
      </Heading>
      <Box fontSize="2xl" fontWeight="semibold" role={role}>
        {children}
      </Box>
    </>
  );
}

/** 'Already arrived at 7:52' (or left, or signed out): nothing is recorded a second time. */
export function AlreadyHere({ scholar, day, timeZone, resetAfterMs, onLeave, onDone }: AlreadyHereProps) {
  const { t, i18n } = useTranslation('check-in');
  useAutoReset(onDone, resetAfterMs);
  const time = formatClockTime(
    (day.state === 'in' ? day.arrivedAt : null) ?? day.at ?? new Date().toISOString(),
    timeZone,
    i18n.language,
  );
  const text =
    day.state === 'left'
      ? t('arrivals.alreadyLeft', { time })
      : day.state === 'signed_out'
        ? t('arrivals.alreadySignedOut', { time })
        : t('arrivals.alreadyArrived', { time });
  return (
    <OutcomeCard
      onDone={onDone}
      actions={
        <>
          {onLeave && (
            <Button size="2xl" variant="outline" onClick={onLeave}>
              {t('arrivals.leaveEarly')}
            </Button>
          )}
          <Button size="2xl" colorPalette="primary" onClick={onDone}>
            {t('arrivals.done')}
          </Button>
        </>
      }
    >
      <ScholarSays scholar={scholar}>{text}</ScholarSays>
    </OutcomeCard>
  );
}

export interface AfterHoursProps {
  scholar: DemographicRecord;
  resetAfterMs: number;
  onRecord: () => void;
  onCancel: () => void;
}

/**
 * An arrival tapped after the school day's end: most likely a mistake (the wrong name, yesterday's habit), so the
 * kiosk asks before recording. Left unanswered, it goes back to the search like the other outcomes.
 */
export function AfterHours({ scholar, resetAfterMs, onRecord, onCancel }: AfterHoursProps) {
  const { t } = useTranslation('check-in');
  useAutoReset(onCancel, resetAfterMs);
  return (
    <OutcomeCard
      onDone={onCancel}
      actions={
        <>
          <Button size="2xl" variant="outline" onClick={onCancel}>
            {t('arrivals.afterHoursCancel')}
          </Button>
          <Button size="2xl" colorPalette="primary" onClick={onRecord}>
            {t('arrivals.afterHoursRecord')}
          </Button>
        </>
      }
    >
      <ScholarSays scholar={scholar} role="alert">
        {t('arrivals.afterHours')}
      </ScholarSays>
    </OutcomeCard>
  );
}
