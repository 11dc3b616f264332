/**
 * COVID Screening: before coming to school a scholar or a parent answers the seed's questions, or
 * declares remote attendance; the outcome shows at once (from the device when offline: "stay home" never waits for
 * the server) and the server's answer replaces it once the entry is sent (item 5: through the outbox). A correction
 * is a new answer the same day; the latest counts. Shown only when the school screens (the nav entry is absent
 * otherwise); opened anyway, it says the school does not screen.
 */
import { Alert, Badge, Button, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type PortalScreeningResponse,
  type ScreeningOutcome,
  type Symptom,
  screeningOutcome,
} from '../../../contract/covid-screening';
import { QueryState } from '../../../ui/data/query-state';
import { usePortalQuery } from '../data/use-portal-query';
import { AsOfNotice } from '../layout/as-of-notice';
import { formatLongDay, useLocale } from '../layout/portal-format';
import { PortalScreen } from '../layout/portal-screen';
import { usePortal } from '../portal-context';
import { type ScreeningAnswersInput, ScreeningForm } from './screening-form';
import { useOutboxSend } from './use-outbox-send';

const STATUS: Record<ScreeningOutcome, 'success' | 'error' | 'warning' | 'info'> = {
  cleared: 'success',
  stay_home: 'error',
  no_negative_test: 'warning',
  remote: 'info',
};

/** The outcome's message, as the seed words it. */
function OutcomeCard({ outcome, pending, at }: { outcome: ScreeningOutcome; pending: boolean; at: string }) {
  const { t } = useTranslation('covid-screening');
  return (
    <Alert.Root status={STATUS[outcome]} role="status" aria-live="polite">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title fontSize="md">{t(`outcomes.${outcome}.title`)}</Alert.Title>
        <Alert.Description>
          <Stack gap="1">
            <Text>{t(`outcomes.${outcome}.body`)}</Text>
            <Text fontSize="sm">{t('answeredAt', { time: at })}</Text>
            {pending && (
              <Badge alignSelf="flex-start" colorPalette="orange">
                {t('waiting')}
              </Badge>
            )}
          </Stack>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** The screen. */
export default function CovidScreeningPage() {
  const { t } = useTranslation('covid-screening');
  const { t: tc } = useTranslation();
  const { userId, scholar, timeZone } = usePortal();
  const locale = useLocale();
  const query = usePortalQuery<PortalScreeningResponse>(userId, `v2/scholar/covid_screening/${scholar.id}`);
  const state = query.data?.data;
  const outbox = useOutboxSend('covid_screenings', scholar.id, () => void query.refetch());
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const time = (iso: string) =>
    new Intl.DateTimeFormat(locale, { timeZone, hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

  const send = async (data: Record<string, unknown>) => {
    setBusy(true);
    setFailure(null);
    try {
      await outbox.send({ scholar_id: scholar.id, answered_at: new Date().toISOString(), ...data });
      setEditing(false);
    } catch {
      setFailure(t('errors.notKept'));
    } finally {
      setBusy(false);
    }
  };
  const answer = (a: ScreeningAnswersInput) => send({ kind: 'screening', ...a });
  // After the school day (or on a day without school) an answer is for the next school day: said before the questions.
  const forDay = state?.school_day && state.school_day !== state.today ? formatLongDay(state.school_day, locale) : null;
  const remote = () => send({ kind: 'remote' });

  // The answer that counts: the newest waiting on the device, else the server's latest of today.
  const local = outbox.waiting?.at(-1);
  const shown = local
    ? {
        outcome: screeningOutcome(
          {
            kind: local.data.kind as 'screening' | 'remote',
            symptoms: (local.data.symptoms ?? []) as Symptom[],
            recent_contact: (local.data.recent_contact as boolean | undefined) ?? null,
            household_symptoms: (local.data.household_symptoms as boolean | undefined) ?? null,
          },
          state?.awaiting_test ?? false,
        ),
        kind: local.data.kind as string,
        at: String(local.data.answered_at),
        pending: true,
      }
    : state?.answers[0]
      ? { ...state.answers[0], at: state.answers[0].answered_at, pending: false }
      : null;

  return (
    <PortalScreen title={tc('sections.covidScreening')} subtitle={t('explain')}>
      <AsOfNotice fetchedAt={query.data?.fetchedAt} fromDevice={query.data?.fromDevice} />
      <QueryState query={query} isEmpty={state?.enabled === false} emptyText={t('off')}>
        {failure && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Description>{failure}</Alert.Description>
          </Alert.Root>
        )}
        {forDay && (
          <Alert.Root status="info" role="status">
            <Alert.Indicator />
            <Alert.Description>{t('nextDay', { day: forDay })}</Alert.Description>
          </Alert.Root>
        )}
        {shown && !editing ? (
          <Stack gap="3">
            <OutcomeCard outcome={shown.outcome} pending={shown.pending} at={time(shown.at)} />
            <Stack gap="2" align="flex-start">
              {shown.kind === 'remote' ? (
                <Button variant="plain" colorPalette="primary" px="0" onClick={() => setEditing(true)}>
                  {t('links.attending')}
                </Button>
              ) : (
                <Button variant="plain" colorPalette="primary" px="0" onClick={() => void remote()} disabled={busy}>
                  {t('links.remote')}
                </Button>
              )}
              <Button variant="plain" colorPalette="primary" px="0" onClick={() => setEditing(true)}>
                {t('links.correction')}
              </Button>
            </Stack>
          </Stack>
        ) : (
          <Stack gap="4">
            <Text>
              {forDay
                ? t('introFor', { name: scholar.nickname || scholar.fname, day: forDay })
                : t('intro', { name: scholar.nickname || scholar.fname })}
            </Text>
            <ScreeningForm onSubmit={answer} busy={busy} />
            <Stack gap="2" align="flex-start">
              <Button variant="plain" colorPalette="primary" px="0" onClick={() => void remote()} disabled={busy}>
                {t('links.remote')}
              </Button>
              {editing && (
                <Button variant="plain" px="0" onClick={() => setEditing(false)}>
                  {t('links.cancel')}
                </Button>
              )}
            </Stack>
          </Stack>
        )}
      </QueryState>
    </PortalScreen>
  );
}
