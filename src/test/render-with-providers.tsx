/**
 * Renders a component in unit tests inside what the app puts around a screen: a fresh QueryClient (no retries and
 * nothing shared between tests, so a failure shows at once), the Chakra theme, i18n (English unless a test chose
 * otherwise, with the sections' lazy namespaces loaded as their routes load them) and a MemoryRouter at the given
 * URL. The router's current location is readable, so tests can check what a screen wrote into the search params.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, configure, fireEvent, type RenderResult, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { type Location, MemoryRouter, useLocation } from 'react-router-dom';
import { initI18n, LAZY_NAMESPACES, loadNamespaces } from '../app/i18n';
import { AppThemeProvider } from '../app/theme';
// Every screen renders inside a layout that has added the rest of the recipes (see more-recipes.ts).
import '../ui/theme/more-recipes';

/**
 * The app's i18n and theme provider, for the tests of shared components and features that render without a router
 * or a query client: they may not import `src/app` themselves (the floors, docs/architecture.md), the harness may.
 */
export { initI18n } from '../app/i18n';
export { AppThemeProvider } from '../app/theme';

// Screens wait on a fake server and Chakra's overlays; on a busy CI machine one second is too tight for `findBy`.
configure({ asyncUtilTimeout: 3000 });

let i18nReady: Promise<void> | null = null;

/** i18n as a screen's route leaves it: the first screens' texts and every section's lazy namespace loaded. */
async function setUpI18n(): Promise<void> {
  await initI18n();
  await loadNamespaces(...LAZY_NAMESPACES);
}

export interface RenderWithProvidersOptions {
  /** The URL the router starts at, e.g. '/admin/users-roles?page=2'. */
  route?: string;
  queryClient?: QueryClient;
}

export interface RenderWithProvidersResult extends RenderResult {
  queryClient: QueryClient;
  /** The router's location now. */
  location: () => Location;
}

/** A QueryClient as tests want it: no retries, nothing refetched behind the test's back. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, gcTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
}

/** Renders `ui` with QueryClient, theme, i18n and router; i18n is initialised once per test file. */
export async function renderWithProviders(
  ui: ReactElement,
  { route = '/', queryClient = createTestQueryClient() }: RenderWithProvidersOptions = {},
): Promise<RenderWithProvidersResult> {
  i18nReady ??= setUpI18n();
  await i18nReady;
  const seen: { location: Location | null } = { location: null };
  function LocationProbe() {
    seen.location = useLocation();
    return null;
  }
  const result = render(
    <QueryClientProvider client={queryClient}>
      <AppThemeProvider>
        <MemoryRouter initialEntries={[route]}>
          {ui}
          <LocationProbe />
        </MemoryRouter>
      </AppThemeProvider>
    </QueryClientProvider>,
  );
  return {
    ...result,
    queryClient,
    location: () => {
      if (!seen.location) throw new Error('The router has not rendered yet.');
      return seen.location;
    },
  };
}

/**
 * Chooses an item of an open Chakra menu from the keyboard, as a person does: arrow down to it (the menu selects its
 * highlighted item), then Enter. jsdom has no pointer to highlight an item with.
 */
export async function chooseItem(item: HTMLElement): Promise<void> {
  const menu = item.closest('[role="menu"]') as HTMLElement;
  for (let i = 0; i < 30 && !item.hasAttribute('data-highlighted'); i++) {
    await act(async () => {
      fireEvent.keyDown(menu, { key: 'ArrowDown' });
    });
  }
  if (!item.hasAttribute('data-highlighted')) throw new Error(`the menu item ${item.textContent} is never highlighted`);
  await act(async () => {
    fireEvent.keyDown(menu, { key: 'Enter' });
  });
}
