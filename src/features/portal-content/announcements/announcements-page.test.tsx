import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnnouncementRecord } from '../../../contract';
import { type BaseRecordedRequest, FakeServer, json, jsonBody, pageOf } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render-with-providers';
import { clearNotifications, getSnapshot } from '../../../ui/notifications';
import AnnouncementsPage from './announcements-page';

interface Recorded extends BaseRecordedRequest {
  body: Record<string, unknown> | null;
}
const id = (n: number) => `0190f3a4-0000-7000-8000-${String(n).padStart(12, '0')}`;
const announcement = (n: number, fields: Partial<AnnouncementRecord> = {}): AnnouncementRecord => ({
  id: id(n),
  title: `Field trip ${n}`,
  body: 'Bring a lunch.',
  title_es: null,
  body_es: null,
  grades: [],
  starts_on: '2027-03-01',
  ends_on: '2027-03-05',
  created_at: '2027-02-01T00:00:00Z',
  updated_at: '2027-02-01T00:00:00Z',
  ...fields,
});

const PATH = 'v2/portal_content/announcements';

/** The announcements calls; a title of "Taken" is refused with a 422 on the title, as the server words it. */
class FakeAnnouncements extends FakeServer<Recorded> {
  constructor(public rows: AnnouncementRecord[]) {
    super();
  }
  protected override async readRequest(request: Request, base: BaseRecordedRequest): Promise<Recorded> {
    return { ...base, body: await jsonBody(request) };
  }
  protected route(request: Request, { path, query, body }: Recorded): Response {
    if (path === PATH && request.method === 'GET') {
      const word = (query.get('search') ?? '').toLowerCase();
      return pageOf(
        this.rows.filter((r) => r.title.toLowerCase().includes(word)),
        query,
      );
    }
    if (path.startsWith(PATH) && request.method === 'POST') {
      if (body?.title === 'Taken') {
        return json(422, {
          message: 'The given data was invalid.',
          errors: { title: ['That title is used already.'], ends_on: ['The last day is on or after the first.'] },
        });
      }
      const row = announcement(this.rows.length + 1, body as Partial<AnnouncementRecord>);
      this.rows.push(row);
      return json(201, { data: row });
    }
    return json(404, { message: 'No such record.' });
  }
}

let server: FakeAnnouncements;
beforeEach(() => clearNotifications());
afterEach(() => vi.unstubAllGlobals());

const ALL = ['portal_content-view_any', 'portal_content-create', 'portal_content-update', 'portal_content-delete'];
const render = (permissions: readonly string[] = ALL, route = '/portal-content') =>
  renderWithProviders(<AnnouncementsPage permissions={permissions} />, { route });

describe('Announcements', () => {
  it('shows the loading state, then the rows with their dates and grades, searching and sorting by the address', async () => {
    server = new FakeAnnouncements([announcement(1, { grades: ['K', '1'] }), announcement(2)]).install();
    const release = server.holdWhen((r) => r.method === 'GET');
    await render(ALL, '/portal-content?search=trip&sort=title');
    expect(await screen.findByRole('status')).toBeTruthy();
    release();
    const table = await screen.findByRole('table', { name: 'Announcements' });
    expect(within(table).getByText('Field trip 1')).toBeTruthy();
    expect(within(table).getByText('K, 1')).toBeTruthy();
    expect(within(table).getByText('All grades')).toBeTruthy();
    expect(within(table).getAllByText('Mon, Mar 1, 2027 to Fri, Mar 5, 2027')).toHaveLength(2);
    const query = server.requests.find((r) => r.path === PATH)?.query;
    expect(query?.get('search')).toBe('trip');
    expect(query?.get('sort')).toBe('title');
    expect(query?.get('per_page')).toBe('25');
  });

  it('says when there are none, and offers no Add, Edit or Delete without the permissions', async () => {
    server = new FakeAnnouncements([]).install();
    await render(['portal_content-view_any']);
    expect(await screen.findByText('No announcements yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add announcement' })).toBeNull();
  });

  it('tells offline apart from a server error, each with Try again', async () => {
    server = new FakeAnnouncements([announcement(1)]).install();
    server.offline = true;
    await render();
    expect(
      await screen.findByText('You are offline. These screens need a connection: try again when it returns.'),
    ).toBeTruthy();
    server.offline = false;
    server.failNext('GET', /announcements$/, 403, { message: 'This action is unauthorized.' });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('This action is unauthorized.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Field trip 1')).toBeTruthy();
  });

  it("shows the server's 422 under the right fields and keeps what was typed, then saves", async () => {
    server = new FakeAnnouncements([]).install();
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Add announcement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an announcement' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    // The contract's own check first: nothing is sent while the title and text are empty.
    expect(await within(dialog).findByText('This form is incomplete. Please correct the fields in red.')).toBeTruthy();
    expect(server.requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/^Title(?! in)/), { target: { value: 'Taken' } });
    fireEvent.change(within(dialog).getByLabelText(/^Text(?! in)/), { target: { value: 'Picture day.' } });
    fireEvent.change(within(dialog).getByLabelText(/^First day/), { target: { value: '2027-04-02' } });
    const third = within(dialog).getByRole('checkbox', { name: '3' }) as HTMLInputElement;
    fireEvent.click(third);
    await waitFor(() => expect(third.checked).toBe(true));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const titleError = await within(dialog).findByText('That title is used already.');
    expect(titleError.closest('[role="group"]')?.querySelector('input')?.value).toBe('Taken');
    const lastDay = within(dialog).getByText('The last day is on or after the first.');
    expect(lastDay.closest('[role="group"]')?.textContent).toContain('Last day');
    expect(server.requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      title: 'Taken',
      body: 'Picture day.',
      starts_on: '2027-04-02',
      ends_on: null,
      grades: ['3'],
      // No Spanish written: none is sent, and families reading Spanish see the English.
      title_es: null,
      body_es: null,
    });

    fireEvent.change(within(dialog).getByLabelText(/^Title(?! in)/), { target: { value: 'Picture day' } });
    expect(within(dialog).queryByText('That title is used already.')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(getSnapshot().current?.text).toBe('Picture day saved.'));
    expect(await screen.findByText('Picture day')).toBeTruthy();
  });

  it('sends the Spanish title and text the school writes, and shows them again to edit', async () => {
    server = new FakeAnnouncements([]).install();
    await render();
    fireEvent.click(await screen.findByRole('button', { name: 'Add announcement' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add an announcement' });
    fireEvent.change(within(dialog).getByLabelText(/^Title(?! in)/), { target: { value: 'Picture day' } });
    fireEvent.change(within(dialog).getByLabelText(/^Text(?! in)/), { target: { value: 'Wear your uniform.' } });
    const titleEs = within(dialog).getByLabelText('Title in Spanish');
    expect(titleEs.getAttribute('lang')).toBe('es');
    fireEvent.change(titleEs, { target: { value: '  Día de fotos ' } });
    fireEvent.change(within(dialog).getByLabelText('Text in Spanish'), { target: { value: 'Vengan con uniforme.' } });
    expect(
      within(dialog).getByText(
        'Families who read the portal in Spanish see this; while it is empty they see the English.',
      ),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(getSnapshot().current?.text).toBe('Picture day saved.'));
    expect(server.requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      title: 'Picture day',
      title_es: 'Día de fotos',
      body_es: 'Vengan con uniforme.',
    });

    fireEvent.click(await screen.findByRole('button', { name: /^Edit Picture day/ }));
    const edit = await screen.findByRole('dialog', { name: 'Edit Picture day' });
    expect((within(edit).getByLabelText('Title in Spanish') as HTMLInputElement).value).toBe('Día de fotos');
    expect((within(edit).getByLabelText('Text in Spanish') as HTMLTextAreaElement).value).toBe('Vengan con uniforme.');
  });
});
