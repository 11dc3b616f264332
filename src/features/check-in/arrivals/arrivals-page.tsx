/**
 * Arrivals (/check-in): the entrance kiosk, run by the front office or by the scholars themselves.
 * It works entirely from the device (roster, settings, today's check-ins) and records through the outbox, so it
 * works the same offline. The route gives it the signed-in person's permissions (features never import the auth
 * feature); without `check_ins-create` the recording actions are hidden and the screen only looks scholars up. With
 * `timesheets-create`, a staff badge read here clocks its holder in or out.
 */
import { Alert } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { RosterGate, StationNotices, StationScreen } from '../../../ui/roster/roster-gate';
import { useKnownClosure } from '../../../ui/school-closure';
import { useCheckInDay, useNow } from '../station/use-check-in-day';
import { ArrivalsKiosk } from './arrivals-kiosk';

export interface ArrivalsPageProps {
  /** The signed-in person's permissions. */
  permissions: readonly string[];
  /** How long a confirmation stays before the screen resets for the next person. */
  resetAfterMs?: number;
  /** Station mode: the kiosk is in front of children. */
  audience?: 'children';
}

/** The live part: it renders on every change of the roster or of today's check-ins (each tap, each sync). */
function Arrivals({ permissions, resetAfterMs = 4000, audience }: ArrivalsPageProps) {
  const { t } = useTranslation('check-in');
  const day = useCheckInDay(useNow());
  // The school calendar closes today (a holiday, a break): said above everything; arrivals can still be recorded
  // (a summer program, staff at work).
  const closure = useKnownClosure(day.today);
  return (
    <>
      {closure && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{t('closedToday', { name: closure })}</Alert.Title>
        </Alert.Root>
      )}
      <StationNotices day={day} offlineText={t('roster.offline')} />
      <RosterGate day={day}>
        <ArrivalsKiosk
          day={day}
          canRecord={permissions.includes('check_ins-create')}
          canPunch={permissions.includes('timesheets-create')}
          resetAfterMs={resetAfterMs}
          forChildren={audience === 'children'}
        />
      </RosterGate>
    </>
  );
}

/** The Arrivals screen. */
export default function ArrivalsPage(props: ArrivalsPageProps) {
  const { t } = useTranslation();
  return (
    <StationScreen title={t('sections.arrivals')} maxW="4xl">
      <Arrivals {...props} />
    </StationScreen>
  );
}
