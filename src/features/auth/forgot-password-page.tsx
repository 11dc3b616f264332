/**
 * /forgot-password: a person types the email of their account and is sent a link to set a new password. The screen
 * answers the same whatever the address, as the server does, so it never tells whether an account uses it.
 */
import { Alert, Button, Card, Link, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { ApiError } from '../../api/errors';
import { LoginField } from './login-field';
import { validateLogin } from './login-form';
import { CardHeading } from './sign-in-card';
import { useConfig } from './use-config';

/** The i18n key of the message for a failed request. */
function failureKey(err: unknown): string {
  if (err instanceof ApiError && err.isOffline) return 'auth:offline';
  if (err instanceof ApiError && err.status === 429) return 'errors:rateLimited';
  return 'errors:serverError';
}

/** The screen. */
export default function ForgotPasswordPage() {
  const { t } = useTranslation(['auth', 'common', 'errors']);
  const config = useConfig();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const found = validateLogin({ email, password: '-' }).email ?? null;
    setError(found);
    setFailure(null);
    if (found) return;
    setBusy(true);
    try {
      const { requestPasswordReset } = await import('./api/password-api');
      await requestPasswordReset(email.trim());
      setSent(true);
    } catch (err) {
      setFailure(failureKey(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="5">
          <CardHeading
            schoolName={config.status === 'success' ? config.data.school_name : null}
            title={t('forgot.title')}
          />
          {sent ? (
            <Alert.Root status="success" role="status">
              <Alert.Indicator />
              <Alert.Description>{t('forgot.sent')}</Alert.Description>
            </Alert.Root>
          ) : (
            <form onSubmit={onSubmit} noValidate aria-label={t('forgot.title')}>
              <Stack gap="4">
                <Text>{t('forgot.intro')}</Text>
                {failure && (
                  <Alert.Root status="error" role="alert">
                    <Alert.Indicator />
                    <Alert.Title>{t(failure as 'auth:offline')}</Alert.Title>
                  </Alert.Root>
                )}
                <LoginField
                  label={t('auth:email')}
                  type="email"
                  name="email"
                  autoComplete="username"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                  error={error ? t(error as 'common:form.required') : undefined}
                />
                <Button type="submit" colorPalette="primary" loading={busy}>
                  {t('forgot.send')}
                </Button>
              </Stack>
            </form>
          )}
          <Link asChild color="primary.fg" fontSize="sm">
            <RouterLink to="/login">{t('forgot.backToSignIn')}</RouterLink>
          </Link>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
