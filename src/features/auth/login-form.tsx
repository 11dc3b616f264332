/**
 * The email and password form of both sign-in screens. It says which field is wrong before sending, keeps what was
 * typed on failure, and turns the server's answer into the specification's messages.
 */
import { Alert, Button, Stack } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/errors';
import type { LoginBody, LoginResponse } from '../../contract';
import { LoginField } from './login-field';

type Errors = Partial<Record<'email' | 'password', string>>;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Checks the two fields; answers the i18n keys of what is wrong. */
export function validateLogin(body: LoginBody): Errors {
  const errors: Errors = {};
  if (!body.email.trim()) errors.email = 'common:form.required';
  else if (!EMAIL.test(body.email.trim())) errors.email = 'common:form.invalidEmail';
  if (!body.password) errors.password = 'common:form.required';
  return errors;
}

/** The i18n key of the message for a failed sign-in. */
export function loginErrorKey(err: unknown): string {
  if (!(err instanceof ApiError)) return 'errors:serverError';
  if (err.isOffline) return 'auth:offline';
  if (err.status === 401 || err.status === 422) return 'auth:loginFailed';
  if (err.status === 429) return 'errors:rateLimited';
  return 'errors:serverError';
}

/** The form; `submit` calls the right login endpoint. */
export function LoginForm({
  submit,
  onSignedIn,
}: {
  submit: (b: LoginBody) => Promise<LoginResponse>;
  onSignedIn: (r: LoginResponse) => void;
}) {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const [body, setBody] = useState<LoginBody>({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const found = validateLogin(body);
    setErrors(found);
    setFailure(Object.keys(found).length ? 'common:form.incomplete' : null);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      onSignedIn(await submit({ email: body.email.trim(), password: body.password }));
    } catch (err) {
      setFailure(loginErrorKey(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('auth:signInWithEmail')}>
      <Stack gap="4">
        {failure && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{t(failure as 'auth:loginFailed')}</Alert.Title>
          </Alert.Root>
        )}
        <LoginField
          label={t('auth:email')}
          type="email"
          name="email"
          autoComplete="username"
          value={body.email}
          onChange={(e) => setBody({ ...body, email: e.target.value })}
          error={errors.email && t(errors.email as 'common:form.required')}
        />
        <LoginField
          label={t('auth:password')}
          type="password"
          name="password"
          autoComplete="current-password"
          value={body.password}
          onChange={(e) => setBody({ ...body, password: e.target.value })}
          error={errors.password && t(errors.password as 'common:form.required')}
        />
        <Button type="submit" colorPalette="primary" size="md" loading={busy} loadingText={t('auth:signingIn')}>
          {t('auth:signIn')}
        </Button>
      </Stack>
    </form>
  );
}
