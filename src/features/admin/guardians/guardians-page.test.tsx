import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { captureDownloads, csvRows } from '../../../test/csv-capture';
import { renderWithProviders } from '../../../test/render-with-providers';
import GuardiansPage from './guardians-page';
import { FakeGuardiansServer, makeGuardian } from './test/fake-guardians-server';

let server: FakeGuardiansServer;
beforeEach(() => {
  server = new FakeGuardiansServer().install();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const list = () => screen.getByRole('list', { name: 'Guardians' });
const cards = () => within(list()).getAllByRole('listitem');
const lastQuery = () => server.calls('GET', 'v2/guardians').at(-1)?.query;

describe('Guardians list', () => {
  it('lists 25 guardians a page by surname, each linking to their page, with Add guardian', async () => {
    server.link('g-01', 's-0001');
    await renderWithProviders(<GuardiansPage permissions={['guardianships-view_any', 'guardianships-create']} />, {
      route: '/admin/guardians',
    });
    await waitFor(() => expect(cards()).toHaveLength(25));
    expect(lastQuery()?.get('per_page')).toBe('25');
    expect(lastQuery()?.get('sort')).toBe('lname');
    const first = within(cards()[0] as HTMLElement);
    expect(first.getByRole('link').getAttribute('href')).toMatch(/^\/admin\/guardians\/g-/);
    const card = screen.getByRole('link', { name: 'Parent01 Nguyen' }).closest('li') as HTMLElement;
    expect(within(card).getByText('Scholars: 1')).toBeTruthy();
    expect(within(card).getByText('Phone: (555) 010-1001')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add guardian' }).getAttribute('href')).toBe('/admin/guardians/new');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(cards()).toHaveLength(5));
    expect(lastQuery()?.get('page')).toBe('2');
  });

  it('searches by name, email or phone, keeps it in the URL, and says when nothing matches', async () => {
    const view = await renderWithProviders(<GuardiansPage />, { route: '/admin/guardians?page=2' });
    await waitFor(() => expect(cards().length).toBeGreaterThan(0));
    const box = screen.getByRole('searchbox', { name: 'Search guardians by name, email or phone' });
    fireEvent.change(box, { target: { value: '010-1003' } });
    await waitFor(() => expect(lastQuery()?.get('search')).toBe('010-1003'));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(lastQuery()?.get('page')).toBe('1');
    expect(view.location().search).toBe('?search=010-1003');
    fireEvent.change(box, { target: { value: 'nobody-at-all' } });
    expect(await screen.findByText('No guardian matches this search.')).toBeTruthy();
  });

  it('says so offline and offers Retry; Add guardian only for those who may create', async () => {
    server.offline = true;
    await renderWithProviders(<GuardiansPage permissions={['guardianships-view_any']} />, {
      route: '/admin/guardians',
    });
    expect(await screen.findByText(/need a connection to the server/)).toBeTruthy();
    server.offline = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(cards()).toHaveLength(25));
    expect(screen.queryByRole('link', { name: 'Add guardian' })).toBeNull();
  });
  it('exports every guardian the search finds, not only the page, as CSV', async () => {
    server.guardians.push(
      makeGuardian('g-99', 'Zoë', 'Ñandú, "Jr."', {
        email: 'zoe.nandu@example.com',
        language: 'es',
        phone: '(555) 010-9999',
        has_password: true,
      }),
    );
    server.link('g-99', 's-0001');
    server.link('g-99', 's-0002');
    const downloads = captureDownloads();
    try {
      await renderWithProviders(<GuardiansPage />, { route: '/admin/guardians' });
      await waitFor(() => expect(cards()).toHaveLength(25));
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(downloads.count()).toBe(1));
      const exported = server.calls('GET', 'v2/guardians').filter((r) => r.query.get('per_page') !== '25');
      expect(exported.map((r) => [r.query.get('per_page'), r.query.get('sort')])).toEqual([['500', 'lname']]);
      const [file] = await downloads.files();
      expect(file?.name).toBe('guardians.csv');
      const rows = csvRows(file?.text ?? '');
      expect(rows).toHaveLength(1 + 31);
      expect(rows[0]).toBe('Last name,First name,Email,Phone,Language,Scholars,Status,Has a password');
      expect(rows).toContain('"Ñandú, ""Jr.""",Zoë,zoe.nandu@example.com,(555) 010-9999,Spanish,2,Active,Yes');

      fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'Parent03' } });
      await waitFor(() => expect(cards()).toHaveLength(1));
      fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
      await waitFor(() => expect(downloads.count()).toBe(2));
      const [, searched] = await downloads.files();
      expect(csvRows(searched?.text ?? '')).toEqual([
        'Last name,First name,Email,Phone,Language,Scholars,Status,Has a password',
        'Lopez,Parent03,parent03.lopez@example.com,(555) 010-1003,English,0,Active,No',
      ]);
    } finally {
      downloads.restore();
    }
  });
});
