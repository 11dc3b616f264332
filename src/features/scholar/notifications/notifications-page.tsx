/**
 * Notifications (docs/notices.md), for scholars and parents, phone first: this device's push notifications (turn on,
 * turn off, and what stands in the way: a browser without push, a blocked permission, an iPhone outside a Home Screen
 * app, a server that sends email only), each kind the school offers by push and by email, quiet hours on the school's
 * clock (never for sign-outs), and "Send me a test". The choices are read like every portal answer (kept on the
 * device, shown offline with their "as of"); every change needs the connection.
 */
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Field,
  Fieldset,
  Flex,
  Input,
  List,
  NativeSelect,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, api, call } from '../../../api/client';
import { schoolConfigQuery } from '../../../api/school-time-zone';
import {
  EMAIL_ONLY_KINDS,
  NOTICE_MESSAGES,
  type NoticeChannels,
  type NoticeKind,
  type NotificationPreferences,
  NotificationPreferencesUpdateSchema,
  type NotificationTestResponseSchema,
  WORK_SUMMARY_FREQUENCIES,
  type WorkSummaryFrequency,
} from '../../../contract';
import { QueryState } from '../../../ui/data/query-state';
import { type FieldErrors, fieldErrorsFromApi, fieldErrorsFromZod } from '../../../ui/form/field-errors';
import { useOnline } from '../../../ui/use-online';
import type { PortalAnswer } from '../data/use-portal-query';
import { usePortalQuery } from '../data/use-portal-query';
import { AsOfNotice } from '../layout/as-of-notice';
import { PortalScreen } from '../layout/portal-screen';
import { usePortal } from '../portal-context';
import {
  currentSubscription,
  notificationPermission,
  PermissionRefused,
  pushSupport,
  turnOffDevice,
  turnOnDevice,
} from './push-device';

export const PREFERENCES_PATH = 'v2/notification_preferences';
const NS = 'portal-notifications';

type PreferencesAnswer = { data: NotificationPreferences };

/** The device's state for push notices. */
type DeviceState = 'checking' | 'server-off' | 'ios-home-screen' | 'unsupported' | 'denied' | 'on' | 'off';

async function deviceState(): Promise<Exclude<DeviceState, 'checking' | 'server-off'>> {
  const support = pushSupport();
  if (support !== 'supported') return support;
  if (notificationPermission() === 'denied') return 'denied';
  const subscription = await currentSubscription().catch(() => null);
  return subscription && notificationPermission() === 'granted' ? 'on' : 'off';
}

function Notice({ status, children }: { status: 'info' | 'warning' | 'error' | 'success'; children: string }) {
  return (
    <Alert.Root status={status} role={status === 'error' ? 'alert' : 'status'}>
      <Alert.Indicator />
      <Alert.Description>{children}</Alert.Description>
    </Alert.Root>
  );
}

/** The steps to add the portal to an iPhone's or iPad's Home Screen, where push works. */
function HomeScreenSteps() {
  const { t } = useTranslation(NS);
  return (
    <Stack gap="2">
      <Text fontWeight="semibold">{t('device.iosTitle')}</Text>
      <Text>{t('device.iosIntro')}</Text>
      <List.Root as="ol" ps="5">
        <List.Item>{t('device.iosStep1')}</List.Item>
        <List.Item>{t('device.iosStep2')}</List.Item>
        <List.Item>{t('device.iosStep3')}</List.Item>
      </List.Root>
    </Stack>
  );
}

/** This device: on or off, and the action that changes it. */
function DeviceCard({ prefs, online }: { prefs: NotificationPreferences; online: boolean }) {
  const { t } = useTranslation(NS);
  const config = useQuery({ ...schoolConfigQuery, enabled: online });
  const [state, setState] = useState<DeviceState>('checking');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ status: 'success' | 'error' | 'warning'; text: string } | null>(null);
  useEffect(() => {
    let live = true;
    void deviceState().then((s) => {
      if (live) setState(s);
    });
    return () => {
      live = false;
    };
  }, []);
  const publicKey = config.data?.push_public_key ?? null;
  const shown: DeviceState = !prefs.push_enabled || (config.data && !publicKey) ? 'server-off' : state;

  const run = async (on: boolean) => {
    setBusy(true);
    setResult(null);
    try {
      if (on) {
        if (!publicKey) throw new ApiError(t('device.noKey'), 0);
        await turnOnDevice(publicKey);
      } else await turnOffDevice();
      setState(on ? 'on' : 'off');
      setResult({ status: 'success', text: t(on ? 'device.turnedOn' : 'device.turnedOff') });
    } catch (err) {
      if (err instanceof PermissionRefused) {
        setState(err.permission === 'denied' ? 'denied' : 'off');
        if (err.permission !== 'denied') setResult({ status: 'warning', text: t('device.dismissed') });
      } else {
        const message = err instanceof ApiError && err.isOffline ? t('needsConnection') : (err as Error).message;
        setResult({ status: 'error', text: t(on ? 'device.onFailed' : 'device.offFailed', { message }) });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card.Root>
      <Card.Body gap="3">
        <Card.Title as="h2">{t('device.title')}</Card.Title>
        {shown === 'checking' && <Text color="fg.muted">{t('device.checking')}</Text>}
        {shown === 'server-off' && <Notice status="info">{t('device.serverOff')}</Notice>}
        {shown === 'ios-home-screen' && <HomeScreenSteps />}
        {shown === 'unsupported' && <Notice status="info">{t('device.unsupported')}</Notice>}
        {shown === 'denied' && <Notice status="warning">{t('device.denied')}</Notice>}
        {(shown === 'on' || shown === 'off') && (
          <Stack gap="3">
            <Text>{t(shown === 'on' ? 'device.on' : 'device.off')}</Text>
            <Flex>
              <Button
                colorPalette="primary"
                variant={shown === 'on' ? 'outline' : 'solid'}
                loading={busy}
                disabled={!online || (shown === 'off' && !publicKey)}
                onClick={() => void run(shown === 'off')}
                whiteSpace="normal"
                h="auto"
                minH="10"
              >
                {t(shown === 'on' ? 'device.turnOff' : 'device.turnOn')}
              </Button>
            </Flex>
          </Stack>
        )}
        {result && <Notice status={result.status}>{result.text}</Notice>}
        <Text fontSize="sm" color="fg.muted">
          {t('device.devices', { count: prefs.devices })}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}

/** The field of a quiet-hours error (the contract's messages, translated). */
function quietMessage(message: string | undefined, t: (key: 'errors.time' | 'errors.both' | 'errors.same') => string) {
  if (!message) return undefined;
  if (message === NOTICE_MESSAGES.quietHoursSame) return t('errors.same');
  if (message === NOTICE_MESSAGES.quietHoursBoth) return t('errors.both');
  return t('errors.time');
}

/** Each offered kind by push and email, and quiet hours; saved together. */
function PreferencesForm({
  prefs,
  online,
  onSaved,
}: {
  prefs: NotificationPreferences;
  online: boolean;
  onSaved: (prefs: NotificationPreferences) => void;
}) {
  const { t } = useTranslation(NS);
  const { timeZone } = usePortal();
  const [kinds, setKinds] = useState<Partial<Record<NoticeKind, NoticeChannels>>>(() =>
    Object.fromEntries(prefs.offered.map((k) => [k, prefs.kinds[k]])),
  );
  const [frequency, setFrequency] = useState<WorkSummaryFrequency>(prefs.work_summary_frequency);
  const [quietOn, setQuietOn] = useState(prefs.quiet_hours !== null);
  const [start, setStart] = useState(prefs.quiet_hours?.start ?? '21:00');
  const [end, setEnd] = useState(prefs.quiet_hours?.end ?? '07:00');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [result, setResult] = useState<{ status: 'success' | 'error'; text: string } | null>(null);

  const setChannel = (kind: NoticeKind, channel: keyof NoticeChannels, on: boolean) =>
    setKinds((all) => {
      const current = all[kind] ?? prefs.kinds[kind];
      return { ...all, [kind]: { ...current, [channel]: on } };
    });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    const found: FieldErrors = {};
    if (quietOn && !start) found['quiet_hours.start'] = NOTICE_MESSAGES.quietHoursBoth;
    if (quietOn && !end) found['quiet_hours.end'] = NOTICE_MESSAGES.quietHoursBoth;
    const body = {
      kinds,
      quiet_hours: quietOn ? { start, end } : null,
      ...(prefs.offered.includes('work_summary') ? { work_summary_frequency: frequency } : {}),
    };
    const parsed = NotificationPreferencesUpdateSchema.safeParse(body);
    const all = { ...(parsed.success ? {} : fieldErrorsFromZod(parsed.error)), ...found };
    setErrors(all);
    if (Object.keys(all).length) return;
    setSaving(true);
    try {
      const answer = await call(() => api.put(PREFERENCES_PATH, { json: body }).json<PreferencesAnswer>());
      onSaved(answer.data);
      setResult({ status: 'success', text: t('saved') });
    } catch (err) {
      if (err instanceof ApiError && err.status === 422) setErrors(fieldErrorsFromApi(err));
      const message = err instanceof ApiError && err.isOffline ? t('needsConnection') : (err as Error).message;
      setResult({ status: 'error', text: t('errors.saveFailed', { message }) });
    } finally {
      setSaving(false);
    }
  };

  const startError = quietMessage(errors['quiet_hours.start'], t);
  const endError = quietMessage(errors['quiet_hours.end'] ?? errors.quiet_hours, t);
  return (
    <Card.Root asChild>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Card.Body gap="4">
          <Card.Title as="h2">{t('kinds.title')}</Card.Title>
          {prefs.offered.length === 0 && <Text>{t('kinds.none')}</Text>}
          {prefs.offered.map((kind) => {
            const channels = kinds[kind] ?? prefs.kinds[kind];
            return (
              <Fieldset.Root key={kind} invalid={Boolean(errors[`kinds.${kind}`])}>
                <Fieldset.Legend fontWeight="medium">{t(`kinds.${kind}`)}</Fieldset.Legend>
                <Fieldset.HelperText>{t(`kinds.${kind}Hint`)}</Fieldset.HelperText>
                <Flex gap="6" wrap="wrap">
                  {/* A summary is a long read with lists: it comes by email only. */}
                  {(EMAIL_ONLY_KINDS.includes(kind) ? (['email'] as const) : (['push', 'email'] as const)).map(
                    (channel) => (
                      <Checkbox.Root
                        key={channel}
                        minH="10"
                        checked={channels[channel]}
                        disabled={!online}
                        onCheckedChange={(d) => setChannel(kind, channel, d.checked === true)}
                      >
                        <Checkbox.HiddenInput />
                        <Checkbox.Control />
                        <Checkbox.Label>{t(`kinds.${channel}`)}</Checkbox.Label>
                      </Checkbox.Root>
                    ),
                  )}
                </Flex>
                {kind === 'work_summary' && (
                  <NativeSelect.Root maxW="xs" disabled={!online}>
                    <NativeSelect.Field
                      aria-label={t('kinds.frequency')}
                      value={frequency}
                      onChange={(e) => setFrequency(e.target.value === 'daily' ? 'daily' : 'weekly')}
                    >
                      {WORK_SUMMARY_FREQUENCIES.map((f) => (
                        <option key={f} value={f}>
                          {t(`kinds.frequencies.${f}`)}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                )}
                {errors[`kinds.${kind}`] && <Fieldset.ErrorText>{errors[`kinds.${kind}`]}</Fieldset.ErrorText>}
              </Fieldset.Root>
            );
          })}
          <Fieldset.Root>
            <Fieldset.Legend fontWeight="medium">{t('quiet.title')}</Fieldset.Legend>
            <Fieldset.HelperText>{t('quiet.hint', { zone: timeZone })}</Fieldset.HelperText>
            <Checkbox.Root
              minH="10"
              checked={quietOn}
              disabled={!online}
              onCheckedChange={(d) => setQuietOn(d.checked === true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('quiet.enable')}</Checkbox.Label>
            </Checkbox.Root>
            {quietOn && (
              <Flex gap="4" wrap="wrap">
                <Field.Root invalid={Boolean(startError)} w="9rem" disabled={!online}>
                  <Field.Label>{t('quiet.from')}</Field.Label>
                  <Input type="time" value={start} onChange={(e) => setStart(e.target.value)} />
                  {startError && <Field.ErrorText>{startError}</Field.ErrorText>}
                </Field.Root>
                <Field.Root invalid={Boolean(endError)} w="9rem" disabled={!online}>
                  <Field.Label>{t('quiet.to')}</Field.Label>
                  <Input type="time" value={end} onChange={(e) => setEnd(e.target.value)} />
                  {endError && <Field.ErrorText>{endError}</Field.ErrorText>}
                </Field.Root>
              </Flex>
            )}
          </Fieldset.Root>
          {Object.keys(errors).length > 0 && <Notice status="error">{t('errors.incomplete')}</Notice>}
          {result && <Notice status={result.status}>{result.text}</Notice>}
          <Flex>
            <Button type="submit" colorPalette="primary" loading={saving} disabled={!online}>
              {t('save')}
            </Button>
          </Flex>
        </Card.Body>
      </form>
    </Card.Root>
  );
}

/** "Send me a test" and what came of it. */
function TestCard({ online }: { online: boolean }) {
  const { t } = useTranslation(NS);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ status: 'success' | 'error'; text: string } | null>(null);
  const send = async () => {
    setBusy(true);
    setResult(null);
    try {
      await call(() =>
        api.post(`${PREFERENCES_PATH}/test`).json<ReturnType<typeof NotificationTestResponseSchema.parse>>(),
      );
      setResult({ status: 'success', text: t('test.sent') });
    } catch (err) {
      const message = err instanceof ApiError && err.isOffline ? t('needsConnection') : (err as Error).message;
      setResult({ status: 'error', text: t('test.failed', { message }) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card.Root>
      <Card.Body gap="3">
        <Card.Title as="h2">{t('test.title')}</Card.Title>
        <Text>{t('test.explain')}</Text>
        <Flex>
          <Button
            variant="outline"
            colorPalette="primary"
            loading={busy}
            disabled={!online}
            onClick={() => void send()}
          >
            {t('test.button')}
          </Button>
        </Flex>
        {result && <Notice status={result.status}>{result.text}</Notice>}
      </Card.Body>
    </Card.Root>
  );
}

/** The screen. */
export default function NotificationsPage() {
  const { t } = useTranslation(NS);
  const { t: tc } = useTranslation();
  const { userId } = usePortal();
  const online = useOnline();
  const queryClient = useQueryClient();
  const query = usePortalQuery<PreferencesAnswer>(userId, PREFERENCES_PATH);
  const prefs = query.data?.data.data;
  const saved = (data: NotificationPreferences) => {
    const answer: PortalAnswer<PreferencesAnswer> = { data: { data }, fetchedAt: Date.now(), fromDevice: false };
    queryClient.setQueryData(['portal', userId, PREFERENCES_PATH], answer);
    // The device's copy follows, so the screen offline shows the choices just saved.
    void import('../../../offline')
      .then((m) => m.portalCache.write(userId, PREFERENCES_PATH, answer.data, answer.fetchedAt))
      .catch(() => undefined);
  };
  return (
    <PortalScreen title={tc('sections.notifications')} subtitle={t('explain')}>
      <AsOfNotice fetchedAt={query.data?.fetchedAt} fromDevice={query.data?.fromDevice} />
      {!online && prefs && <Notice status="warning">{t('offlineWrites')}</Notice>}
      <QueryState query={query} isEmpty={false} emptyText="" offlineText={t('offlineNoCopy')}>
        {prefs && (
          <Stack gap="4">
            <DeviceCard prefs={prefs} online={online} />
            <PreferencesForm prefs={prefs} online={online} onSaved={saved} />
            <TestCard online={online} />
          </Stack>
        )}
      </QueryState>
    </PortalScreen>
  );
}
