import 'fake-indexeddb/auto';
import { fireEvent, screen, within } from '@testing-library/react';
import { act } from 'react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PortalHomeResponse } from '../../../contract';
import { portalCache } from '../../../offline';
import { renderWithProviders } from '../../../test/render-with-providers';
import { setLanguage } from '../../../ui/language';
import { ANA, FakePortalServer } from '../layout/fake-portal-server';
import { TestPortal } from '../layout/portal-test-context';
import { workAnswer, workItem, workPathOf } from '../work/test/work-fixture';
import HomePage from './home-page';

const HOME_PATH = `v2/scholar/scholars/${ANA.id}/home`;
const WORK_PATH = workPathOf(ANA.id);

const EMPTY_DAY: PortalHomeResponse = {
  date: '2026-11-27',
  classes: [],
  meetings: [],
  announcements: [],
  arrival: null,
};

const FULL_DAY: PortalHomeResponse = {
  date: '2026-11-27',
  classes: [
    {
      course_id: 'c1',
      name: 'Math 7',
      teacher: 'Ms. Lopez',
      room: '12',
      meet_url: null,
      weekday: 5,
      start_time: '08:30',
      end_time: '09:20',
    },
  ],
  meetings: [
    {
      id: 'm1',
      title: 'Robotics club',
      starts_at: '2026-11-27T22:00:00Z',
      ends_at: '2026-11-27T23:00:00Z',
      place: null,
      meet_url: 'https://meet.google.com/abc-defg-hij',
      leader: 'Mr. Kim',
    },
  ],
  announcements: [
    {
      id: 'a1',
      title: 'Picture day',
      body: 'Wear your uniform on Monday.',
      title_es: null,
      body_es: null,
      starts_on: '2026-11-25',
      ends_on: null,
      updated_at: '2026-11-25T16:00:00Z',
    },
  ],
  arrival: {
    id: 'r1',
    occurred_at: '2026-11-27T15:52:00Z',
    school_day: '2026-11-27',
    late: false,
    reason: null,
  },
};

let users = 0;
afterEach(() => vi.unstubAllGlobals());

async function renderHome(
  server: FakePortalServer,
  userId = `home-user-${++users}`,
  settings?: Parameters<typeof TestPortal>[0]['settings'],
) {
  // Nothing due unless a test gives work.
  if (!server.answers.has(WORK_PATH)) server.answers.set(WORK_PATH, workAnswer('current', []));
  server.install();
  await renderWithProviders(
    <TestPortal userId={userId} settings={settings}>
      <Routes>
        <Route path="/scholar" element={<HomePage />} />
      </Routes>
    </TestPortal>,
    { route: '/scholar' },
  );
  return userId;
}

describe('Scholar Portal: Home', () => {
  it("shows today's check-in, classes, meetings and announcements of the chosen scholar", async () => {
    const server = new FakePortalServer();
    server.answers.set(HOME_PATH, FULL_DAY);
    await renderHome(server);
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeTruthy();
    expect(screen.getByText('Today, Friday, November 27')).toBeTruthy();
    expect(await screen.findByText('Checked in at 7:52 AM')).toBeTruthy();
    expect(server.requests.find((r) => r.path === HOME_PATH)?.query.get('date')).toBe('2026-11-27');
    const classes = screen.getByRole('region', { name: 'Classes today' });
    expect(within(classes).getByText('Math 7').closest('li')?.textContent).toBe(
      '8:30 AM– 9:20 AMMath 7Room 12 · Teacher: Ms. Lopez',
    );
    const meetings = screen.getByRole('region', { name: 'Group meetings today' });
    expect(within(meetings).getByText('Robotics club').closest('li')?.textContent).toMatch(/^2:00 PM– 3:00 PMRobotics/);
    expect(within(meetings).getByRole('link', { name: 'Join Meet' }).getAttribute('href')).toBe(
      'https://meet.google.com/abc-defg-hij',
    );
    expect(within(meetings).getByText('Led by Mr. Kim')).toBeTruthy();
    const news = screen.getByRole('region', { name: 'Announcements' });
    expect(within(news).getByRole('heading', { name: 'Picture day' })).toBeTruthy();
    expect(within(news).getByText('Wear your uniform on Monday.')).toBeTruthy();
    expect(screen.queryByText(/as of/)).toBeNull();
  });

  it('says when the scholar was late, with the reason, and when they have not checked in yet', async () => {
    const server = new FakePortalServer();
    const late = { ...FULL_DAY.arrival, occurred_at: '2026-11-27T16:20:00Z', late: true, reason: 'Doctor' };
    server.answers.set(HOME_PATH, { ...EMPTY_DAY, arrival: late });
    await renderHome(server);
    expect(await screen.findByText('Late: Doctor')).toBeTruthy();
    expect(screen.getByText('Checked in late at 8:20 AM')).toBeTruthy();
  });

  it('a quiet day: not checked in yet, and each part says it has nothing', async () => {
    const server = new FakePortalServer();
    server.answers.set(HOME_PATH, EMPTY_DAY);
    await renderHome(server);
    expect(await screen.findByText('Not checked in yet today')).toBeTruthy();
    expect(screen.getByText('No classes today.')).toBeTruthy();
    expect(screen.getByText('No group meetings today.')).toBeTruthy();
    expect(screen.getByText('No announcements.')).toBeTruthy();
    expect(await screen.findByText('No work due today.')).toBeTruthy();
    expect(screen.getByText('No work due tomorrow.')).toBeTruthy();
  });

  it('shows the work due today and tomorrow from Current Work, not later work, and leads to the whole list', async () => {
    const server = new FakePortalServer();
    server.answers.set(HOME_PATH, EMPTY_DAY);
    const current = [
      workItem({ title: 'Fractions', due_at: '2026-11-28T07:59:00Z', due_date: '2026-11-27' }),
      workItem({ title: 'Reading log', due_at: null, due_date: '2026-11-28' }),
      workItem({ title: 'Essay draft', due_at: null, due_date: '2026-12-10' }),
    ];
    server.answers.set(WORK_PATH, (q: URLSearchParams) =>
      q.get('type') === 'current' ? workAnswer('current', current) : undefined,
    );
    await renderHome(server);
    const today = await screen.findByRole('region', { name: 'Work due today' });
    expect(await within(today).findByText('Fractions')).toBeTruthy();
    const tomorrow = screen.getByRole('region', { name: 'Work due tomorrow' });
    expect(within(tomorrow).getByText('Reading log')).toBeTruthy();
    expect(screen.queryByText('Essay draft')).toBeNull();
    expect(screen.getByRole('link', { name: 'All current work' }).getAttribute('href')).toBe('/scholar/work/current');
  });

  it('loads with a skeleton, then shows the day', async () => {
    const server = new FakePortalServer();
    server.answers.set(HOME_PATH, EMPTY_DAY);
    const release = server.holdWhen((r) => r.path === HOME_PATH);
    await renderHome(server);
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
    release();
    expect(await screen.findByText('Not checked in yet today')).toBeTruthy();
  });

  it('offline: the day the device kept, with "as of"', async () => {
    const server = new FakePortalServer();
    server.offline = true;
    const userId = `home-user-${++users}`;
    const fetchedAt = Date.UTC(2026, 10, 27, 15, 0);
    await portalCache.write(userId, `${HOME_PATH}?date=2026-11-27`, FULL_DAY, fetchedAt);
    const work = workAnswer('current', [workItem({ title: 'Kept work', due_at: null, due_date: '2099-01-04' })]);
    await portalCache.write(userId, `${WORK_PATH}?type=current`, work, fetchedAt);
    await renderHome(server, userId);
    expect(await screen.findByText('Checked in at 7:52 AM')).toBeTruthy();
    expect(await screen.findByText('No work due today.')).toBeTruthy();
    const notice = screen.getByRole('status');
    expect(notice.textContent).toMatch(
      /You are offline: showing what this device saved, as of Nov 27, 2026, 7:00\sAM\./,
    );
  });

  it('offline with nothing on the device: says so', async () => {
    const server = new FakePortalServer();
    server.offline = true;
    await renderHome(server);
    expect(
      await screen.findByText('You are offline and this has not been downloaded to this device yet.'),
    ).toBeTruthy();
  });

  it('an error shows with Try again', async () => {
    const server = new FakePortalServer();
    await renderHome(server);
    expect(await screen.findByText('No such scholar.')).toBeTruthy();
    server.answers.set(HOME_PATH, EMPTY_DAY);
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Not checked in yet today')).toBeTruthy();
  });

  it("says a late arrival's reason in the school's Spanish wording to a Spanish reader", async () => {
    const server = new FakePortalServer();
    const late = { ...FULL_DAY.arrival, occurred_at: '2026-11-27T16:20:00Z', late: true, reason: 'Bus was late' };
    server.answers.set(HOME_PATH, { ...EMPTY_DAY, arrival: late });
    await renderHome(server, undefined, { reasons_es: { 'Bus was late': 'El autobús llegó tarde' } });
    expect(await screen.findByText('Late: Bus was late')).toBeTruthy();
    try {
      await act(() => setLanguage('es'));
      expect(await screen.findByText('Tarde: El autobús llegó tarde')).toBeTruthy();
    } finally {
      await act(() => setLanguage('en'));
    }
  });

  it('shows the announcements in Spanish to a Spanish reader when the school wrote them, else in English', async () => {
    const server = new FakePortalServer();
    const [picture] = FULL_DAY.announcements;
    if (!picture) throw new Error('FULL_DAY has an announcement');
    server.answers.set(HOME_PATH, {
      ...EMPTY_DAY,
      announcements: [
        { ...picture, title_es: 'Día de fotos', body_es: 'Vengan con uniforme el lunes.' },
        { ...picture, id: 'a2', title: 'Book fair', body: 'In the library all week.', title_es: '', body_es: null },
      ],
    });
    await renderHome(server);
    const news = await screen.findByRole('region', { name: 'Announcements' });
    expect(within(news).getByRole('heading', { name: 'Picture day' })).toBeTruthy();
    expect(within(news).queryByText('Día de fotos')).toBeNull();

    try {
      await act(() => setLanguage('es'));
      const anuncios = await screen.findByRole('region', { name: 'Anuncios' });
      expect(within(anuncios).getByRole('heading', { name: 'Día de fotos' })).toBeTruthy();
      expect(within(anuncios).getByText('Vengan con uniforme el lunes.')).toBeTruthy();
      // Not written in Spanish: the English one.
      expect(within(anuncios).getByRole('heading', { name: 'Book fair' })).toBeTruthy();
      expect(within(anuncios).getByText('In the library all week.')).toBeTruthy();
    } finally {
      await act(() => setLanguage('en'));
    }
  });
});
