import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads, csvRows } from '../../../test/csv-capture';
import { clearNotifications, getSnapshot } from '../../../ui/notifications';
import RecordsPage from './records-page';
import { FakeMealsServer, makeRecord, makeScholar } from './test/fake-meals-server';
import { renderMealsScreen } from './test/render-meals';

const VIEW = ['nslp_records-view_any'];
const VOID = ['nslp_records-view_any', 'nslp_records-update'];
// Noon in Los Angeles on Monday 2030-03-04.
const NOON = new Date('2030-03-04T20:00:00.000Z');

const ana = makeScholar('s1', 'Ana', 'Garcia', { grade: '7', homeroom: 'Room 12' });
const ben = makeScholar('s2', 'Ben', 'Nguyen', { grade: '7', homeroom: 'Room 14' });
const cara = makeScholar('s3', 'Cara', 'Lopez', { grade: '8', homeroom: 'Room 21' });

let server: FakeMealsServer;

function seed() {
  return new FakeMealsServer(
    [ana, ben, cara],
    [
      makeRecord('r1', 's1', { served_at: '2030-03-04T20:05:00.000Z', eligibility: 'free' }),
      makeRecord('r2', 's2', { added_as_missing: true, missing_reason: 'On the paper roster' }),
      makeRecord('r3', 's3', {
        meal_type: 'breakfast',
        served_at: '2030-03-04T15:30:00.000Z',
        voided: true,
        void_reason: 'Wrong badge',
      }),
      makeRecord('r4', 's1', { served_on: '2030-03-03', served_at: '2030-03-03T20:00:00.000Z' }),
    ],
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

async function renderPage(permissions = VIEW, route = '/meals/view-records') {
  const view = await renderMealsScreen(<RecordsPage permissions={permissions} />, { route });
  await screen.findByRole('table', { name: 'Meal records' });
  return view;
}

const lastList = () => server.calls('GET', 'v2/nslp_records').at(-1)?.query;
const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Meal records' }))
    .getAllByRole('row')
    .slice(1);
const rowOf = (name: string) => {
  const row = screen.getByText(name).closest('tr');
  if (!row) throw new Error(`No row for ${name}`);
  return row;
};

describe('View Records: the list', () => {
  it("lists today's meals on the school's clock, newest first, 25 a page, voided left out", async () => {
    await renderPage();
    const query = lastList();
    expect(query?.get('filter[from]')).toBe('2030-03-04');
    expect(query?.get('filter[to]')).toBe('2030-03-04');
    expect(query?.get('sort')).toBe('-served_at');
    expect(query?.get('per_page')).toBe('25');
    expect(query?.has('filter[include_voided]')).toBe(false);
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(within(rowOf('Ana Garcia')).getByText('12:05 PM')).toBeTruthy();
    expect(within(rowOf('Ana Garcia')).getByText('#10001')).toBeTruthy();
    expect(screen.queryByText('Cara Lopez')).toBeNull();
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('2030-03-04');
  });

  it('marks a meal added later with its reason', async () => {
    await renderPage();
    const row = within(await waitFor(() => rowOf('Ben Nguyen')));
    expect(row.getByText('Added later')).toBeTruthy();
    expect(row.getByText('On the paper roster')).toBeTruthy();
    expect(within(rowOf('Ana Garcia')).queryByText('Added later')).toBeNull();
  });

  it('shows voided meals struck through, with the word and the reason, when asked', async () => {
    const view = await renderPage();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Include voided' }));
    await waitFor(() => expect(lastList()?.get('filter[include_voided]')).toBe('true'));
    const row = await waitFor(() => rowOf('Cara Lopez'));
    expect(row.getAttribute('data-voided')).toBe('true');
    expect(within(row).getByText('Voided')).toBeTruthy();
    expect(within(row).getByText('Wrong badge')).toBeTruthy();
    const nameCell = within(row).getByText('Cara Lopez').closest('td') as HTMLElement;
    expect(getComputedStyle(nameCell).textDecoration).toContain('line-through');
    expect(new URLSearchParams(view.location().search).get('voided')).toBe('1');
  });

  it('turns every filter into the list query, back to page 1, kept in the URL', async () => {
    const view = await renderPage(VIEW, '/meals/view-records?page=2');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2030-03-01' } });
    fireEvent.change(screen.getByLabelText('Service'), { target: { value: 'lunch' } });
    fireEvent.change(screen.getByLabelText('Grade'), { target: { value: '7' } });
    await waitFor(() => within(screen.getByLabelText('Homeroom')).getByText('Room 14'));
    expect(within(screen.getByLabelText('Homeroom')).queryByText('Room 21')).toBeNull();
    fireEvent.change(screen.getByLabelText('Homeroom'), { target: { value: 'Room 14' } });
    fireEvent.change(screen.getByLabelText('Entry'), { target: { value: 'later' } });
    await waitFor(() => expect(lastList()?.get('filter[added_as_missing]')).toBe('true'));
    const query = lastList();
    expect(query?.get('filter[from]')).toBe('2030-03-01');
    expect(query?.get('filter[to]')).toBe('2030-03-04');
    expect(query?.get('filter[meal_type]')).toBe('lunch');
    expect(query?.get('filter[grade]')).toBe('7');
    expect(query?.get('filter[homeroom]')).toBe('Room 14');
    expect(query?.get('page')).toBe('1');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(screen.getByText('Ben Nguyen')).toBeTruthy();
    expect(Object.fromEntries(new URLSearchParams(view.location().search))).toEqual({
      from: '2030-03-01',
      meal: 'lunch',
      grade: '7',
      homeroom: 'Room 14',
      added: 'later',
    });
  });

  it('says so when the range ends before it starts, and asks nothing', async () => {
    await renderPage();
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2030-03-02' } });
    await waitFor(() => expect(lastList()?.get('filter[from]')).toBe('2030-03-02'));
    const asked = server.calls('GET', 'v2/nslp_records').length;
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2030-03-01' } });
    expect(await screen.findByText('The end date is before the start date.')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Meal records' })).toBeNull();
    expect(server.calls('GET', 'v2/nslp_records')).toHaveLength(asked);
  });

  it('finds a scholar by name and shows only their meals', async () => {
    const view = await renderPage(VIEW, '/meals/view-records?from=2030-03-01');
    fireEvent.change(screen.getByRole('searchbox', { name: 'Scholar' }), { target: { value: 'garc' } });
    fireEvent.keyDown(screen.getByRole('searchbox', { name: 'Scholar' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('button', { name: 'Show only Ana Garcia' }));
    expect(server.calls('GET', 'v2/demographics').some((r) => r.query.get('search') === 'garc')).toBe(true);
    await waitFor(() => expect(lastList()?.get('filter[scholar_id]')).toBe('s1'));
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(screen.getByText('Only Ana Garcia')).toBeTruthy();
    expect(new URLSearchParams(view.location().search).get('scholar')).toBe('s1');
    fireEvent.click(screen.getByRole('button', { name: 'Show all scholars' }));
    await waitFor(() => expect(lastList()?.has('filter[scholar_id]')).toBe(false));
  });

  it('pages through the range and sorts by a column', async () => {
    for (let i = 0; i < 30; i++) {
      server.records.push(makeRecord(`x${String(i).padStart(2, '0')}`, 's2', { served_on: '2030-03-02' }));
    }
    await renderPage(VIEW, '/meals/view-records?from=2030-03-02&to=2030-03-02');
    await waitFor(() => expect(bodyRows()).toHaveLength(25));
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastList()?.get('page')).toBe('2'));
    await waitFor(() => expect(bodyRows()).toHaveLength(5));
    fireEvent.click(screen.getByRole('button', { name: /Service/ }));
    await waitFor(() => expect(lastList()?.get('sort')).toBe('meal_type'));
    expect(lastList()?.get('page')).toBe('1');
  });

  it('shows the category only to those who may see meal eligibility', async () => {
    await renderPage(VIEW);
    expect(screen.queryByRole('columnheader', { name: 'Category' })).toBeNull();
    expect(screen.queryByText('Free')).toBeNull();
  });

  it('shows the category to those who may see meal eligibility', async () => {
    await renderPage([...VIEW, 'meal_eligibility-view']);
    expect(screen.getByRole('columnheader', { name: 'Category' })).toBeTruthy();
    expect(await within(await waitFor(() => rowOf('Ana Garcia'))).findByText('Free')).toBeTruthy();
  });
});

describe('View Records: voiding', () => {
  it('offers no void without nslp_records-update', async () => {
    await renderPage(VIEW);
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(screen.queryByRole('button', { name: /^Void/ })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('needs a reason, then a confirmation, and the list refreshes without the meal', async () => {
    await renderPage(VOID);
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Void the lunch of Ana Garcia on Mon, Mar 4, 2030' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/will be marked voided/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void meal' }));
    expect(await within(dialog).findByText('Voiding needs a reason.')).toBeTruthy();
    expect(server.calls('POST', 'v2/nslp_records/r1')).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: 'Scanned twice' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void meal' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(server.calls('POST', 'v2/nslp_records/r1')[0]?.body).toEqual({
      _method: 'PATCH',
      voided: true,
      void_reason: 'Scanned twice',
    });
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(screen.queryByText('Ana Garcia')).toBeNull();
  });

  it('keeps the dialog and the reason when the server refuses', async () => {
    await renderPage(VOID);
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    server.failNext('POST', /nslp_records\/r1/, 409, { message: 'This meal record is already voided.' });
    fireEvent.click(screen.getByRole('button', { name: /Void the lunch of Ana Garcia/ }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), { target: { value: 'Twice' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Void meal' }));
    expect(await within(dialog).findByText('This meal record is already voided.')).toBeTruthy();
    expect((within(dialog).getByRole('textbox', { name: /Reason/ }) as HTMLTextAreaElement).value).toBe('Twice');
  });
});

describe('View Records: states', () => {
  it('shows a loading state, then the empty text', async () => {
    server.records = [];
    const release = server.holdWhen((r) => r.path === 'v2/nslp_records');
    await renderMealsScreen(<RecordsPage permissions={VIEW} />, { route: '/meals/view-records' });
    expect(await screen.findByText('Loading…')).toBeTruthy();
    release();
    expect(await screen.findByText('No meals recorded for these filters.')).toBeTruthy();
  });

  it('tells a lost connection from a server error, each with Retry', async () => {
    server.offline = true;
    await renderMealsScreen(<RecordsPage permissions={VIEW} />, { route: '/meals/view-records' });
    expect(await screen.findByText(/Meal records are read from the server/)).toBeTruthy();
    server.offline = false;
    // ky tries a failed read three times in all before the screen hears of it.
    for (let i = 0; i < 3; i++) server.failNext('GET', /^v2\/nslp_records$/, 500, { message: 'boom' });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Server Error. Please try again in a few minutes.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Meal records' })).toBeTruthy();
  });
});

describe('View Records: CSV export', () => {
  it('exports every page of the filtered range, with progress', async () => {
    for (let i = 0; i < 1100; i++) {
      const day = `2030-02-${String(1 + (i % 28)).padStart(2, '0')}`;
      server.records.push(
        makeRecord(`e${String(i).padStart(4, '0')}`, i % 2 ? 's1' : 's2', { served_on: day, meal_type: 'breakfast' }),
      );
    }
    server.records.push(makeRecord('e-lunch', 's1', { served_on: '2030-02-10' }));
    const downloads = captureDownloads();
    try {
      await renderPage(VIEW, '/meals/view-records?from=2030-02-01&to=2030-02-28&meal=breakfast');
      const release = server.holdWhen((r) => r.path === 'v2/nslp_records' && r.query.get('page') === '2');
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      expect(await screen.findByText('Exporting… page 1 of 3')).toBeTruthy();
      release();
      await waitFor(() => expect(downloads.count()).toBe(1));
      const exports = server
        .calls('GET', 'v2/nslp_records')
        .filter((r) => r.query.get('per_page') === '500')
        .map((r) => [r.query.get('page'), r.query.get('filter[meal_type]'), r.query.get('filter[from]')]);
      expect(exports).toEqual([
        ['1', 'breakfast', '2030-02-01'],
        ['2', 'breakfast', '2030-02-01'],
        ['3', 'breakfast', '2030-02-01'],
      ]);
      const [file] = await downloads.files();
      expect(file?.name).toBe('meal-records-2030-02-01-to-2030-02-28.csv');
      expect(file?.text.startsWith('\uFEFF')).toBe(true);
      const rows = csvRows(file?.text ?? '');
      expect(rows).toHaveLength(1101);
      expect(rows[0]).toBe(
        'Date,Time,Service,Student number,Last name,First name,Grade,Homeroom,Added later,Reason added later,Voided,Reason voided',
      );
      expect(rows.slice(1).every((r) => r.includes(',Breakfast,'))).toBe(true);
      expect(rows).toContain('2030-02-28,12:00 PM,Breakfast,10001,Garcia,Ana,7,Room 12,No,,No,');
      await waitFor(() => expect(getSnapshot().current?.text).toBe('1,100 meal records exported.'));
    } finally {
      downloads.restore();
    }
  });
});
