/**
 * Add Record (`/timesheet`): the signed-in staff member's own time. Their state today (clocked in
 * since 7:58, or not) with the one action that changes it, a form for a past day, this pay period's records with
 * day totals against the hours their schedule expects, and their QR badge for the Arrivals kiosk. Clocking works
 * offline: every write goes through the outbox, and the state and the records come from the device.
 */
import { Heading, Stack } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAY_PERIODS, type PayPeriodSettings, payPeriodOf } from '../../../contract';
import { recorderName } from '../../../offline';
import { schoolDayOf } from '../../../ui/school-clock';
import { useNow } from '../../../ui/station/use-now';
import { ClockCard } from './clock-card';
import { useClockStation } from './clock-station';
import { MyBadge } from './my-badge';
import { PastRecordForm } from './past-record-form';
import { PeriodRecords } from './period-records';
import { useClock } from './use-clock';

export interface AddRecordPageProps {
  permissions: readonly string[];
  /** The signed-in person (their records only). */
  userId?: string | null;
}

export default function AddRecordPage({ userId = null }: AddRecordPageProps) {
  const { t: tc } = useTranslation();
  const now = useNow(15_000);
  const clock = useClock(userId);
  const settingsItems = useClockStation().useRecords('school_settings');
  const rule = useMemo<PayPeriodSettings>(() => {
    const settings = settingsItems?.find((item) => item.confirmed)?.record;
    return settings?.pay_period_rule
      ? { pay_period_rule: settings.pay_period_rule, pay_period_anchor: settings.pay_period_anchor ?? null }
      : DEFAULT_PAY_PERIODS;
  }, [settingsItems]);
  const today = schoolDayOf(now, clock.timeZone);
  const period = payPeriodOf(today, rule);
  const online = clock.sync.online && (typeof navigator === 'undefined' || navigator.onLine !== false);

  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">
        {tc('sections.addRecord')}
      </Heading>
      <ClockCard
        open={clock.open}
        now={now}
        timeZone={clock.timeZone}
        online={online}
        ready={clock.records !== undefined}
        onClockIn={() => clock.clockIn()}
        onClockOut={(record) => clock.clockOut(record)}
      />
      {userId && clock.records && (
        <PeriodRecords
          userId={userId}
          period={period}
          records={clock.records}
          now={now}
          timeZone={clock.timeZone}
          online={online}
        />
      )}
      {userId && <MyBadge name={recorderName(userId)} online={online} />}
      <PastRecordForm today={today} timeZone={clock.timeZone} onAdd={clock.addPast} />
    </Stack>
  );
}
