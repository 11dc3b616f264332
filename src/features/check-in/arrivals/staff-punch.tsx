/**
 * What the Arrivals kiosk shows after a staff badge is read. The punch is in the outbox at once;
 * the server decides whether it clocks the holder in or out, so the screen says what it knows: the badge read and
 * saved on this device (offline: sent when the connection returns), then, once answered, the name with 'Clocked in'
 * or 'Clocked out' and the record's hours, or the server's reason it was not recorded. The first answer seen stays on
 * screen, whatever a later pull does to the local copy of another person's record.
 */
import { Heading, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinutes } from '../../../ui/timekeeping/hours';
import { formatClockTime } from '../model/school-clock';
import { type PunchOutcome, useStation } from '../station/station';
import { OutcomeCard, useAutoReset } from './outcome-screens';

export interface StaffPunchProps {
  /** The punch's outbox entry. */
  id: string;
  /** When the badge was read. */
  at: string;
  timeZone: string;
  resetAfterMs: number;
  onDone: () => void;
}

/** The first answer (in, out, refused) once seen; what the device knows until then. */
function useSettledOutcome(id: string, at: string): PunchOutcome | undefined {
  const live = useStation().usePunchOutcome(id, at);
  const [settled, setSettled] = useState<PunchOutcome>();
  useEffect(() => {
    if (live && live.state !== 'waiting' && live.state !== 'gone') setSettled((s) => s ?? live);
  }, [live]);
  return settled ?? live;
}

export function StaffPunch({ id, at, timeZone, resetAfterMs, onDone }: StaffPunchProps) {
  const { t, i18n } = useTranslation('check-in');
  useAutoReset(onDone, resetAfterMs);
  const outcome = useSettledOutcome(id, at);
  const online = useStation().useSyncStatus().online;
  const time = formatClockTime(at, timeZone, i18n.language);
  if (outcome?.state === 'in' || outcome?.state === 'out') {
    const { record } = outcome;
    const name = record.user_name;
    return (
      <OutcomeCard onDone={onDone}>
        <Heading as="h2" size="4xl">
          {outcome.state === 'in' ? t('punch.in') : t('punch.out')}
        </Heading>
        <Text fontSize="2xl" fontWeight="semibold">
          {outcome.state === 'in'
            ? t('punch.inAt', { name, time: formatClockTime(record.started_at, timeZone, i18n.language) })
            : t('punch.outAt', { name, time: formatClockTime(record.ended_at ?? at, timeZone, i18n.language) })}
        </Text>
        {outcome.state === 'out' && record.worked_minutes !== null && (
          <Text fontSize="xl">{t('punch.worked', { hours: formatMinutes(record.worked_minutes) })}</Text>
        )}
      </OutcomeCard>
    );
  }
  if (outcome?.state === 'attention') {
    return (
      <OutcomeCard onDone={onDone}>
        <Heading as="h2" size="3xl" color="fg.error">
          {t('punch.refused')}
        </Heading>
        {outcome.message && <Text fontSize="xl">{outcome.message}</Text>}
        <Text fontSize="xl">{t('punch.askOffice')}</Text>
      </OutcomeCard>
    );
  }
  return (
    <OutcomeCard onDone={onDone}>
      <Heading as="h2" size="3xl">
        {t('punch.read', { time })}
      </Heading>
      <Text fontSize="xl">
        {outcome?.state === 'gone'
          ? t('punch.recorded', { time })
          : online
            ? t('punch.sending')
            : t('punch.saved', { time })}
      </Text>
    </OutcomeCard>
  );
}
