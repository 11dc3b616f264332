/**
 * Check In/Out (/check-in/view): today's state of every scholar from the device's check-ins, for
 * the front office. Works offline like the kiosk; the route gives it the signed-in person's permissions, and the
 * check in / check out actions show only with `check_ins-create`.
 */
import { Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LocalDataBoundary, RosterGate, StationNotices } from '../../../ui/roster/roster-gate';
import { useCheckInDay, useNow } from '../station/use-check-in-day';
import { DayListView } from './day-list-view';

export interface CheckInOutPageProps {
  /** The signed-in person's permissions. */
  permissions: readonly string[];
}

function CheckInOut({ permissions }: CheckInOutPageProps) {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('check-in');
  const day = useCheckInDay(useNow());
  return (
    <Stack gap="4">
      <Heading as="h1" size="xl">
        {t('sections.checkInOut')}
      </Heading>
      <StationNotices day={day} offlineText={ts('roster.offline')} />
      <RosterGate day={day}>
        <DayListView day={day} canRecord={permissions.includes('check_ins-create')} />
      </RosterGate>
    </Stack>
  );
}

/** The Check In/Out screen. */
export default function CheckInOutPage(props: CheckInOutPageProps) {
  return (
    <LocalDataBoundary>
      <CheckInOut {...props} />
    </LocalDataBoundary>
  );
}
