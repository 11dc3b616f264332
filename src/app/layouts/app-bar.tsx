/**
 * The bar at the top of the kiosk and section layouts: what this is, the sync status, and the account menu (the
 * signed-in person, the settings, "Log out…" behind a confirmation). The section layout puts its navigation button in `start` below the lg breakpoint. Under the
 * bar, a banner asks for a new sign-in when sending stopped on a 401.
 *
 * Bundle: this bar is on the kiosk's first screen (DESIGN section 8), so the sync indicator and banner are lazy
 * components, fetched with the `sync` texts once the offline layer has loaded (`startOffline`, after the first
 * paint); until then they render nothing.
 */
import { Flex, Heading, Link } from '@chakra-ui/react';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { AccountMenu } from '../../features/auth/account-menu';
import { session, useSession } from '../../features/auth/session-instance';
import { useSchoolName } from '../../features/auth/use-config';
import { QuietBoundary } from '../../ui/sync/quiet-boundary';
import type { AppInfo } from '../../ui/sync/sync-source';
import { loadNamespaces } from '../i18n';
import { useOfflineModule } from '../offline-wiring';
import { usePwa } from '../pwa/use-pwa';

const withTexts = <M,>(load: () => Promise<M>) => Promise.all([load(), loadNamespaces('sync')]).then(([m]) => m);
const SyncIndicator = lazy(() =>
  withTexts(() => import('../../ui/sync/sync-indicator')).then((m) => ({ default: m.SyncIndicator })),
);
const UnauthorizedBanner = lazy(() =>
  withTexts(() => import('../../ui/sync/unauthorized-banner')).then((m) => ({ default: m.UnauthorizedBanner })),
);

/** The server's version (`GET v2/config`), for the device panel; the app is deployed with the server. */
const loadVersion = () =>
  import('../../features/auth/api/auth-api').then((api) => api.fetchConfig()).then((config) => config.version);

/** The top bar; `title` names the section, `start` holds a navigation button on small screens. */
export function AppBar({ title, start }: { title?: string; start?: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useSession();
  const schoolName = useSchoolName();
  const offline = useOfflineModule();
  const { updateAvailable, applyUpdate } = usePwa();
  const location = useLocation();
  const navigate = useNavigate();
  const app: AppInfo = { updateAvailable, applyUpdate, loadVersion };
  const signInAgain = () => {
    // The token was refused by the server; forget it here too, or /login would send a "signed-in" person back.
    session.expire();
    session.setReturnUrl(`${location.pathname}${location.search}${location.hash}`);
    navigate('/login');
  };

  return (
    <>
      <Flex
        as="header"
        align="center"
        gap="3"
        px="4"
        py="2"
        bg="appBar.bg"
        color="appBar.fg"
        borderBottomWidth="3px"
        borderColor="appBar.accent"
        minH="14"
      >
        {start}
        <Heading as="p" size="md" flexShrink={title ? 1 : 0} minW="0" truncate hideBelow={title ? 'md' : undefined}>
          <Link asChild color="inherit" _hover={{ textDecoration: 'none' }}>
            <RouterLink to="/">{schoolName ?? t('appName')}</RouterLink>
          </Link>
        </Heading>
        {title && (
          <Heading as="h1" size="md" fontWeight="normal" truncate>
            {title}
          </Heading>
        )}
        <Flex ms="auto" align="center" gap="2">
          {user && offline && (
            <QuietBoundary>
              <Suspense fallback={null}>
                <SyncIndicator source={offline} app={app} />
              </Suspense>
            </QuietBoundary>
          )}
          <AccountMenu readWaiting={offline ? () => offline.syncEngine.getSnapshot().waiting : undefined} />
        </Flex>
      </Flex>
      {offline && (
        <QuietBoundary>
          <Suspense fallback={null}>
            <UnauthorizedBanner source={offline} onSignIn={signInAgain} />
          </Suspense>
        </QuietBoundary>
      )}
    </>
  );
}
