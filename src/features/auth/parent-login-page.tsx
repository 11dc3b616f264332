/** /scholar/parent-login: parents and guardians sign in; the server accepts parent accounts only here. */
import { Link } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { SignInCard } from './sign-in-card';

/** The parent login screen. */
export default function ParentLoginPage() {
  const { t } = useTranslation('auth');
  return (
    <SignInCard
      title={t('parentTitle')}
      password={(body) => import('./api/auth-api').then((m) => m.loginParent(body))}
      google={(id_token, client_id) => import('./api/auth-api').then((m) => m.loginParent({ id_token, client_id }))}
      footer={
        <Link asChild color="primary.fg">
          <RouterLink to="/login">{t('staffLogin')}</RouterLink>
        </Link>
      }
    />
  );
}
