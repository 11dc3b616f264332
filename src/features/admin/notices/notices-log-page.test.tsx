import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { NoticeRecord } from '../../../contract/notices';
import { FakeServer, json, pageOf } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render-with-providers';
import NoticesLogPage from './notices-log-page';

const notice = (i: number, extra: Partial<NoticeRecord> = {}): NoticeRecord => ({
  id: `n-${i}`,
  kind: 'sign_out',
  user_id: `u-${i}`,
  recipient_name: `Parent ${i}`,
  recipient_email: `parent${i}@example.com`,
  scholar_id: 's-1',
  title: 'Signed out',
  body: `Jasmine was signed out at 3:${String(i).padStart(2, '0')} PM with Kiara Mitchell`,
  channel: 'push',
  status: 'sent',
  reason: null,
  attempts: 1,
  devices_reached: 2,
  occurred_at: '2026-12-03T23:12:00.000Z',
  created_at: '2026-12-03T23:12:01.000Z',
  next_attempt_at: null,
  sent_at: '2026-12-03T23:12:02.000Z',
  ...extra,
});

/** `v2/notices` as the server answers it: filters by kind, status and channel, a search by name or email, pages. */
class FakeNotices extends FakeServer {
  rows: NoticeRecord[] = [
    ...Array.from({ length: 30 }, (_, i) => notice(i + 1)),
    notice(31, {
      kind: 'late_arrival',
      channel: null,
      status: 'failed',
      reason: 'No device is subscribed and no mail server is set (SMTP_URL).',
      recipient_name: 'Rosa Díaz',
      recipient_email: 'rosa@example.com',
      attempts: 3,
      sent_at: null,
    }),
  ];
  protected route(_request: Request, { path, query }: { path: string; query: URLSearchParams }): Response {
    if (path === 'v2/config') return json(200, { time_zone: 'America/Los_Angeles' });
    if (path !== 'v2/notices') return json(404, { message: 'No such record.' });
    const search = query.get('search')?.toLowerCase();
    const rows = this.rows.filter(
      (n) =>
        (!query.get('filter[kind]') || n.kind === query.get('filter[kind]')) &&
        (!query.get('filter[status]') || n.status === query.get('filter[status]')) &&
        (!query.get('filter[channel]') || n.channel === query.get('filter[channel]')) &&
        (!search || `${n.recipient_name} ${n.recipient_email}`.toLowerCase().includes(search)),
    );
    return pageOf(rows, query);
  }
}

afterEach(() => vi.unstubAllGlobals());

const cards = () => within(screen.getByRole('list', { name: 'Notices to families' })).getAllByRole('listitem');
const lastQuery = (server: FakeNotices) => server.requests.filter((r) => r.path === 'v2/notices').at(-1)?.query;

describe('the delivery log', () => {
  it('lists 25 notices a page with what they said, to whom, the channel and the outcome', async () => {
    const server = new FakeNotices().install();
    await renderWithProviders(<NoticesLogPage />, { route: '/admin/notices' });
    await waitFor(() => expect(cards()).toHaveLength(25));
    expect(lastQuery(server)?.get('per_page')).toBe('25');
    const first = within(cards()[0] as HTMLElement);
    expect(first.getByText('To Parent 1 · parent1@example.com')).toBeTruthy();
    expect(first.getByText('Sent')).toBeTruthy();
    expect(first.getByText('Push')).toBeTruthy();
    expect(first.getByText(/reached 2 devices/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(cards()).toHaveLength(6));
    expect(lastQuery(server)?.get('page')).toBe('2');
  });

  it('filters by status and searches by name, in the URL, and says why a notice failed', async () => {
    const server = new FakeNotices().install();
    const view = await renderWithProviders(<NoticesLogPage />, { route: '/admin/notices?page=2' });
    await waitFor(() => expect(cards().length).toBeGreaterThan(0));
    fireEvent.change(screen.getByRole('combobox', { name: 'Status' }), { target: { value: 'failed' } });
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(lastQuery(server)?.get('filter[status]')).toBe('failed');
    expect(lastQuery(server)?.get('page')).toBe('1');
    expect(view.location().search).toBe('?status=failed');
    const card = within(cards()[0] as HTMLElement);
    expect(card.getByText('Arrived late')).toBeTruthy();
    expect(card.getByText('No device is subscribed and no mail server is set (SMTP_URL).')).toBeTruthy();
    expect(card.getByText(/3 attempts/)).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by name or email' }), {
      target: { value: 'nobody' },
    });
    expect(await screen.findByText('No notice matches this search and these filters.')).toBeTruthy();
    expect(view.location().search).toBe('?search=nobody&status=failed');
  });

  it('says when the log is empty', async () => {
    const server = new FakeNotices().install();
    server.rows = [];
    await renderWithProviders(<NoticesLogPage />, { route: '/admin/notices' });
    expect(await screen.findByText(/No notice in the last 30 days/)).toBeTruthy();
  });

  it('offline, says it needs a connection and offers to try again', async () => {
    const server = new FakeNotices().install();
    server.offline = true;
    await renderWithProviders(<NoticesLogPage />, { route: '/admin/notices?kind=test' });
    expect(await screen.findByText(/delivery log needs a connection/)).toBeTruthy();
    server.offline = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(lastQuery(server)?.get('filter[kind]')).toBe('test'));
    expect(await screen.findByText('No notice matches this search and these filters.')).toBeTruthy();
  });
});
