/**
 * /scholar/parent-login. Nobody signed in: a parent or guardian signs in on their own (the server accepts parent
 * accounts only here). A scholar signed in on their phone: the parent login inside the scholar's session: the parent proves who they are to sign or answer for the scholar, the scholar stays signed in, and "End
 * parent sign-in" (`logout-parent`) leaves the phone as it was.
 */
import { Alert, Button, Card, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router-dom';
import type { LoginResponse } from '../../contract';
import { parentSession, useParentSession } from './parent-session';
import { useSession } from './session-instance';
import { SignInCard } from './sign-in-card';

const loginParent = (body: Parameters<typeof import('./api/auth-api').loginParent>[0]) =>
  import('./api/auth-api').then((m) => m.loginParent(body));

/**
 * Where the parent login returns: the portal screen it was opened from (`?return=`, a portal path only, so the
 * address can never send anyone off the portal), else the portal's home.
 */
export function portalReturn(asked: string | null): string {
  return asked && /^\/scholar(\/[\w\-/]*)?$/.test(asked) && asked !== '/scholar/parent-login' ? asked : '/scholar';
}

/** The parent signed in for the scholar: who, and how to end it. */
function SignedInForScholar({ name, scholar, back }: { name: string; scholar: string; back: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  return (
    <Card.Root>
      <Card.Body>
        <Stack gap="4">
          <Heading as="h1" size="xl">
            {t('parentTitle')}
          </Heading>
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Description>{t('parentSignedInFor', { name, scholar })}</Alert.Description>
          </Alert.Root>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3">
            <Button colorPalette="primary" onClick={() => navigate(back)}>
              {t('backToPortal')}
            </Button>
            <Button variant="outline" onClick={() => void parentSession.end()}>
              {t('endParentSignIn')}
            </Button>
          </Stack>
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}

/** The parent login screen. */
export default function ParentLoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { user } = useSession();
  const coSession = useParentSession();
  const scholarName = user ? `${user.nickname ?? user.fname} ${user.lname}` : '';
  const forScholar = user?.type === 'student';
  const back = portalReturn(useSearchParams()[0].get('return'));

  if (forScholar && coSession) {
    return (
      <SignedInForScholar
        name={`${coSession.user.nickname ?? coSession.user.fname} ${coSession.user.lname}`}
        scholar={scholarName}
        back={back}
      />
    );
  }
  const started = (result: LoginResponse) => {
    parentSession.start({ token: result.token, user: result.user, scholarId: result.scholar_id ?? '' });
    navigate(back, { replace: true });
  };
  return (
    <SignInCard
      title={t('parentTitle')}
      withinSession={forScholar}
      onSignedIn={forScholar ? started : undefined}
      intro={forScholar ? <Text>{t('parentForScholar', { scholar: scholarName })}</Text> : undefined}
      password={(body) => loginParent(body)}
      google={(id_token, client_id) => loginParent({ id_token, client_id })}
      footer={
        <Link asChild color="primary.fg">
          <RouterLink to={forScholar ? back : '/login'}>{forScholar ? t('backToPortal') : t('staffLogin')}</RouterLink>
        </Link>
      }
    />
  );
}
