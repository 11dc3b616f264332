import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads, csvRows } from '../../../test/csv-capture';
import { renderWithProviders } from '../../../test/render-with-providers';
import { FakeScholarsServer } from '../test/fake-scholars-server';
import ScholarsListPage from './scholars-list-page';

let server: FakeScholarsServer;
beforeEach(() => {
  server = new FakeScholarsServer().install();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const OFFICE = ['demographics-view_any', 'demographics-view', 'demographics-create', 'demographics-update'];
const lastQuery = () => server.calls('GET', 'v2/demographics').at(-1)?.query;
const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

async function renderPage(route = '/admin/scholars', permissions = OFFICE) {
  const view = await renderWithProviders(<ScholarsListPage permissions={permissions} />, { route });
  await screen.findByRole('table');
  return view;
}

describe('Scholars list', () => {
  it('lists enrolled scholars 25 a page by surname, each linked to their page, with Add for those who may', async () => {
    await renderPage();
    expect(lastQuery()?.get('filter[active]')).toBe('true');
    expect(lastQuery()?.get('per_page')).toBe('25');
    expect(bodyRows()).toHaveLength(25);
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Mitchell, Jasmine' });
    expect(link.getAttribute('href')).toBe('/admin/scholars/s-1234');
    expect(screen.getByRole('link', { name: 'Add scholar' }).getAttribute('href')).toBe('/admin/scholars/new');
  });

  it('leaves out Add for someone who may only read', async () => {
    await renderPage('/admin/scholars', ['demographics-view_any']);
    expect(screen.queryByRole('link', { name: 'Add scholar' })).toBeNull();
  });

  it('searches by name or student number after typing pauses, kept in the URL', async () => {
    const view = await renderPage();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search scholars by name or student number' }), {
      target: { value: '1234' },
    });
    await waitFor(() => expect(lastQuery()?.get('search')).toBe('1234'));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Mitchell, Jasmine' })).toBeTruthy();
    expect(view.location().search).toBe('?search=1234');
  });

  it('filters by grade and shows the withdrawn, back to page 1', async () => {
    const view = await renderPage('/admin/scholars?page=2');
    await waitFor(() => expect(lastQuery()?.get('page')).toBe('2'));
    fireEvent.change(screen.getByRole('combobox', { name: 'Grade' }), { target: { value: '10' } });
    await waitFor(() => expect(lastQuery()?.get('filter[grade]')).toBe('10'));
    expect(lastQuery()?.get('page')).toBe('1');
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'withdrawn' } });
    await waitFor(() => expect(lastQuery()?.get('filter[active]')).toBe('false'));
    await waitFor(() => expect(bodyRows()).toHaveLength(2));
    expect(within(bodyRows()[0] as HTMLElement).getByText('Withdrawn')).toBeTruthy();
    expect(new URLSearchParams(view.location().search).get('status')).toBe('withdrawn');
  });

  it('filters by homeroom and program', async () => {
    await renderPage();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Homeroom' }), { target: { value: 'Room 7' } });
    await waitFor(() => expect(lastQuery()?.get('filter[homeroom]')).toBe('Room 7'));
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Program' }), { target: { value: 'Elementary' } });
    await waitFor(() => expect(lastQuery()?.get('filter[program]')).toBe('Elementary'));
    expect(await screen.findByText('No scholar matches this search and these filters.')).toBeTruthy();
  });

  it('goes to the next page', async () => {
    await renderPage();
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() => expect(lastQuery()?.get('page')).toBe('2'));
    await waitFor(() => expect(bodyRows()).toHaveLength(3));
  });

  it('says when the list cannot be reached, and offers Retry', async () => {
    server.offline = true;
    await renderWithProviders(<ScholarsListPage permissions={OFFICE} />, { route: '/admin/scholars' });
    expect(await screen.findByText(/You are offline/)).toBeTruthy();
    server.offline = false;
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeTruthy();
  });

  it("shows the server's refusal with Retry", async () => {
    server.failNext('GET', /^v2\/demographics$/, 403, { message: 'You do not have permission to do that.' });
    await renderWithProviders(<ScholarsListPage permissions={OFFICE} />, { route: '/admin/scholars' });
    expect(await screen.findByText('You do not have permission to do that.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('table');
    expect(bodyRows()).toHaveLength(25);
  });

  it('exports the list as filtered, every page of it, as CSV', async () => {
    const downloads = captureDownloads();
    try {
      await renderPage('/admin/scholars?grade=9&per_page=25');
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(downloads.count()).toBe(1));
      const exported = server.calls('GET', 'v2/demographics').filter((r) => r.query.get('per_page') !== '25');
      expect(exported.map((r) => [r.query.get('filter[grade]'), r.query.get('filter[active]')])).toEqual([
        ['9', 'true'],
      ]);
      const [file] = await downloads.files();
      expect(file?.name).toBe('scholars.csv');
      const rows = csvRows(file?.text ?? '');
      // Jasmine Mitchell and the 15 scholars of grade 9 (the odd numbers; the withdrawn two are in grade 10).
      expect(rows).toHaveLength(1 + 16);
      expect(rows[0]).toBe(
        'Student number,Last name,First name,Nickname,Grade,Homeroom,Program,Status,Withdrawn on,Alerts',
      );
      expect(rows).toContain('1234,Mitchell,Jasmine,,9,Room 7,Secondary,Enrolled,,');
    } finally {
      downloads.restore();
    }
  });
});
