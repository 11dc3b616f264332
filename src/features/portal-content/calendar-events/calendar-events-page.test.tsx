import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalendarEventRecord } from '../../../contract';
import { type BaseRecordedRequest, FakeServer, json, jsonBody, pageOf } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render-with-providers';
import { clearNotifications, getSnapshot } from '../../../ui/notifications';
import CalendarEventsPage from './calendar-events-page';

interface Recorded extends BaseRecordedRequest {
  body: Record<string, unknown> | null;
}
const id = (n: number) => `0190f3a4-0000-7000-8000-${String(n).padStart(12, '0')}`;
const event = (n: number, fields: Partial<CalendarEventRecord> = {}): CalendarEventRecord => ({
  id: id(n),
  title: 'Spring break',
  description: null,
  starts_at: '2027-04-05T07:00:00.000Z',
  ends_at: '2027-04-10T07:00:00.000Z',
  all_day: true,
  color: 'red',
  google_event_id: null,
  created_at: '2027-02-01T00:00:00Z',
  updated_at: '2027-02-01T00:00:00Z',
  ...fields,
});

const PATH = 'v2/portal_content/calendar_events';

/** The school's zone (Los Angeles, whatever the test machine's) and the events calls. */
class FakeEvents extends FakeServer<Recorded> {
  constructor(public rows: CalendarEventRecord[]) {
    super();
  }
  protected override async readRequest(request: Request, base: BaseRecordedRequest): Promise<Recorded> {
    return { ...base, body: await jsonBody(request) };
  }
  protected route(request: Request, { path, query, body }: Recorded): Response {
    if (path === 'v2/config') return json(200, { school_name: 'Demo School', time_zone: 'America/Los_Angeles' });
    if (path === PATH && request.method === 'GET') return pageOf(this.rows, query);
    if (path === PATH && request.method === 'POST') {
      const row = event(this.rows.length + 1, body as Partial<CalendarEventRecord>);
      this.rows.push(row);
      return json(201, { data: row });
    }
    const match = path.match(/^v2\/portal_content\/calendar_events\/(.+)$/);
    if (match && request.method === 'DELETE') {
      this.rows = this.rows.filter((r) => r.id !== match[1]);
      return json(200, { message: 'Deleted.' });
    }
    return json(404, { message: 'No such record.' });
  }
}

let server: FakeEvents;
beforeEach(() => {
  clearNotifications();
  localStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

const ALL = ['portal_content-view_any', 'portal_content-create', 'portal_content-update', 'portal_content-delete'];
const render = (route = '/portal-content/calendar-events') =>
  renderWithProviders(<CalendarEventsPage permissions={ALL} />, { route });

describe('Calendar Events', () => {
  it('shows an all-day event by its days at the school, filtered by the dates in the address', async () => {
    server = new FakeEvents([event(1)]).install();
    await render('/portal-content/calendar-events?from=2027-04-01&to=2027-04-30');
    const table = await screen.findByRole('table', { name: 'Calendar Events' });
    await within(table).findByText('Mon, Apr 5, 2027 – Fri, Apr 9, 2027');
    const query = server.requests.find((r) => r.path === PATH)?.query;
    expect(query?.get('filter[from]')).toBe('2027-04-01');
    expect(query?.get('filter[to]')).toBe('2027-04-30');
  });

  it("sends an all-day event as midnight to midnight on the school's clock, across the spring clock change", async () => {
    server = new FakeEvents([]).install();
    await render();
    await screen.findByText('No calendar events in these dates.');
    // The school's zone has arrived before the form opens (the form's days are read in it).
    await waitFor(() => expect(server.requests.some((r) => r.path === 'v2/config')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Add event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a calendar event' });
    fireEvent.change(within(dialog).getByLabelText(/^Title/), { target: { value: 'Science fair' } });
    fireEvent.change(within(dialog).getByLabelText(/^First day/), { target: { value: '2027-03-13' } });
    fireEvent.change(within(dialog).getByLabelText(/^Last day/), { target: { value: '2027-03-14' } });
    fireEvent.change(within(dialog).getByLabelText('Color'), { target: { value: 'green' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(getSnapshot().current?.text).toBe('Science fair saved.'));
    expect(server.requests.find((r) => r.method === 'POST')?.body).toEqual({
      title: 'Science fair',
      description: null,
      all_day: true,
      color: 'green',
      starts_at: '2027-03-13T08:00:00.000Z',
      ends_at: '2027-03-15T07:00:00.000Z',
    });
  });

  it('deletes an event after a confirmation', async () => {
    server = new FakeEvents([event(1)]).install();
    await render();
    fireEvent.click(await screen.findByRole('button', { name: /^Delete Spring break/ }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete this event?' });
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(false);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(getSnapshot().current?.text).toBe('Spring break was deleted.'));
    expect(server.requests.some((r) => r.method === 'DELETE' && r.path.endsWith(id(1)))).toBe(true);
    await screen.findByText('No calendar events in these dates.');
  });
});
