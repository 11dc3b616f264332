import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads, csvRows } from '../../../test/csv-capture';
import { clearNotifications, getSnapshot } from '../../../ui/notifications';
import { FakeRecordsServer, makeCheckIn, makePickUp, makeScholar } from './test/fake-records-server';
import { renderRecords, VIEW, VIEW_WITH_ADULTS } from './test/render-records';

// Noon in Los Angeles on Monday 2030-03-04.
const NOON = new Date('2030-03-04T20:00:00.000Z');

const ana = makeScholar('s1', 'Ana', 'Garcia');
const ben = makeScholar('s2', 'Ben', 'Nguyen', { grade: '5' });
const cara = makeScholar('s3', 'Cara', 'Lopez');
const maria = makePickUp('p1', 's1', 'Maria Garcia');
const tom = makePickUp('p2', 's2', 'Tom Nguyen', { relationship: 'Father' });
const lena = makePickUp('p3', 's3', 'Lena Lopez', { relationship: 'Aunt' });

let server: FakeRecordsServer;

function seed() {
  return new FakeRecordsServer(
    [ana, ben, cara],
    [
      makeCheckIn('c1', 's1', { pick_up_id: 'p1', pick_up_name: 'Maria Garcia', method: 'scan' }),
      makeCheckIn('c2', 's2', {
        occurred_at: '2030-03-04T21:15:00.000Z',
        pick_up_name: 'Uncle Joe',
        override_reason: 'Mother called the office',
        reason: 'Dentist appointment',
        flagged: true,
      }),
      makeCheckIn('c3', 's2', {
        kind: 'sign_in',
        occurred_at: '2030-03-04T23:40:00.000Z',
        reason: 'Back from the dentist',
        method: 'kiosk',
      }),
      makeCheckIn('c4', 's3', { kind: 'arrival', occurred_at: '2030-03-04T15:50:00.000Z', method: 'kiosk' }),
      makeCheckIn('c5', 's1', {
        occurred_at: '2030-03-03T22:30:00.000Z',
        school_day: '2030-03-03',
        pick_up_id: 'p1',
        pick_up_name: 'Maria Garcia',
      }),
      // An adult's id without the name stored with it: the screen looks the name up.
      makeCheckIn('c6', 's3', { occurred_at: '2030-03-04T22:00:00.000Z', pick_up_id: 'p3' }),
    ],
    [maria, tom, lena],
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOON);
  server = seed().install();
  clearNotifications();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const table = () => screen.findByRole('table', { name: 'Sign-out records' });
const lastList = () =>
  server
    .calls('GET', 'v2/check_ins')
    .filter((r) => r.query.get('per_page') !== '1')
    .at(-1)?.query;
const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Sign-out records' }))
    .getAllByRole('row')
    .slice(1);
/** The row whose adult cell (or any cell) has this text. */
const rowWith = (text: string) => {
  const row = within(screen.getByRole('table', { name: 'Sign-out records' }))
    .getAllByText(text)[0]
    ?.closest('tr');
  if (!row) throw new Error(`No row with ${text}`);
  return row;
};

async function renderPage(permissions: readonly string[] = VIEW_WITH_ADULTS, route = '/sign-out/view-records') {
  const view = await renderRecords(permissions, route);
  await table();
  return view;
}

describe('View Records: the list', () => {
  it("lists today's sign-outs and returns on the school's clock, newest first, 25 a page", async () => {
    await renderPage();
    const query = lastList();
    expect(query?.get('filter[from]')).toBe('2030-03-04');
    expect(query?.get('filter[to]')).toBe('2030-03-04');
    expect(query?.get('filter[kind]')).toBe('sign_out,sign_in');
    expect(query?.get('sort')).toBe('-occurred_at');
    expect(query?.get('per_page')).toBe('25');
    await waitFor(() => expect(bodyRows()).toHaveLength(4));
    const [returned, maria, lena, joe] = bodyRows().map((r) => within(r));
    expect(returned?.getByText('Checked back in')).toBeTruthy();
    expect(returned?.getByText('Ben Nguyen')).toBeTruthy();
    expect(returned?.getByText('3:40 PM')).toBeTruthy();
    expect(returned?.getByText('Back from the dentist')).toBeTruthy();
    expect(returned?.getByText('Kiosk')).toBeTruthy();
    expect(await lena?.findByText('Lena Lopez')).toBeTruthy();
    expect(maria?.getByText('Maria Garcia')).toBeTruthy();
    expect(maria?.getByText('Ana Garcia')).toBeTruthy();
    expect(maria?.getByText('#10001 · Grade 3')).toBeTruthy();
    expect(maria?.getByText('Signed out')).toBeTruthy();
    expect(maria?.getByText('2:30 PM')).toBeTruthy();
    expect(maria?.getByText('Badge scan')).toBeTruthy();
    expect(maria?.getByText('Mon, Mar 4, 2030')).toBeTruthy();
    expect(joe?.getByText('Uncle Joe')).toBeTruthy();
    expect(screen.queryByText('Arrival')).toBeNull();
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2030-03-04');
  });

  it('makes a flagged override stand out, in words and not by colour alone', async () => {
    await renderPage();
    const flagged = rowWith('Uncle Joe');
    expect(flagged.getAttribute('data-flagged')).toBe('true');
    expect(within(flagged).getByText('Flagged')).toBeTruthy();
    expect(within(flagged).getByText('Not on the pick-up list')).toBeTruthy();
    expect(within(flagged).getByText('Override: Mother called the office')).toBeTruthy();
    expect(within(flagged).getByText('Dentist appointment')).toBeTruthy();
    const bar = (row: HTMLElement) => getComputedStyle(row.querySelector('td') as HTMLElement).borderInlineStartColor;
    const plain = rowWith('Maria Garcia');
    expect(bar(flagged)).toContain('red');
    expect(bar(plain)).toContain('transparent');
    expect(getComputedStyle(flagged).background).toContain('warning');
    expect(getComputedStyle(plain).background).not.toContain('warning');
    expect(plain.hasAttribute('data-flagged')).toBe(false);
    expect(within(plain).queryByText('Flagged')).toBeNull();
    expect(screen.getAllByText('Flagged')).toHaveLength(1);
  });

  it('counts the flagged sign-outs of the range and shows only them on request, kept in the URL', async () => {
    const view = await renderPage();
    expect(await screen.findByText('1 sign-out in this range went to an adult not on the pick-up list.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show only these' }));
    await waitFor(() => expect(lastList()?.get('filter[flagged]')).toBe('true'));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(within(bodyRows()[0] as HTMLElement).getByText('Uncle Joe')).toBeTruthy();
    expect(new URLSearchParams(view.location().search).get('flagged')).toBe('1');
    expect((screen.getByRole('checkbox', { name: 'Flagged only' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('button', { name: 'Show only these' })).toBeNull();
  });

  it('turns the filters into the list query, back to page 1, both of two quick changes kept in the URL', async () => {
    const view = await renderPage(VIEW_WITH_ADULTS, '/sign-out/view-records?page=2');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2030-03-01' } });
    fireEvent.change(screen.getByLabelText('Records'), { target: { value: 'all' } });
    fireEvent.change(screen.getByLabelText('Method'), { target: { value: 'kiosk' } });
    await waitFor(() => expect(lastList()?.get('filter[method]')).toBe('kiosk'));
    const query = lastList();
    expect(query?.get('filter[from]')).toBe('2030-03-01');
    expect(query?.get('filter[to]')).toBe('2030-03-04');
    expect(query?.get('filter[kind]')).toBe('sign_out,sign_in,arrival,departure');
    expect(query?.get('page')).toBe('1');
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(screen.getByText('Arrival')).toBeTruthy();
    expect(screen.getByText('7:50 AM')).toBeTruthy();
    expect(Object.fromEntries(new URLSearchParams(view.location().search))).toEqual({
      from: '2030-03-01',
      kinds: 'all',
      method: 'kiosk',
    });
  });

  it('reads its filters back from a link', async () => {
    await renderPage(VIEW_WITH_ADULTS, '/sign-out/view-records?from=2030-03-03&to=2030-03-03&kinds=sign_out');
    const query = lastList();
    expect(query?.get('filter[from]')).toBe('2030-03-03');
    expect(query?.get('filter[kind]')).toBe('sign_out');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect((screen.getByLabelText('Records') as HTMLSelectElement).value).toBe('sign_out');
    expect(within(bodyRows()[0] as HTMLElement).getByText('Sun, Mar 3, 2030')).toBeTruthy();
  });

  it('says so when the range ends before it starts, and asks nothing', async () => {
    await renderPage();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2030-03-02' } });
    await waitFor(() => expect(lastList()?.get('filter[from]')).toBe('2030-03-02'));
    const asked = server.calls('GET', 'v2/check_ins').length;
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2030-03-01' } });
    expect(await screen.findByText('The end date is before the start date.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Sign-out records' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Export CSV' }).hasAttribute('disabled')).toBe(true);
    expect(server.calls('GET', 'v2/check_ins')).toHaveLength(asked);
  });

  it('finds a scholar by name and shows only their records', async () => {
    const view = await renderPage();
    const box = screen.getByRole('searchbox', { name: 'Scholar' });
    fireEvent.change(box, { target: { value: 'nguy' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('button', { name: 'Show only Ben Nguyen' }));
    await waitFor(() => expect(lastList()?.get('filter[scholar_id]')).toBe('s2'));
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(screen.getByText('Only Ben Nguyen')).toBeTruthy();
    expect(new URLSearchParams(view.location().search).get('scholar')).toBe('s2');
    fireEvent.click(screen.getByRole('button', { name: 'Show all scholars' }));
    await waitFor(() => expect(lastList()?.has('filter[scholar_id]')).toBe(false));
  });

  it('sorts by time either way and pages through the range', async () => {
    for (let i = 0; i < 30; i++) {
      const minute = String(i).padStart(2, '0');
      server.checkIns.push(
        makeCheckIn(`x${minute}`, 's1', {
          occurred_at: `2030-03-02T20:${minute}:00.000Z`,
          school_day: '2030-03-02',
          pick_up_id: 'p1',
          pick_up_name: 'Maria Garcia',
        }),
      );
    }
    await renderPage(VIEW_WITH_ADULTS, '/sign-out/view-records?from=2030-03-02&to=2030-03-02');
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
    expect(within(bodyRows()[0] as HTMLElement).getByText('12:29 PM')).toBeTruthy();
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastList()?.get('page')).toBe('2'));
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    const header = screen.getByRole('columnheader', { name: /Time/ });
    expect(header.getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(within(header).getByRole('button'));
    await waitFor(() => expect(lastList()?.get('sort')).toBe('occurred_at'));
    expect(lastList()?.get('page')).toBe('1');
    await waitFor(() => expect(within(bodyRows()[0] as HTMLElement).getByText('12:00 PM')).toBeTruthy());
    expect(screen.getByRole('columnheader', { name: /Time/ }).getAttribute('aria-sort')).toBe('ascending');
  });
});

describe('View Records: the adult', () => {
  it('finds the records naming a typed adult (an override is typed, not chosen)', async () => {
    const view = await renderPage();
    const box = screen.getByRole('searchbox', { name: 'Adult' });
    fireEvent.change(box, { target: { value: 'joe' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('button', { name: 'Any record naming “joe”' }));
    await waitFor(() => expect(lastList()?.get('search')).toBe('joe'));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(screen.getByText('Naming “joe”')).toBeTruthy();
    expect(new URLSearchParams(view.location().search).get('adult')).toBe('joe');
    fireEvent.click(screen.getByRole('button', { name: 'Show all adults' }));
    await waitFor(() => expect(lastList()?.has('search')).toBe(false));
  });

  it('offers the listed adults of that name and shows only the sign-outs to the one chosen', async () => {
    const view = await renderPage(VIEW_WITH_ADULTS, '/sign-out/view-records?from=2030-03-01');
    const box = screen.getByRole('searchbox', { name: 'Adult' });
    fireEvent.change(box, { target: { value: 'maria' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    fireEvent.click(await screen.findByRole('button', { name: 'Show only Maria Garcia (Mother of Ana Garcia)' }));
    await waitFor(() => expect(lastList()?.get('filter[pick_up_id]')).toBe('p1'));
    expect(server.calls('GET', 'v2/authorized_pick_ups').some((r) => r.query.get('search') === 'maria')).toBe(true);
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(await screen.findByText('Only Maria Garcia')).toBeTruthy();
    expect(new URLSearchParams(view.location().search).get('pick_up')).toBe('p1');
  });

  it('names the listed adult of a link by id', async () => {
    await renderPage(VIEW_WITH_ADULTS, '/sign-out/view-records?pick_up=p1&from=2030-03-01');
    expect(await screen.findByText('Only Maria Garcia')).toBeTruthy();
    expect(server.calls('GET', 'v2/authorized_pick_ups/p1')).toHaveLength(1);
  });

  it('without authorized_pick_ups-view_any, asks nothing of the pick-up lists', async () => {
    await renderPage(VIEW);
    const box = screen.getByRole('searchbox', { name: 'Adult' });
    fireEvent.change(box, { target: { value: 'maria' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByRole('button', { name: 'Any record naming “maria”' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Show only Maria/ })).toBeNull();
    expect(server.requests.filter((r) => r.path.startsWith('v2/authorized_pick_ups'))).toHaveLength(0);
    expect(within(rowWith('Cara Lopez')).getByText('—')).toBeTruthy();
  });
});

describe('View Records: states', () => {
  it('shows a loading state, then the empty text', async () => {
    server.checkIns = [];
    const release = server.holdWhen((r) => r.path === 'v2/check_ins');
    await renderRecords();
    expect(await screen.findByText('Loading…')).toBeTruthy();
    release();
    expect(await screen.findByText('No sign-outs or check-ins for these filters.')).toBeTruthy();
  });

  it('tells a lost connection from a server error, each with Retry', async () => {
    server.offline = true;
    await renderRecords();
    expect(await screen.findByText(/Sign-out records are read from the server/)).toBeTruthy();
    server.offline = false;
    // ky tries a failed read three times in all before the screen hears of it.
    for (let i = 0; i < 3; i++) server.failNext('GET', /^v2\/check_ins$/, 500, { message: 'boom' });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Server Error. Please try again in a few minutes.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await table()).toBeTruthy();
  });
});

describe('View Records: CSV export', () => {
  it('exports every page of the filtered range, flagged ones saying so, with progress', async () => {
    for (let i = 0; i < 1100; i++) {
      const day = `2030-02-${String(1 + (i % 28)).padStart(2, '0')}`;
      server.checkIns.push(
        makeCheckIn(`e${String(i).padStart(4, '0')}`, i % 2 ? 's1' : 's2', {
          occurred_at: `${day}T22:30:00.000Z`,
          school_day: day,
          pick_up_id: i % 2 ? 'p1' : 'p2',
          pick_up_name: i % 2 ? 'Maria Garcia' : 'Tom Nguyen',
        }),
      );
    }
    server.checkIns.push(
      makeCheckIn('e-flagged', 's3', {
        occurred_at: '2030-02-10T21:00:00.000Z',
        school_day: '2030-02-10',
        pick_up_name: 'Sam Rivera',
        override_reason: 'Listed adult stuck in traffic, called ahead',
        flagged: true,
      }),
      makeCheckIn('e-arrival', 's3', {
        kind: 'arrival',
        occurred_at: '2030-02-10T15:00:00.000Z',
        school_day: '2030-02-10',
      }),
    );
    const downloads = captureDownloads();
    try {
      await renderPage(VIEW_WITH_ADULTS, '/sign-out/view-records?from=2030-02-01&to=2030-02-28&kinds=sign_out');
      const release = server.holdWhen((r) => r.path === 'v2/check_ins' && r.query.get('page') === '2');
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      expect(await screen.findByText('Exporting… page 1 of 3')).toBeTruthy();
      release();
      await waitFor(() => expect(downloads.count()).toBe(1));
      const exports = server
        .calls('GET', 'v2/check_ins')
        .filter((r) => r.query.get('per_page') === '500')
        .map((r) => [
          r.query.get('page'),
          r.query.get('filter[kind]'),
          r.query.get('filter[from]'),
          r.query.get('sort'),
        ]);
      expect(exports).toEqual([
        ['1', 'sign_out', '2030-02-01', '-occurred_at'],
        ['2', 'sign_out', '2030-02-01', '-occurred_at'],
        ['3', 'sign_out', '2030-02-01', '-occurred_at'],
      ]);
      const [file] = await downloads.files();
      expect(file?.name).toBe('sign-out-records-2030-02-01-to-2030-02-28.csv');
      expect(file?.text.startsWith('\uFEFF')).toBe(true);
      const rows = csvRows(file?.text ?? '');
      expect(rows).toHaveLength(1102);
      expect(rows[0]).toBe(
        'Date,Time,Record,Student number,Last name,First name,Grade,Adult,Flagged,Override reason,Method,Reason',
      );
      expect(rows).toContain(
        '2030-02-10,1:00 PM,Signed out,10003,Lopez,Cara,3,Sam Rivera,Yes,"Listed adult stuck in traffic, called ahead",By hand,',
      );
      expect(rows).toContain('2030-02-28,2:30 PM,Signed out,10001,Garcia,Ana,3,Maria Garcia,No,,By hand,');
      expect(rows.filter((r) => r.includes(',Yes,'))).toHaveLength(1);
      expect(rows.some((r) => r.includes('Arrival'))).toBe(false);
      await waitFor(() => expect(getSnapshot().current?.text).toBe('1,101 records exported.'));
    } finally {
      downloads.restore();
    }
  });

  it('exports only the flagged ones when that is the filter, with the adult a record names by id', async () => {
    const downloads = captureDownloads();
    try {
      await renderPage(VIEW_WITH_ADULTS, '/sign-out/view-records?flagged=1');
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(downloads.count()).toBe(1));
      const rows = csvRows((await downloads.files())[0]?.text ?? '');
      expect(rows.slice(1)).toEqual([
        '2030-03-04,1:15 PM,Signed out,10002,Nguyen,Ben,5,Uncle Joe,Yes,Mother called the office,By hand,Dentist appointment',
      ]);
      server.checkIns = server.checkIns.map((r) => (r.id === 'c6' ? { ...r, flagged: true } : r));
      // The button reads 'Export CSV' again once the first export has settled (on a slow machine, a moment later).
      fireEvent.click(await screen.findByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(downloads.count()).toBe(2));
      const again = csvRows((await downloads.files())[1]?.text ?? '');
      expect(again.some((r) => r.includes(',Lopez,Cara,3,Lena Lopez,Yes,'))).toBe(true);
    } finally {
      downloads.restore();
    }
  });

  it('says the export did not finish when the connection is lost', async () => {
    await renderPage();
    server.offline = true;
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() =>
      expect(getSnapshot().current?.text).toBe(
        'The export did not finish: Sign-out records are read from the server. Check the connection and try again.',
      ),
    );
  });
});
