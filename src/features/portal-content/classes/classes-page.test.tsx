import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CourseRecord } from '../../../contract';
import { type BaseRecordedRequest, FakeServer, json, jsonBody, pageOf } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render-with-providers';
import { clearNotifications, getSnapshot } from '../../../ui/notifications';
import ClassesPage from './classes-page';

interface Recorded extends BaseRecordedRequest {
  body: Record<string, unknown> | null;
}
const id = (n: number) => `0190f3a4-0000-7000-8000-${String(n).padStart(12, '0')}`;
const course = (n: number, fields: Partial<CourseRecord> = {}): CourseRecord => ({
  id: id(n),
  name: 'Math 7',
  teacher: 'Ms. Rivera',
  room: '12',
  meet_url: null,
  grades: ['7'],
  sessions: [
    { weekday: 3, start_time: '10:00', end_time: '10:50' },
    { weekday: 1, start_time: '09:00', end_time: '09:50' },
  ],
  google_course_id: null,
  created_at: '2027-02-01T00:00:00Z',
  updated_at: '2027-02-01T00:00:00Z',
  ...fields,
});

const PATH = 'v2/portal_content/courses';

/** The classes calls; a session on a Sunday is refused with a 422 on that session's end, as the server words it. */
class FakeCourses extends FakeServer<Recorded> {
  constructor(public rows: CourseRecord[]) {
    super();
  }
  protected override async readRequest(request: Request, base: BaseRecordedRequest): Promise<Recorded> {
    return { ...base, body: await jsonBody(request) };
  }
  protected route(request: Request, { path, query, body }: Recorded): Response {
    if (path === PATH && request.method === 'GET') return pageOf(this.rows, query);
    const match = path.match(/^v2\/portal_content\/courses\/(.+)$/);
    if (match && request.method === 'POST') {
      const sessions = (body?.sessions ?? []) as CourseRecord['sessions'];
      const sunday = sessions.findIndex((s) => s.weekday === 7);
      if (sunday >= 0) {
        return json(422, {
          message: 'The given data was invalid.',
          errors: { [`sessions.${sunday}.end_time`]: ['The school is closed on Sundays.'] },
        });
      }
      const row = { ...course(1), ...(body as Partial<CourseRecord>) };
      this.rows = this.rows.map((r) => (r.id === match[1] ? row : r));
      return json(200, { data: row });
    }
    return json(404, { message: 'No such record.' });
  }
}

let server: FakeCourses;
beforeEach(() => clearNotifications());
afterEach(() => vi.unstubAllGlobals());

const ALL = ['portal_content-view_any', 'portal_content-create', 'portal_content-update', 'portal_content-delete'];

describe('Classes', () => {
  it('lists each class with its sessions in weekday order', async () => {
    server = new FakeCourses([course(1)]).install();
    await renderWithProviders(<ClassesPage permissions={ALL} />, { route: '/portal-content/classes' });
    const table = await screen.findByRole('table', { name: 'Classes' });
    expect(within(table).getByText('Mon 09:00–09:50, Wed 10:00–10:50')).toBeTruthy();
    expect(server.requests[0]?.query.get('sort')).toBe('name');
  });

  it('edits the weekly sessions: adds one, changes its day, removes another; a 422 shows under that session', async () => {
    server = new FakeCourses([course(1)]).install();
    await renderWithProviders(<ClassesPage permissions={ALL} />, { route: '/portal-content/classes' });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Math 7' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Math 7' });
    const sessions = within(dialog).getByRole('list', { name: 'Weekly sessions' });
    expect(
      within(sessions)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Wednesday at 10:00', 'Monday at 09:00']);

    // A new session follows the last one: the next weekday, at the same times.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add session' }));
    const added = within(sessions).getByRole('listitem', { name: 'Tuesday at 09:00' });
    fireEvent.change(within(added).getByLabelText('Day'), { target: { value: '7' } });
    fireEvent.change(within(added).getByLabelText('Start'), { target: { value: '13:00' } });
    fireEvent.change(within(added).getByLabelText('End'), { target: { value: '13:45' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove the session Wednesday at 10:00' }));
    expect(
      within(sessions)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('aria-label')),
    ).toEqual(['Monday at 09:00', 'Sunday at 13:00']);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const error = await within(dialog).findByText('The school is closed on Sundays.');
    const sunday = within(sessions).getByRole('listitem', { name: 'Sunday at 13:00' });
    expect(sunday.contains(error)).toBe(true);
    expect(error.closest('[role="group"]')?.textContent).toContain('End');
    expect(server.requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      _method: 'PATCH',
      name: 'Math 7',
      sessions: [
        { weekday: 1, start_time: '09:00', end_time: '09:50' },
        { weekday: 7, start_time: '13:00', end_time: '13:45' },
      ],
    });

    // The contract's own check: an end before the start is caught before sending.
    fireEvent.change(within(sunday).getByLabelText('Day'), { target: { value: '5' } });
    const friday = within(sessions).getByRole('listitem', { name: 'Friday at 13:00' });
    fireEvent.change(within(friday).getByLabelText('End'), { target: { value: '12:00' } });
    const posts = server.requests.filter((r) => r.method === 'POST').length;
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(friday).findByText('The end is after the start.')).toBeTruthy();
    expect(server.requests.filter((r) => r.method === 'POST')).toHaveLength(posts);

    fireEvent.change(within(friday).getByLabelText('End'), { target: { value: '13:45' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(getSnapshot().current?.text).toBe('Math 7 saved.'));
    expect(server.requests.filter((r) => r.method === 'POST').at(-1)?.body?.sessions).toEqual([
      { weekday: 1, start_time: '09:00', end_time: '09:50' },
      { weekday: 5, start_time: '13:00', end_time: '13:45' },
    ]);
  });
});
