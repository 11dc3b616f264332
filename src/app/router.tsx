/**
 * The routes, composed from the route table: the sign-in screens in the centred layout, the kiosk home in the plain
 * layout, each section in the section layout behind the guard, and '404: Not Found' for anything else. Every screen
 * is its own chunk, loaded on demand (React.lazy) with its section's translations; every route has an error
 * boundary. Declarative routes rather than a data router: the data router's code is about 17 kB gzip that the login
 * and kiosk screens would pay for without using loaders (DESIGN section 8; docs/decisions/004).
 */
import { type ComponentType, lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router-dom';
import { useSession } from '../features/auth/session-instance';
import type { KioskTile } from '../features/kiosk/kiosk-home';
import { Guarded } from './guarded';
import { loadNamespaces, type Namespace } from './i18n';
import { FullPageSpinner } from './layouts/full-page-spinner';
import { RouteErrorBoundary } from './layouts/route-error';
import {
  childPath,
  FIXED_ROUTES,
  mayOpen,
  NOT_FOUND_ROUTE,
  requiredPermissions,
  SECTIONS,
  type SectionRoute,
} from './route-table';

/** The kiosk tiles for someone with these permissions: each section they may open, linked to its first page. */
export function kioskTiles(
  permissions: readonly string[],
  title: (key: string) => string,
  sections = SECTIONS,
): KioskTile[] {
  return sections.flatMap((section) => {
    const first = section.children.find((c) => mayOpen(permissions, section, c));
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
const KioskHome = lazy(() => import('../features/kiosk/kiosk-home'));
const SectionLayout = lazy(() => import('./layouts/section-layout'));
const CenteredLayout = lazy(() => import('./layouts/centered-layout'));
const PlainLayout = lazy(() => import('./layouts/plain-layout'));
const NotFound = lazy(() => import('./layouts/not-found'));

function KioskRoute() {
  const { t } = useTranslation(['common', 'kiosk']);
  const { permissions, user } = useSession();
  return (
    <KioskHome
      tiles={kioskTiles(permissions, (key) => t(key as 'sections.administration'))}
      greeting={t('kiosk:welcome', { name: user?.nickname ?? user?.fname ?? '' })}
    />
  );
}

/** Each child screen of the table as a lazy component that also loads its section's translation namespaces. */
const pages = new Map<string, ComponentType>(
  SECTIONS.flatMap((section) =>
    section.children.map((child) => [
      child.name,
      lazy(async () => {
        const [page] = await Promise.all([
          child.load(),
          loadNamespaces(...((section.namespaces ?? []) as Namespace[])),
        ]);
        return page;
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
            <SectionLayout section={section} />
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

/** The app's routes. */
export function AppRoutes() {
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
          id="parent-login"
          path={FIXED_ROUTES['parent-login']}
          element={
            <Screen>
              <ParentLoginPage />
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
