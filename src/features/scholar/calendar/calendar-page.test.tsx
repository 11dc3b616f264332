import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PortalEvent } from '../../../contract/scholar-portal';
import { flushPortalWrites } from '../data/use-portal-query';
import CalendarPage from './calendar-page';
import {
  clearPortalCache,
  FakePortalServer,
  plain,
  portalValue,
  renderPortal,
  resetScreenWidth,
  setScreenWidth,
} from './test/portal-fixture';

let server: FakePortalServer;

const ev = (id: string, title: string, start: string, end: string, more: Partial<PortalEvent> = {}) => ({
  id,
  title,
  description: null,
  start,
  end,
  allDay: false,
  color: 'blue',
  closure: false,
  ...more,
});

// Los Angeles in November 2026 is on PST (UTC−8); today is Friday the 27th.
const EVENTS: PortalEvent[] = [
  ev('e1', 'Assembly', '2026-11-10T17:00:00Z', '2026-11-10T18:00:00Z', { description: 'In the gym.\nBring a pen.' }),
  ev('e2', 'Science fair', '2026-11-17T17:00:00Z', '2026-11-19T23:30:00Z', { color: 'green' }),
  ev('e3', 'Thanksgiving break', '2026-11-26T08:00:00Z', '2026-11-28T08:00:00Z', {
    allDay: true,
    color: 'red',
    closure: true,
  }),
  ev('e4', 'Field trip', '2026-12-02T17:00:00Z', '2026-12-02T22:00:00Z', { color: 'purple' }),
];

const calls = () => server.requests.filter((r) => r.path === 'v2/scholar/calendar');
const lastRange = () => {
  const q = calls().at(-1)?.query;
  return { from: q?.get('from'), to: q?.get('to') };
};
const cellOf = (day: string) => {
  const cell = document.querySelector(`td[data-date="${day}"]`);
  if (!cell) throw new Error(`no cell for ${day}`);
  return cell as HTMLElement;
};

beforeEach(async () => {
  await clearPortalCache();
  server = new FakePortalServer().install();
  server.events = EVENTS;
});

afterEach(() => {
  vi.unstubAllGlobals();
  resetScreenWidth();
});

describe('Calendar on a wide screen', () => {
  beforeEach(() => setScreenWidth(1280));

  it('starts the weeks on the school’s first weekday and puts each event on every day it covers', async () => {
    await renderPortal(<CalendarPage />, portalValue({ week_starts_on: 1 }));
    expect(screen.getByRole('heading', { level: 1, name: 'Calendar' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'November 2026' })).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Events of November 2026' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    // Monday 26 October to Sunday 6 December: six weeks, all asked for at once.
    expect(lastRange()).toEqual({ from: '2026-10-26', to: '2026-12-06' });
    expect(within(table).getAllByRole('row')).toHaveLength(7);
    expect(within(table).getAllByRole('cell')[0]?.getAttribute('data-date')).toBe('2026-10-26');

    await waitFor(() => expect(within(cellOf('2026-11-10')).getByRole('button', { name: /Assembly/ })).toBeTruthy());
    for (const day of ['2026-11-17', '2026-11-18', '2026-11-19']) {
      expect(within(cellOf(day)).getByRole('button', { name: /Science fair/ })).toBeTruthy();
    }
    expect(within(cellOf('2026-11-16')).queryByRole('button')).toBeNull();
    expect(within(cellOf('2026-11-20')).queryByRole('button')).toBeNull();
    // The all-day break ends at midnight after Friday: nothing on Saturday.
    expect(within(cellOf('2026-11-26')).getByRole('button', { name: /Thanksgiving break/ })).toBeTruthy();
    expect(within(cellOf('2026-11-27')).getByRole('button', { name: /Thanksgiving break/ })).toBeTruthy();
    expect(within(cellOf('2026-11-28')).queryByRole('button')).toBeNull();
    // A day of the next month in the grid shows its event too.
    expect(within(cellOf('2026-12-02')).getByRole('button', { name: /Field trip/ })).toBeTruthy();
    // Today is marked.
    const today = document.querySelector('[aria-current="date"]');
    expect(today?.getAttribute('data-date')).toBe('2026-11-27');
    expect(plain(today?.textContent)).toContain('Friday, November 27, 2026 (Today)');
  });

  it('opens an event’s details, and pages through months with Today to come back', async () => {
    await renderPortal(<CalendarPage />, portalValue());
    const table = await screen.findByRole('table', { name: 'Events of November 2026' });
    expect(within(table).getAllByRole('columnheader')[0]?.textContent).toBe('Sun');
    expect(lastRange()).toEqual({ from: '2026-11-01', to: '2026-12-05' });
    // 1 to 30 November from Sunday: five weeks.
    expect(within(table).getAllByRole('row')).toHaveLength(6);

    fireEvent.click(await within(cellOf('2026-11-10')).findByRole('button', { name: /Assembly/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Assembly' });
    expect(plain(dialog.textContent)).toContain('Tuesday, November 10, 2026, 9:00 – 10:00 AM');
    expect(within(dialog).getByText(/In the gym\./).textContent).toBe('In the gym.\nBring a pen.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(screen.getByRole('button', { name: 'Today' }).hasAttribute('disabled')).toBe(true);
    act(() => screen.getByRole('button', { name: 'Next month' }).click());
    expect(await screen.findByRole('table', { name: 'Events of December 2026' })).toBeTruthy();
    expect(lastRange()).toEqual({ from: '2026-11-29', to: '2027-01-02' });
    expect(await within(cellOf('2026-12-02')).findByRole('button', { name: /Field trip/ })).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Today' }).click());
    expect(await screen.findByRole('table', { name: 'Events of November 2026' })).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Previous month' }).click());
    expect(await screen.findByRole('table', { name: 'Events of October 2026' })).toBeTruthy();
    expect(lastRange()).toEqual({ from: '2026-09-27', to: '2026-10-31' });
    expect(await screen.findByText('No events this month.')).toBeTruthy();
  });
});

describe('Calendar on a phone', () => {
  beforeEach(() => setScreenWidth(390));

  it('lists the days with events in order, each event with its time on that day or All day', async () => {
    await renderPortal(<CalendarPage />, portalValue({ week_starts_on: 1 }));
    const agenda = await screen.findByRole('list', { name: 'Events of November 2026, by day' });
    expect(screen.queryByRole('table')).toBeNull();
    const days = [...agenda.children].map((day) => [
      plain(within(day as HTMLElement).getByRole('heading', { level: 2 }).textContent),
      within(day as HTMLElement)
        .getAllByRole('button')
        .map((b) => [...b.querySelectorAll('p')].map((p) => plain(p.textContent)).join(' | ')),
    ]);
    expect(days).toEqual([
      ['Tuesday, November 10', ['9:00 – 10:00 AM | Assembly']],
      ['Tuesday, November 17', ['From 9:00 AM | Science fair']],
      ['Wednesday, November 18', ['All day | Science fair']],
      ['Thursday, November 19', ['Until 3:30 PM | Science fair']],
      // A closure of several days is one entry with its dates, not a line on each day.
      ['Thursday, November 26', ['Nov 26 – 27 | Thanksgiving break | No school']],
    ]);
    expect(within(agenda.children[4] as HTMLElement).queryByText('Today')).toBeNull();

    fireEvent.click(within(agenda).getAllByRole('button', { name: /Thanksgiving break/ })[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Thanksgiving break' });
    expect(plain(dialog.textContent)).toContain('Thursday, November 26 – Friday, November 27, 2026');
    expect(plain(dialog.textContent)).toContain('No description.');
  });

  it('says so when a month has no events', async () => {
    await renderPortal(<CalendarPage />, portalValue({}, '2026-10-15'));
    expect(await screen.findByText('No events this month.')).toBeTruthy();
    expect(screen.queryByRole('list', { name: /by day/ })).toBeNull();
  });
});

describe('Calendar offline and on errors', () => {
  beforeEach(() => setScreenWidth(390));

  it('says offline when the device kept nothing, and shows the kept month with "as of" when it did', async () => {
    server.offline = true;
    const first = await renderPortal(<CalendarPage />, portalValue());
    expect(
      await screen.findByText('You are offline and this has not been downloaded to this device yet.'),
    ).toBeTruthy();
    first.unmount();

    server.offline = false;
    const online = await renderPortal(<CalendarPage />, portalValue());
    await screen.findByRole('list', { name: 'Events of November 2026, by day' });
    expect(screen.queryByText(/as of/i)).toBeNull();
    // The answer is kept in the background after the first screen; kept now.
    await flushPortalWrites();
    online.unmount();

    server.offline = true;
    await renderPortal(<CalendarPage />, portalValue());
    // The portal layout's "as of" notice, with when the device's copy was fetched.
    expect(await screen.findByText(/offline.*as of|as of.*offline/i)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /Science fair/ })).toHaveLength(3);
  });

  it('shows the server’s error with Try again, which asks again', async () => {
    server.failNext('GET', /^v2\/scholar\/calendar$/, 403, { message: 'You may not see this calendar.' });
    await renderPortal(<CalendarPage />, portalValue());
    expect(await screen.findByText('You may not see this calendar.')).toBeTruthy();
    act(() => screen.getByRole('button', { name: 'Try again' }).click());
    expect(await screen.findByRole('list', { name: 'Events of November 2026, by day' })).toBeTruthy();
    expect(calls()).toHaveLength(2);
  });
});
