/**
 * The car line's classroom screen (/sign-out/queue, a station): the children called to the curb, in large type in
 * the order their families arrived, with a beep for each new one (a mute toggle, remembered on the device). It reads
 * the device's copy of the day's queue (so it shows offline and after a reload) and asks the sync engine for what
 * changed every few seconds while online; that is our own server only, so it works on the school's LAN alone.
 */
import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CarLineEntry } from '../../../contract';
import { syncEngine } from '../../../offline';
import { LocalDataBoundary, RosterGate, StationNotices } from '../../../ui/roster/roster-gate';
import { type SignOutDay, useNow, useSignOutDay } from '../station/use-sign-out-day';
import { beep } from './beep';
import { useCarLineQueue } from './use-car-line-queue';

const MUTE_KEY = 'school-ops.car-line.muted';
/** How often the screen asks for the queue's changes: a family waits at the curb, so seconds, not the usual 30. */
export const QUEUE_POLL_MS = 5000;

export interface QueuePageProps {
  /** Asks the server for what changed (the sync engine's pull); tests give their own. */
  refresh?: () => Promise<void>;
  /** The call sound; tests give their own. */
  sound?: () => void;
}

function Queue({ day, refresh, sound }: { day: SignOutDay } & Required<QueuePageProps>) {
  const { t } = useTranslation('car-line');
  const queue = useCarLineQueue(day);
  const [muted, setMuted] = useState(() => localStorage.getItem(MUTE_KEY) === 'true');
  const seen = useRef<Set<string> | null>(null);

  useEffect(() => {
    if (!queue) return;
    // The first list read is the queue as it stands (after a reload, say): only later arrivals sound.
    const fresh = seen.current ? queue.filter((e) => !seen.current?.has(e.id)) : [];
    seen.current = new Set([...(seen.current ?? []), ...queue.map((e) => e.id)]);
    if (fresh.length && !muted) sound();
  }, [queue, muted, sound]);

  useEffect(() => {
    if (!day.online) return;
    const timer = setInterval(() => void refresh().catch(() => undefined), QUEUE_POLL_MS);
    return () => clearInterval(timer);
  }, [day.online, refresh]);

  return (
    <Stack gap="4">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text color="fg.muted">{t('queue.explain')}</Text>
        <Button
          variant={muted ? 'solid' : 'outline'}
          minH="11"
          aria-pressed={muted}
          onClick={() => {
            setMuted(!muted);
            localStorage.setItem(MUTE_KEY, String(!muted));
          }}
        >
          {t('queue.mute')}
        </Button>
      </HStack>
      {!queue ? (
        <Text>{t('queue.loading')}</Text>
      ) : queue.length === 0 ? (
        <Text fontSize="xl">{t('queue.empty')}</Text>
      ) : (
        <>
          <Text aria-live="polite">{t('queue.count', { count: queue.length })}</Text>
          <Stack as="ol" aria-label={t('queue.title')} gap="3" listStyleType="none" m="0" p="0">
            {queue.map((e, i) => (
              <QueueRow key={e.id} entry={e} place={i + 1} />
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}

function QueueRow({ entry, place }: { entry: CarLineEntry; place: number }) {
  const { t } = useTranslation('car-line');
  const details = [
    entry.homeroom ? t('queue.homeroom', { room: entry.homeroom }) : null,
    entry.grade ? t('queue.grade', { grade: entry.grade }) : null,
    entry.tag_number !== null ? t('queue.tag', { number: entry.tag_number }) : null,
  ].filter(Boolean);
  return (
    <Box as="li" borderWidth="2px" borderRadius="lg" p="4" bg="bg.subtle">
      <HStack gap="4" align="baseline">
        <Text fontSize="3xl" fontWeight="bold" color="fg.muted" aria-hidden="true">
          {place}
        </Text>
        <Stack gap="0">
          <Text fontSize={{ base: '3xl', md: '5xl' }} fontWeight="bold" lineHeight="1.1">
            {entry.scholar_name}
          </Text>
          <Text fontSize={{ base: 'lg', md: '2xl' }}>{details.join(' · ')}</Text>
        </Stack>
      </HStack>
    </Box>
  );
}

/** The app's pull: one function for the screen's life, so the poll's timer is not started again on each render. */
const pullNow = () => syncEngine.syncNow();

function QueueScreen({ refresh = pullNow, sound = beep }: QueuePageProps) {
  const { t } = useTranslation();
  const { t: tl } = useTranslation('car-line');
  const day = useSignOutDay(useNow());
  return (
    <Stack gap="4" maxW="6xl" mx="auto">
      <Heading as="h1" size="2xl">
        {t('sections.carLineQueue')}
      </Heading>
      <StationNotices day={day} offlineText={tl('queue.offline')} />
      <RosterGate day={day}>
        <Queue day={day} refresh={refresh} sound={sound} />
      </RosterGate>
    </Stack>
  );
}

/** The Car Line Queue screen. */
export default function QueuePage(props: QueuePageProps) {
  return (
    <LocalDataBoundary>
      <QueueScreen {...props} />
    </LocalDataBoundary>
  );
}
