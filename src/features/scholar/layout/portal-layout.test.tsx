import 'fake-indexeddb/auto';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { useTranslation } from 'react-i18next';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render-with-providers';
import { setLanguage, setSchoolTerms } from '../../../ui/language';
import { flushPortalWrites } from '../data/use-portal-query';
import type { NavEntry } from '../nav/portal-entries';
import { usePortal } from '../portal-context';
import { ANA, FakePortalServer, LEO, scholarsAnswer } from './fake-portal-server';
import PortalLayout from './portal-layout';

const ENTRIES: NavEntry[] = [
  ['', 'Home'],
  ['this-week', 'This Week'],
  ['schedule', 'Schedule'],
  ['resources', 'Scholar Resources'],
  ['calendar', 'Calendar'],
  ['library', 'Library'],
  ['arrivals', 'Arrivals'],
  ['check-in', 'Check In'],
].map(([path = '', title = '']) => ({ path, to: path ? `/scholar/${path}` : '/scholar', title }));

/** What a screen sees of the portal context. */
function Probe() {
  const { scholar, today, fromDevice } = usePortal();
  return (
    <p>
      Showing {scholar.fname} on {today}
      {fromDevice ? ' (device)' : ''}
    </p>
  );
}

/** A text of the portal that names the school's AutoWork. */
function TermProbe() {
  const { t } = useTranslation();
  return <p>{t('sections.missingAutowork')}</p>;
}

let users = 0;
afterEach(() => vi.unstubAllGlobals());

/** A screen this wide in CSS pixels, for the layout's media query (jsdom has no matchMedia: it counts as wide). */
function screenWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const [, value = '0', unit = 'px'] = /min-width:\s*([\d.]+)(px|em|rem)/.exec(query) ?? [];
    const min = Number(value) * (unit === 'px' ? 1 : 16);
    return { matches: width >= min, media: query, addEventListener() {}, removeEventListener() {} };
  });
}

async function renderLayout(server: FakePortalServer, { userId = `user-${++users}`, route = '/scholar' } = {}) {
  server.install();
  const result = await renderWithProviders(
    <Routes>
      <Route
        path="/scholar"
        element={
          <PortalLayout
            title="Scholar Portal"
            entries={ENTRIES}
            user={{ id: userId, type: 'parent' }}
            renderBar={() => <div>App bar</div>}
          />
        }
      >
        <Route index element={<Probe />} />
        <Route path="work/missing-autowork" element={<TermProbe />} />
        <Route path="*" element={<Probe />} />
      </Route>
    </Routes>,
    { route },
  );
  return { ...result, userId };
}

const linkNames = (nav: HTMLElement) =>
  within(nav)
    .queryAllByRole('link', { hidden: true })
    .map((a) => a.textContent);

/**
 * The side list. jsdom applies the base (phone) styles, where it is hidden by CSS as well, and a hidden element has
 * no accessible name to find it by.
 */
function sideNav(): HTMLElement {
  const nav = document.querySelector<HTMLElement>('nav[aria-label="Portal navigation"]');
  if (!nav) throw new Error('no side list');
  return nav;
}

describe('Scholar Portal layout', () => {
  it('on a phone: the four most used entries in the bottom bar, the rest behind More; no side list built', async () => {
    screenWidth(390);
    await renderLayout(new FakePortalServer());
    expect(await screen.findByText('Showing Ana on 2026-11-27')).toBeTruthy();
    const bar = screen.getByRole('navigation', { name: 'Main entries' });
    expect(linkNames(bar)).toEqual(['Home', 'This Week', 'Schedule', 'Calendar']);
    expect(within(bar).getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
    expect(document.querySelector('nav[aria-label="Portal navigation"]')).toBeNull();
    fireEvent.click(within(bar).getByRole('button', { name: 'More entries' }));
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((i) => i.textContent),
    ).toEqual(['Scholar Resources', 'Library', 'Arrivals', 'Check In']);
  });

  it('from the md breakpoint: every entry in the side list, and no bottom bar built', async () => {
    screenWidth(1024);
    await renderLayout(new FakePortalServer());
    expect(await screen.findByText('Showing Ana on 2026-11-27')).toBeTruthy();
    expect(linkNames(sideNav())).toEqual(ENTRIES.map((e) => e.title));
    expect(screen.queryByRole('navigation', { name: 'Main entries' })).toBeNull();
  });

  it('leaves out the entries the school switched off, and says so when one is opened by its address', async () => {
    screenWidth(390);
    const server = new FakePortalServer();
    server.scholars = scholarsAnswer([ANA], ['this-week', 'calendar', 'library']);
    const view = await renderLayout(server, { route: '/scholar/calendar' });
    expect(await screen.findByRole('heading', { name: 'This part of the portal is switched off' })).toBeTruthy();
    expect(screen.queryByText(/^Showing/)).toBeNull();
    const bar = screen.getByRole('navigation', { name: 'Main entries' });
    expect(linkNames(bar)).toEqual(['Home', 'Schedule', 'Scholar Resources', 'Arrivals']);
    fireEvent.click(within(bar).getByRole('button', { name: 'More entries' }));
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual(['Check In']);
    view.unmount();
    screenWidth(1024);
    await renderLayout(server, { route: '/scholar/calendar' });
    expect(await screen.findByRole('heading', { name: 'This part of the portal is switched off' })).toBeTruthy();
    expect(linkNames(sideNav())).toEqual(['Home', 'Schedule', 'Scholar Resources', 'Arrivals', 'Check In']);
  });

  it('with Home switched off, the portal opens on the first entry the school keeps', async () => {
    screenWidth(390);
    const server = new FakePortalServer();
    server.scholars = scholarsAnswer([ANA], ['home']);
    const { location } = await renderLayout(server);
    expect(await screen.findByText('Showing Ana on 2026-11-27')).toBeTruthy();
    expect(location().pathname).toBe('/scholar/this-week');
    expect(linkNames(screen.getByRole('navigation', { name: 'Main entries' }))).toEqual([
      'This Week',
      'Schedule',
      'Scholar Resources',
      'Calendar',
    ]);
  });

  it('a parent switches between their scholars, and the choice holds on the next visit', async () => {
    const server = new FakePortalServer();
    server.scholars = scholarsAnswer([ANA, LEO]);
    const first = await renderLayout(server);
    const select = (await screen.findByLabelText('Scholar')) as HTMLSelectElement;
    expect([...select.options].map((o) => o.text)).toEqual(['Ana García (grade 7)', 'Leo García (grade 3)']);
    expect(screen.getByText('Showing Ana on 2026-11-27')).toBeTruthy();
    fireEvent.change(select, { target: { value: LEO.id } });
    expect(await screen.findByText('Showing Leonardo on 2026-11-27')).toBeTruthy();
    first.unmount();
    await renderLayout(server, { userId: first.userId });
    expect(await screen.findByText('Showing Leonardo on 2026-11-27')).toBeTruthy();
    expect((screen.getByLabelText('Scholar') as HTMLSelectElement).value).toBe(LEO.id);
  });

  it('a scholar sees their own name and grade, with no switcher', async () => {
    await renderLayout(new FakePortalServer());
    expect(await screen.findByText('Ana García')).toBeTruthy();
    expect(screen.getByText('Grade 7')).toBeTruthy();
    expect(screen.queryByLabelText('Scholar')).toBeNull();
  });

  it('someone with no scholars linked sees why, and a staff member that the portal is not theirs', async () => {
    const server = new FakePortalServer();
    server.scholars = scholarsAnswer([]);
    const first = await renderLayout(server);
    expect(await screen.findByRole('heading', { name: 'No scholars linked' })).toBeTruthy();
    expect(screen.getByText('App bar')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
    first.unmount();
    server.failNext('GET', /^v2\/scholar\/scholars$/, 403, { message: 'Forbidden.' });
    await renderLayout(server);
    expect(await screen.findByRole('heading', { name: 'The Scholar Portal is for scholars and parents' })).toBeTruthy();
  });

  it('offline with nothing on the device: says so, and Try again loads the portal once back online', async () => {
    const server = new FakePortalServer();
    server.offline = true;
    await renderLayout(server);
    expect(
      await screen.findByText(/You are offline and the portal has not been saved on this device yet/),
    ).toBeTruthy();
    server.offline = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Showing Ana on 2026-11-27')).toBeTruthy();
  });

  it('offline with the portal on the device: shows it, today read from the clock', async () => {
    const server = new FakePortalServer();
    const first = await renderLayout(server);
    expect(await screen.findByText('Showing Ana on 2026-11-27')).toBeTruthy();
    await flushPortalWrites();
    first.unmount();
    server.offline = true;
    await renderLayout(server, { userId: first.userId });
    expect(await screen.findByText(/\(device\)$/)).toBeTruthy();
  });

  it('an error the server answers shows with Try again', async () => {
    const server = new FakePortalServer();
    server.failNext('GET', /^v2\/scholar\/scholars$/, 422, { message: 'Not today.' });
    await renderLayout(server);
    expect(await screen.findByText('Not today.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('Showing Ana on 2026-11-27')).toBeTruthy());
  });

  it("names AutoWork with the school's word in each language, and the app's own where it set none", async () => {
    const server = new FakePortalServer();
    server.scholars = {
      ...scholarsAnswer([ANA]),
      settings: { ...scholarsAnswer([ANA]).settings, terms: { en: { autowork: 'Practice Work' }, es: {} } },
    };
    try {
      await renderLayout(server, { route: '/scholar/work/missing-autowork' });
      expect(await screen.findByText('Missing Practice Work')).toBeTruthy();
      await act(() => setLanguage('es'));
      expect(await screen.findByText('AutoWork pendiente')).toBeTruthy();

      server.scholars = {
        ...scholarsAnswer([ANA]),
        settings: { ...scholarsAnswer([ANA]).settings, terms: { es: { autowork: 'Trabajo de práctica' } } },
      };
      cleanup();
      await renderLayout(server, { route: '/scholar/work/missing-autowork' });
      expect(await screen.findByText('Trabajo de práctica pendiente')).toBeTruthy();
    } finally {
      await act(() => setLanguage('en'));
      act(() => setSchoolTerms(null));
    }
  });
});
