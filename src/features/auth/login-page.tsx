/** /login: staff and scholars sign in with Google or with an email and password. */
import { Link } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { SignInCard } from './sign-in-card';

/** The login screen. */
export default function LoginPage() {
  const { t } = useTranslation('auth');
  return (
    <SignInCard
      title={t('staffTitle')}
      password={(body) => import('./api/auth-api').then((m) => m.loginWithPassword(body))}
      google={(idToken, clientId) => import('./api/auth-api').then((m) => m.loginWithGoogle(idToken, clientId))}
      footer={
        <>
          <Link asChild color="primary.fg">
            <RouterLink to="/forgot-password">{t('forgotPassword')}</RouterLink>
          </Link>
          <Link asChild color="primary.fg">
            <RouterLink to="/scholar/parent-login">{t('parentLogin')}</RouterLink>
          </Link>
        </>
      }
    />
  );
}
