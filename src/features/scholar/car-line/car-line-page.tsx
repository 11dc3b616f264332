/**
 * The car line (phone first, guardians only): "I'm here" during the school's dismissal window calls the guardian's
 * children out to the curb, in the order families arrive; outside the window the button says when it opens. Below it,
 * each child's place today (called, signed out, or not called out to this guardian because of the pick-up list).
 * Sending needs a connection; the state shows the phone's last answer offline, "as of" then.
 */
import { Alert, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/client';
import { type CarLinePortal, uuidv7 } from '../../../contract';
import { QueryState } from '../../../ui/data/query-state';
import { formatClockTime } from '../../../ui/school-clock';
import { useOnline } from '../../../ui/use-online';
import { usePortalQuery } from '../data/use-portal-query';
import { AsOfNotice } from '../layout/as-of-notice';
import { formatWallTime, useLocale } from '../layout/portal-format';
import { PortalScreen } from '../layout/portal-screen';
import { usePortal } from '../portal-context';
import { CAR_LINE_PATH, sendImHere } from './api';

type Child = CarLinePortal['children'][number];

export default function CarLinePage() {
  const { t } = useTranslation('car-line');
  const { t: tc } = useTranslation();
  const { userId, userType, timeZone } = usePortal();
  const guardian = userType === 'parent';
  const state = usePortalQuery<CarLinePortal>(userId, guardian ? CAR_LINE_PATH : null);
  if (!guardian) {
    return (
      <PortalScreen title={tc('sections.carLine')}>
        <Text>{t('portal.forGuardians')}</Text>
      </PortalScreen>
    );
  }
  const answer = state.data?.data;
  return (
    <PortalScreen title={tc('sections.carLine')} subtitle={t('portal.explain')}>
      <AsOfNotice fetchedAt={state.data?.fetchedAt} fromDevice={state.data?.fromDevice} />
      <QueryState query={state} isEmpty={answer?.children.length === 0} emptyText={t('portal.empty')}>
        {answer && <CarLineState answer={answer} userId={userId} timeZone={answer.time_zone || timeZone} />}
      </QueryState>
    </PortalScreen>
  );
}

function CarLineState({ answer, userId, timeZone }: { answer: CarLinePortal; userId: string; timeZone: string }) {
  const { t } = useTranslation('car-line');
  const locale = useLocale();
  const online = useOnline();
  const client = useQueryClient();
  /** The client id of the tap being sent, kept until it is answered so that a retry is the same tap. */
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const start = formatWallTime(answer.window.start, locale);
  const end = formatWallTime(answer.window.end, locale);
  const callable = answer.children.filter((c) => !c.refused && !c.released_at);
  const afterEnd = !answer.is_open && nowOnClock(timeZone) >= answer.window.end;

  const tap = async () => {
    const id = pendingId ?? uuidv7();
    setPendingId(id);
    setBusy(true);
    setError(null);
    try {
      await sendImHere({ id });
      setPendingId(null);
      setDone(true);
      await client.invalidateQueries({ queryKey: ['portal', userId, CAR_LINE_PATH] });
    } catch (err) {
      // A refusal is not the same tap sent again: the next try is a new one.
      if (err instanceof ApiError && !err.isOffline && err.status < 500) setPendingId(null);
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  const label = answer.is_open
    ? t('portal.imHere')
    : afterEnd
      ? t('portal.closedToday', { time: start })
      : t('portal.opensAt', { time: start });
  return (
    <Stack gap="4">
      <Text>{t('portal.window', { start, end })}</Text>
      <Text fontWeight="semibold">
        {answer.tag_number === null ? t('portal.noTag') : t('portal.tag', { number: answer.tag_number })}
      </Text>
      {done && (
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Description>{t('portal.sent')}</Alert.Description>
        </Alert.Root>
      )}
      {error && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Description>{error}</Alert.Description>
        </Alert.Root>
      )}
      {!online && <Text color="fg.muted">{t('portal.offline')}</Text>}
      <Button
        colorPalette="primary"
        size="xl"
        minH="16"
        fontSize="xl"
        disabled={!answer.is_open || !online || busy || callable.length === 0}
        loading={busy}
        onClick={() => void tap()}
      >
        {label}
      </Button>
      <Stack as="section" aria-labelledby="car-line-children" gap="2">
        <Heading as="h2" size="md" id="car-line-children">
          {t('portal.childrenTitle')}
        </Heading>
        <Stack as="ul" gap="2" listStyleType="none" m="0" p="0">
          {answer.children.map((c) => (
            <Stack as="li" key={c.scholar_id} gap="0" borderWidth="1px" borderRadius="md" p="3">
              <Text fontWeight="semibold">{c.name}</Text>
              <Text color="fg.muted">{childState(c, t, timeZone, locale)}</Text>
            </Stack>
          ))}
        </Stack>
      </Stack>
    </Stack>
  );
}

/** The time now on the school's clock, HH:MM. */
function nowOnClock(timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone })
    .format(new Date())
    .replace(/^24/, '00');
  return parts;
}

function childState(
  c: Child,
  t: ReturnType<typeof useTranslation<'car-line'>>['t'],
  timeZone: string,
  locale: string,
): string {
  if (c.refused) return t('portal.refused');
  if (c.released_at) return t('portal.releasedAt', { time: formatClockTime(c.released_at, timeZone, locale) });
  if (c.called_at) return t('portal.calledAt', { time: formatClockTime(c.called_at, timeZone, locale) });
  return t('portal.notCalled');
}
