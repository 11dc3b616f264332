/**
 * /set-password?token=: the page of a one-time link (an invitation or a password reset). It first asks the server
 * whether the link still works, then takes the new password twice and signs the person in: staff land on the kiosk
 * home, scholars and parents on the portal (the home route sends them there). A link that was used, has expired or
 * was replaced says so and offers a new one.
 */
import { Alert, Button, Card, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/errors';
import type { PasswordTokenInfo } from '../../contract';
import { PASSWORD_MIN_LENGTH } from '../../contract/common';
import { LoginField } from './login-field';
import { type NewPasswordErrors, validateNewPassword } from './new-password';
import { session } from './session-instance';
import { CardHeading } from './sign-in-card';
import { useConfig } from './use-config';

type LinkState =
  | { kind: 'checking' }
  | { kind: 'gone' }
  | { kind: 'failed'; key: string }
  | { kind: 'ready'; info: PasswordTokenInfo };

const api = () => import('./api/password-api');

/** What a failed call means for the screen: the link is gone (410, or not a link at all: 422), or try again. */
function stateOf(err: unknown): LinkState {
  if (err instanceof ApiError && (err.status === 410 || err.status === 422)) return { kind: 'gone' };
  if (err instanceof ApiError && err.isOffline) return { kind: 'failed', key: 'auth:offline' };
  if (err instanceof ApiError && err.status === 429) return { kind: 'failed', key: 'errors:rateLimited' };
  return { kind: 'failed', key: 'errors:serverError' };
}

function LinkGone() {
  const { t } = useTranslation('auth');
  return (
    <Stack gap="3">
      <Alert.Root status="warning" role="alert">
        <Alert.Indicator />
        <Alert.Description>{t('setPassword.gone')}</Alert.Description>
      </Alert.Root>
      <Link asChild color="primary.fg">
        <RouterLink to="/forgot-password">{t('setPassword.askAgain')}</RouterLink>
      </Link>
    </Stack>
  );
}

/** The two password fields and the button; `submit` answers the state to go to when the link turned out gone. */
function NewPasswordForm({ submit }: { submit: (password: string) => Promise<void> }) {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const [fields, setFields] = useState({ password: '', confirm: '' });
  const [errors, setErrors] = useState<NewPasswordErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const text = (key?: string) =>
    key ? t(key as 'auth:setPassword.tooShort', { count: PASSWORD_MIN_LENGTH }) : undefined;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const found = validateNewPassword(fields);
    setErrors(found);
    setFailure(Object.keys(found).length ? 'common:form.incomplete' : null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await submit(fields.password);
    } catch (err) {
      const state = stateOf(err);
      setFailure(state.kind === 'failed' ? state.key : 'errors:serverError');
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('auth:setPassword.formLabel')}>
      <Stack gap="4">
        {failure && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{text(failure)}</Alert.Title>
          </Alert.Root>
        )}
        <LoginField
          label={t('auth:setPassword.password')}
          type="password"
          name="new-password"
          autoComplete="new-password"
          value={fields.password}
          onChange={(e) => setFields({ ...fields, password: e.target.value })}
          error={text(errors.password)}
        />
        <LoginField
          label={t('auth:setPassword.confirm')}
          type="password"
          name="confirm-password"
          autoComplete="new-password"
          value={fields.confirm}
          onChange={(e) => setFields({ ...fields, confirm: e.target.value })}
          error={text(errors.confirm)}
        />
        <Button type="submit" colorPalette="primary" loading={busy}>
          {t('auth:setPassword.save')}
        </Button>
      </Stack>
    </form>
  );
}

/** The screen. */
export default function SetPasswordPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const config = useConfig();
  const [state, setState] = useState<LinkState>({ kind: 'checking' });
  const asked = useRef(0);

  const check = useCallback(async () => {
    const mine = ++asked.current;
    setState({ kind: 'checking' });
    if (!token) return setState({ kind: 'gone' });
    try {
      const info = await (await api()).fetchPasswordToken(token);
      if (mine === asked.current) setState({ kind: 'ready', info });
    } catch (err) {
      if (mine === asked.current) setState(stateOf(err));
    }
  }, [token]);
  useEffect(() => {
    void check();
  }, [check]);

  const submit = async (password: string) => {
    try {
      const result = await (await api()).setPasswordWithLink({ token, password });
      session.signIn(result.token, result.user);
      navigate('/', { replace: true });
    } catch (err) {
      if (stateOf(err).kind === 'gone') setState({ kind: 'gone' });
      else throw err;
    }
  };

  const withGoogle = config.status === 'success' && Boolean(config.data.google_client_id);
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="5">
          <CardHeading
            schoolName={config.status === 'success' ? config.data.school_name : null}
            title={
              state.kind === 'ready' && state.info.purpose === 'invite'
                ? t('setPassword.welcome', { name: state.info.first_name })
                : t('setPassword.title')
            }
          />
          {state.kind === 'checking' && (
            <Stack direction="row" align="center" gap="2" role="status">
              <Spinner size="sm" />
              <Text>{t('setPassword.checking')}</Text>
            </Stack>
          )}
          {state.kind === 'gone' && <LinkGone />}
          {state.kind === 'failed' && (
            <Stack gap="3">
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Description>{t(state.key as 'auth:offline')}</Alert.Description>
              </Alert.Root>
              <Button variant="outline" onClick={() => void check()}>
                {t('setPassword.retry')}
              </Button>
            </Stack>
          )}
          {state.kind === 'ready' && (
            <>
              <Text>
                {state.info.purpose === 'invite'
                  ? t('setPassword.introInvite', { count: PASSWORD_MIN_LENGTH })
                  : t('setPassword.introReset', { name: state.info.first_name, count: PASSWORD_MIN_LENGTH })}
              </Text>
              {withGoogle && state.info.purpose === 'invite' && <Text fontSize="sm">{t('setPassword.google')}</Text>}
              <NewPasswordForm submit={submit} />
            </>
          )}
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
