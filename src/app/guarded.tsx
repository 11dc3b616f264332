/** Applies the route guard (guard.ts) to a piece of the route tree: waits, redirects, or renders it. */
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { session, useSession } from '../features/auth/session-instance';
import { addNotification } from '../ui/notifications/queue';
import { decide } from './guard';
import { FullPageSpinner } from './layouts/full-page-spinner';
import { mayOpenPath } from './route-table';

interface GuardedProps {
  requiresAuth?: boolean;
  permissions?: readonly string[];
  children: ReactNode;
}

/** Renders its children only when the guard allows; otherwise acts on the decision. */
export function Guarded({ requiresAuth = true, permissions = [], children }: GuardedProps) {
  const state = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation('errors');
  const url = `${location.pathname}${location.search}${location.hash}`;
  const decision = decide({
    url,
    requiresAuth,
    permissions,
    session: { loggedIn: state.loggedIn, permissions: state.permissions, userType: state.user?.type ?? null },
    hostname: window.location.hostname,
    mayOpenPath: (path) => mayOpenPath(path, state.permissions),
  });
  const target = decision.type === 'redirect' ? decision.to : '';

  useEffect(() => {
    if (decision.type === 'login') {
      session.setReturnUrl(url);
      navigate('/login', { replace: true });
    } else if (decision.type === 'forbidden') {
      addNotification({ text: t('invalidPermissions'), type: 'error' });
      navigate('/', { replace: true });
    } else if (decision.type === 'redirect') {
      navigate(target, { replace: true });
    }
  }, [decision.type, target, url, navigate, t]);

  return decision.type === 'allow' ? children : <FullPageSpinner />;
}
