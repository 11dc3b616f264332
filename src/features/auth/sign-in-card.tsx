/**
 * The card both sign-in screens share: title, the Google button (when the school has one), the email and password
 * form, and what happens after a successful sign-in (back to the return URL, else home).
 */
import { Card, Heading, Link, Separator, Stack, Text } from '@chakra-ui/react';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { LoginBody, LoginResponse } from '../../contract';
import { SchoolLogo } from '../../ui/school-logo';
import { LoginForm, loginErrorKey } from './login-form';
import { session, useSession } from './session-instance';
import { useConfig } from './use-config';

const GoogleSignIn = lazy(() => import('./google-sign-in'));

export interface SignInCardProps {
  title: string;
  password: (body: LoginBody) => Promise<LoginResponse>;
  google: (idToken: string, clientId: string) => Promise<LoginResponse>;
  footer?: ReactNode;
  /** What a successful sign-in does instead of signing in on this device (a parent inside a scholar's session). */
  onSignedIn?: (result: LoginResponse) => void;
  /** Stay on the screen although someone is signed in (the parent login inside a scholar's session). */
  withinSession?: boolean;
  /** Text under the title. */
  intro?: ReactNode;
}

/**
 * The top of every sign-in card: the school's logo and name when known, and the screen's heading (with what goes
 * under it). The logo's address comes with the public config; without a logo, or offline with none loaded, nothing shows.
 */
export function CardHeading({
  schoolName,
  title,
  children,
}: {
  schoolName: string | null;
  title: ReactNode;
  children?: ReactNode;
}) {
  const config = useConfig();
  return (
    <Stack gap="1">
      <SchoolLogo
        url={config.status === 'success' ? config.data.logo_url : null}
        name={schoolName}
        size="4rem"
        style={{ alignSelf: 'flex-start', marginBottom: '0.25rem' }}
      />
      {schoolName && (
        <Text fontWeight="semibold" color="fg.muted">
          {schoolName}
        </Text>
      )}
      <Heading as="h1" size="xl">
        {title}
      </Heading>
      {children}
    </Stack>
  );
}

/** A sign-in screen's content. */
export function SignInCard({ title, password, google, footer, onSignedIn, withinSession, intro }: SignInCardProps) {
  const { t } = useTranslation(['auth', 'errors']);
  const navigate = useNavigate();
  const { loggedIn } = useSession();
  const config = useConfig();
  const [googleError, setGoogleError] = useState<string | null>(null);
  // The advice about Google accounts and Meet applies only where the school signs in with Google.
  const withGoogle = config.status === 'success' && Boolean(config.data.google_client_id);

  // Set once this screen has sent the person on: it stays on show while the next page's code loads (the router
  // keeps the old screen during a lazy route's transition), and must not then send them on to / as well.
  const leaving = useRef(false);
  const done = (result: LoginResponse) => {
    if (onSignedIn) return onSignedIn(result);
    leaving.current = true;
    session.signIn(result.token, result.user);
    navigate(session.takeReturnUrl() ?? '/', { replace: true });
  };
  useEffect(() => {
    if (loggedIn && !withinSession && !leaving.current) navigate('/', { replace: true });
  }, [loggedIn, navigate, withinSession]);

  const onCredential = async (idToken: string, clientId: string) => {
    setGoogleError(null);
    try {
      done(await google(idToken, clientId));
    } catch (err) {
      setGoogleError(loginErrorKey(err));
    }
  };

  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="5">
          <CardHeading schoolName={config.status === 'success' ? config.data.school_name : null} title={title}>
            {intro}
          </CardHeading>
          {withGoogle && (
            <Text fontSize="sm">
              {t('personalGoogleAccounts')}{' '}
              <Link href="https://accounts.google.com/Logout" target="_blank" rel="noreferrer" color="primary.fg">
                {t('logOutOfGoogle')}
              </Link>
            </Text>
          )}
          {/* Google's button code loads only for a school that signs in with Google (the login screen's budget). */}
          {/* Without Google the screen offers the email and password alone: that Google sign-in is not set up is
              the administrator's business (Users and Roles says it), not the person signing in's. */}
          {withGoogle && (
            <Suspense fallback={null}>
              <GoogleSignIn clientId={config.data.google_client_id} onCredential={onCredential} />
            </Suspense>
          )}
          {config.status === 'error' && (
            <Text color="fg.muted" fontSize="sm" role="note">
              {t('googleUnreachable')}
            </Text>
          )}
          {googleError && (
            <Text color="fg.error" role="alert">
              {t(googleError as 'loginFailed')}
            </Text>
          )}
          {config.status === 'success' && config.data.setup_needed && (
            <Text role="note" fontSize="sm" bg="bg.muted" p="3" borderRadius="md">
              {t('setupNeeded')}
            </Text>
          )}
          <Separator />
          <LoginForm submit={password} onSignedIn={done} />
          <Stack gap="1" fontSize="sm" color="fg.muted">
            {withGoogle && <Text>{t('useChromeForMeets')}</Text>}
            <Text>
              {config.status === 'success' && config.data.help_contact
                ? t('technicalHelpContact', { contact: config.data.help_contact })
                : t('technicalHelp')}
            </Text>
            {footer}
          </Stack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
