/**
 * The person's state today and the one action that changes it: "Clocked in since 7:58 AM" with
 * Clock out, or "Not clocked in" with Clock in. The state comes from the device, so it is right offline; a clocking
 * still waiting to be sent says so.
 */
import { Box, Button, Card, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addNotification } from '../../../ui/notifications';
import { formatClockTime, formatDay, schoolDayOf } from '../../../ui/school-clock';
import { formatMinutes } from '../../../ui/timekeeping/hours';
import { type ClockRecord, recordMinutes } from './model/clock';
import { OverlapError } from './use-clock';

export interface ClockCardProps {
  open: ClockRecord | null;
  now: number;
  timeZone: string;
  online: boolean;
  /** False while the device's records are still read. */
  ready: boolean;
  onClockIn: () => Promise<unknown>;
  onClockOut: (record: ClockRecord) => Promise<unknown>;
}

export function ClockCard({ open, now, timeZone, online, ready, onClockIn, onClockOut }: ClockCardProps) {
  const { t, i18n } = useTranslation('timesheet', { keyPrefix: 'clock' });
  const [busy, setBusy] = useState(false);
  const time = (iso: string) => formatClockTime(iso, timeZone, i18n.language);
  const today = schoolDayOf(now, timeZone);

  const act = async () => {
    setBusy(true);
    try {
      if (open) {
        await onClockOut(open);
        addNotification({ type: 'success', text: t('clockedOutAt', { time: time(new Date(now).toISOString()) }) });
      } else {
        await onClockIn();
        addNotification({ type: 'success', text: t('clockedInAt', { time: time(new Date(now).toISOString()) }) });
      }
    } catch (err) {
      const message =
        err instanceof OverlapError
          ? t('overlap', { start: time(err.record.started_at) })
          : err instanceof Error
            ? err.message
            : String(err);
      addNotification({ type: 'error', text: message });
    } finally {
      setBusy(false);
    }
  };

  const since = open
    ? open.work_date === today
      ? t('inSince', { time: time(open.started_at) })
      : t('inSinceDay', { time: time(open.started_at), day: formatDay(open.work_date, i18n.language) })
    : null;

  return (
    <Card.Root as="section" aria-labelledby="clock-state" maxW="xl">
      <Card.Body>
        <Stack gap="3">
          <Box>
            <Text id="clock-state" fontSize="xl" fontWeight="semibold" role="status">
              {!ready ? t('reading') : (since ?? t('out'))}
            </Text>
            {open && (
              <Text color="fg.muted">{t('workedSoFar', { hours: formatMinutes(recordMinutes(open, now)) })}</Text>
            )}
            {open?.pending && <Text color="fg.muted">{online ? t('sending') : t('waitingOffline')}</Text>}
          </Box>
          <HStack>
            <Button
              size="xl"
              minH="14"
              w={{ base: 'full', sm: 'auto' }}
              colorPalette={open ? 'orange' : 'green'}
              loading={busy}
              disabled={!ready}
              onClick={() => void act()}
            >
              {open ? t('clockOut') : t('clockIn')}
            </Button>
          </HStack>
          {!online && <Text fontSize="sm">{t('offlineNote')}</Text>}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
