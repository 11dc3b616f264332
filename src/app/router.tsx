/**
 * The routes, composed from the route table: the sign-in screens in the centred layout, the kiosk home in the plain
 * layout, each section in the section layout behind the guard, and '404: Not Found' for anything else. Every screen
 * is its own chunk, loaded on demand (React.lazy) with its section's translations; every route has an error
 * boundary. Declarative routes rather than a data router: the data router's code is about 17 kB gzip that the login
 * and kiosk screens would pay for without using loaders (DESIGN section 8; docs/decisions/004).
 */
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router-dom';
import { USER_KEY } from '../features/auth/session';
import { useSession } from '../features/auth/session-instance';
import type { KioskTile } from '../features/kiosk/kiosk-home';
import { Guarded } from './guarded';
import { loadNamespaces, type Namespace } from './i18n';
import { FullPageSpinner } from './layouts/full-page-spinner';
import { RouteErrorBoundary } from './layouts/route-error';
import { type PreloadedLazy, preloadedLazy } from './preloaded-lazy';
import {
  childPages,
  childPath,
  FIXED_ROUTES,
  isForUserType,
  mayOpen,
  NOT_FOUND_ROUTE,
  navChildren,
  requiredPermissions,
  SECTIONS,
  type SectionRoute,
} from './route-table';
import { useStation } from './station/station-store';
import { STATIONS, type StationDef, type StationPageDef, stationOf, stationPermissions } from './station/stations';

/**
 * The kiosk tiles for someone with these permissions: each section they may open, linked to its first page. A section
 * for other user types (the Scholar Portal, for scholars and parents) is left out when the person's type is known.
 */
export function kioskTiles(
  permissions: readonly string[],
  title: (key: string) => string,
  sections = SECTIONS,
  userType: string | null = null,
): KioskTile[] {
  return sections.flatMap((section) => {
    if (!isForUserType(section, userType)) return [];
    const first = navChildren(section).find((c) => mayOpen(permissions, section, c));
    return first ? [{ href: childPath(section, first), title: title(section.title) }] : [];
  });
}

/** A lazily loaded screen with its loading state and error boundary. */
function Screen({ children }: { children: ReactNode }) {
  return (
    <RouteErrorBoundary>
      <Suspense fallback={<FullPageSpinner />}>{children}</Suspense>
    </RouteErrorBoundary>
  );
}

const LoginPage = lazy(() => import('../features/auth/login-page'));
const ParentLoginPage = lazy(() => import('../features/auth/parent-login-page'));
// A new school's setup: its texts come with its code (one visit in the school's life, none of the login's budget).
const SetupPage = lazy(() =>
  Promise.all([import('../features/auth/setup-page'), loadNamespaces('setup')]).then(([page]) => page),
);
const ForgotPasswordPage = lazy(() => import('../features/auth/forgot-password-page'));
const SetPasswordPage = lazy(() => import('../features/auth/set-password-page'));
const KioskHome = lazy(() => import('../features/kiosk/kiosk-home'));
const SectionLayout = lazy(() => import('./layouts/section-layout'));
const CenteredLayout = lazy(() => import('./layouts/centered-layout'));
const PlainLayout = lazy(() => import('./layouts/plain-layout'));
const NotFound = lazy(() => import('./layouts/not-found'));
const StationLayout = lazy(() => import('./station/station-layout'));
const StartStation = lazy(() => import('./station/start-station'));

/**
 * The Scholar Portal's layout with what the app gives it (features never import the app): the shared query client,
 * the app bar, and the signed-in person. Its code, TanStack Query's, the portal's texts and the Chakra recipes the first
 * screens leave out (theme/more-recipes.ts) load together, lazily.
 */
let portalLayoutLoad: Promise<{ default: ComponentType<{ section: SectionRoute }> }> | null = null;
const loadPortalLayout = () => (portalLayoutLoad ??= loadPortalLayoutOnce());
async function loadPortalLayoutOnce() {
  const [{ default: Layout }, { AppBar }, { appQueryClient }, { QueryClientProvider }, { ParentCoSessionStrip }] =
    await Promise.all([
      import('../features/scholar/layout/portal-layout'),
      import('./layouts/app-bar'),
      import('./query-client'),
      import('@tanstack/react-query'),
      import('../features/auth/parent-co-session-strip'),
      loadNamespaces('portal'),
      // The recipes of the portal's screens (menus, tables, badges...), added before any of them renders.
      import('../ui/theme/more-recipes'),
    ]);
  // A parent signed in inside the scholar's session shows under the bar, with the way to end it.
  const renderBar = () => (
    <>
      <AppBar />
      <ParentCoSessionStrip />
    </>
  );
  function PortalShell({ section }: { section: SectionRoute }) {
    const { t } = useTranslation();
    const { user } = useSession();
    const entries = section.children.flatMap((c) =>
      childPages(section, c).map((p) => ({ ...p, title: t(p.title as 'sections.administration') })),
    );
    return (
      <QueryClientProvider client={appQueryClient()}>
        <Layout
          title={t(section.title as 'sections.administration')}
          entries={entries}
          user={user ? { id: user.id, type: user.type } : null}
          renderBar={renderBar}
        />
      </QueryClientProvider>
    );
  }
  return { default: PortalShell };
}
// Renders at once when preloadPortal has loaded it (no fallback frame: src/app/preloaded-lazy.tsx).
const PortalLayout = preloadedLazy(loadPortalLayout);

/**
 * A scholar's or parent's phone opening the portal (the signed-in person remembered on the device) starts what its
 * first screen needs at once: the layout's code, the screen's code and its calls (the scholars, then Home's), instead
 * of one after another behind the session check (DESIGN section 8: the portal's first visit on a phone). Call it
 * once i18next is created (the texts load through it).
 */
export function preloadPortal(): void {
  if (typeof window === 'undefined') return;
  let user: { id?: string; type?: string } | null = null;
  try {
    user = JSON.parse(localStorage.getItem(USER_KEY) ?? 'null');
  } catch {
    return;
  }
  const section = homeSectionOf(user?.type);
  if (!user?.id || !section) return;
  // The installed app opens at '/', which sends a scholar or a parent to the portal's home.
  const opened = window.location.pathname.replace(/\/+$/, '') || '/';
  const path = opened === '/' ? section.path : opened;
  if (path !== section.path && !path.startsWith(`${section.path}/`)) return;
  const child = section.children.find((c) => childPages(section, c).some((p) => p.to === path));
  const userId = user.id;
  void PortalLayout.preload().catch(() => undefined);
  // The screen's code with its section's texts, as its route loads them (and then renders without suspending).
  if (child)
    void pages
      .get(child.name)
      ?.preload()
      .catch(() => undefined);
  else void loadNamespaces(...((section.namespaces ?? []) as Namespace[])).catch(() => undefined);
  void import('../features/scholar/data/prefetch')
    .then((m) => m.prefetchPortalStart(userId, path))
    .catch(() => undefined);
}

/** The first section made for this user type (a scholar's or a parent's home is the portal), if any. */
const homeSectionOf = (userType: string | undefined) =>
  userType ? SECTIONS.find((s) => s.userTypes?.includes(userType)) : undefined;

function KioskRoute() {
  const { t } = useTranslation(['common', 'kiosk']);
  const { permissions, user } = useSession();
  const home = homeSectionOf(user?.type);
  // A scholar or a parent has no kiosk: they land on the portal (the login screen sends everyone to /).
  if (home) return <Navigate to={home.path} replace />;
  return (
    <KioskHome
      tiles={kioskTiles(permissions, (key) => t(key as 'sections.administration'), SECTIONS, user?.type ?? null)}
      greeting={t('kiosk:welcome', { name: user?.nickname ?? user?.fname ?? '' })}
      footer={
        <Suspense fallback={null}>
          <StartStation />
        </Suspense>
      }
    />
  );
}

/** Each station page as a lazy component that also loads its station's translation namespaces. */
const stationPages = new Map<StationPageDef, ComponentType<{ permissions: readonly string[]; audience?: 'children' }>>(
  STATIONS.flatMap((station) =>
    station.pages.map((page) => [
      page,
      lazy(async () => {
        const [loaded] = await Promise.all([page.load(), loadNamespaces(...(station.namespaces as Namespace[]))]);
        return loaded;
      }),
    ]),
  ),
);

/** A station page with what station mode gives it: only the permissions recording needs, children as its audience. */
function StationPage({ station, page }: { station: StationDef; page: StationPageDef }) {
  const { t } = useTranslation();
  const state = useSession();
  const Page = stationPages.get(page) as ComponentType<{ permissions: readonly string[]; audience?: 'children' }>;
  if (state.loggedIn === null) return <FullPageSpinner />;
  if (state.loggedIn === false) return <p role="alert">{t('stations.signedOut')}</p>;
  return <Page permissions={stationPermissions(station, state.permissions)} audience="children" />;
}

/**
 * The routes of a device in station mode: the station's pages in the station layout, and every
 * other path (staff screens, /login, the kiosk home) back to the station's first page.
 */
function StationRoutes({ station }: { station: StationDef }) {
  const first = station.pages[0]?.path ?? '/';
  return (
    <Routes>
      {station.pages.map((page) => (
        <Route
          key={page.path}
          id={`station-${station.kind}${page.path.replaceAll('/', '-')}`}
          path={page.path}
          element={
            <Screen>
              <StationLayout station={station}>
                <Screen>
                  <StationPage station={station} page={page} />
                </Screen>
              </StationLayout>
            </Screen>
          }
        />
      ))}
      <Route id="station-elsewhere" path="*" element={<Navigate to={first} replace />} />
    </Routes>
  );
}

/**
 * Each child screen of the table as a lazy component that also loads its section's translation namespaces; once
 * preloaded (the portal's first screen), it renders without suspending.
 */
const pages = new Map<string, PreloadedLazy<object>>(
  SECTIONS.flatMap((section) =>
    section.children.map((child) => [
      child.name,
      preloadedLazy(async () => {
        const [page] = await Promise.all([
          child.load(),
          loadNamespaces(...((section.namespaces ?? []) as Namespace[])),
        ]);
        return page as { default: ComponentType<object> };
      }),
    ]),
  ),
);

function sectionRoutes(section: SectionRoute) {
  return (
    <Route
      key={section.path}
      id={section.name}
      path={section.path}
      element={
        // The section opens for whoever may open one of its pages; each page checks its own permission.
        <Guarded>
          <Screen>
            {section.layout === 'portal' ? <PortalLayout section={section} /> : <SectionLayout section={section} />}
          </Screen>
        </Guarded>
      }
    >
      {section.children.map((child) => {
        const Page = pages.get(child.name) as ComponentType;
        const element = (
          <Guarded permissions={requiredPermissions(section, child)}>
            <Screen>
              <Page />
            </Screen>
          </Guarded>
        );
        return child.path ? (
          <Route key={child.name} id={child.name} path={child.path} element={element} />
        ) : (
          <Route key={child.name} id={child.name} index element={element} />
        );
      })}
    </Route>
  );
}

/** The app's routes: a station's own, in station mode. */
export function AppRoutes() {
  const station = useStation();
  if (station) return <StationRoutes station={stationOf(station.kind)} />;
  return (
    <Routes>
      <Route
        id="centered"
        element={
          <Screen>
            <CenteredLayout />
          </Screen>
        }
      >
        <Route
          id="login"
          path={FIXED_ROUTES.login}
          element={
            <Screen>
              <LoginPage />
            </Screen>
          }
        />
        <Route
          id="scholar-parent-login"
          path={FIXED_ROUTES['scholar-parent-login']}
          element={
            <Screen>
              <ParentLoginPage />
            </Screen>
          }
        />
        <Route
          id="setup"
          path={FIXED_ROUTES.setup}
          element={
            <Screen>
              <SetupPage />
            </Screen>
          }
        />
        <Route
          id="forgot-password"
          path={FIXED_ROUTES['forgot-password']}
          element={
            <Screen>
              <ForgotPasswordPage />
            </Screen>
          }
        />
        <Route
          id="set-password"
          path={FIXED_ROUTES['set-password']}
          element={
            <Screen>
              <SetPasswordPage />
            </Screen>
          }
        />
      </Route>
      <Route
        id="plain"
        path={FIXED_ROUTES.kiosk}
        element={
          <Guarded>
            <Screen>
              <PlainLayout />
            </Screen>
          </Guarded>
        }
      >
        <Route
          id="kiosk"
          index
          element={
            <Screen>
              <KioskRoute />
            </Screen>
          }
        />
      </Route>
      {SECTIONS.map(sectionRoutes)}
      <Route
        id={NOT_FOUND_ROUTE}
        path="*"
        element={
          <Screen>
            <NotFound />
          </Screen>
        }
      />
    </Routes>
  );
}
