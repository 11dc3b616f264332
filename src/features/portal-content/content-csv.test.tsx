/**
 * Export CSV on every content list: the whole list as searched and filtered (every page, not only the one on
 * screen), with the list's header and each record as a row of text.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type {
  AnnouncementRecord,
  CalendarEventRecord,
  CourseRecord,
  GroupMeetingRecord,
  PortalResourceRecord,
} from '../../contract';
import { captureDownloads, csvRows } from '../../test/csv-capture';
import { FakeServer, json, pageOf } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render-with-providers';
import AnnouncementsPage from './announcements/announcements-page';
import CalendarEventsPage from './calendar-events/calendar-events-page';
import ClassesPage from './classes/classes-page';
import GroupMeetingsPage from './group-meetings/group-meetings-page';
import ResourcesPage from './resources/resources-page';

const STAMP = { created_at: '2027-02-01T00:00:00Z', updated_at: '2027-02-01T00:00:00Z' };
const id = (n: number) => `0190f3a4-0000-7000-8000-${String(n).padStart(12, '0')}`;

/** The school's zone and each content list, by path; a list answers its rows whose title or name has the search. */
class FakeContent extends FakeServer {
  constructor(readonly lists: Record<string, { title?: string; name?: string; kind?: string }[]>) {
    super();
  }
  protected route(request: Request, { path, query }: { path: string; query: URLSearchParams }): Response {
    if (path === 'v2/config') return json(200, { school_name: 'Demo School', time_zone: 'America/Los_Angeles' });
    const rows = this.lists[path.replace('v2/portal_content/', '')];
    if (rows && request.method === 'GET') {
      const word = (query.get('search') ?? '').toLowerCase();
      const kind = query.get('filter[kind]');
      return pageOf(
        rows.filter((r) => (r.title ?? r.name ?? '').toLowerCase().includes(word) && (!kind || r.kind === kind)),
        query,
      );
    }
    return json(404, { message: 'No such record.' });
  }
}

let downloads: ReturnType<typeof captureDownloads>;
beforeEach(() => {
  localStorage.clear();
  downloads = captureDownloads();
});
afterEach(() => {
  downloads.restore();
  vi.unstubAllGlobals();
});

const READ = ['portal_content-view_any'];

/** Renders a list, presses Export CSV once the list is on screen, and answers the file's rows. */
async function exportOf(page: ReactElement, route: string, waitForText: string) {
  await renderWithProviders(page, { route });
  await screen.findByText(waitForText);
  fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
  await waitFor(() => expect(downloads.count()).toBe(1));
  const [file] = await downloads.files();
  return { name: file?.name, rows: csvRows(file?.text ?? '') };
}

describe('Export CSV on the content lists', () => {
  it('announcements: every page of the search, with both languages', async () => {
    const announcement = (n: number, fields: Partial<AnnouncementRecord> = {}): AnnouncementRecord => ({
      id: id(n),
      title: `Field trip ${n}`,
      body: 'Bring a lunch.',
      title_es: null,
      body_es: null,
      grades: [],
      starts_on: '2027-03-01',
      ends_on: '2027-03-05',
      ...STAMP,
      ...fields,
    });
    const rows = Array.from({ length: 29 }, (_, i) => announcement(i + 1));
    rows.push(
      announcement(30, {
        title: 'Picture day, "smile"',
        title_es: 'Día de fotos',
        body: 'Wear blue.\nNo hats.',
        body_es: 'Vístanse de azul.',
        grades: ['K', '1'],
        ends_on: null,
      }),
    );
    const server = new FakeContent({ announcements: rows }).install();
    const file = await exportOf(<AnnouncementsPage permissions={READ} />, '/portal-content', 'Field trip 1');
    expect(file.name).toBe('announcements.csv');
    expect(file.rows[0]).toBe('Title,Title (Spanish),First day,Last day,Grades,Message,Message (Spanish)');
    expect(file.rows).toHaveLength(1 + 30);
    expect(file.rows).toContain(
      '"Picture day, ""smile""",Día de fotos,2027-03-01,,"K, 1","Wear blue.\nNo hats.",Vístanse de azul.',
    );
    expect(file.rows).toContain('Field trip 2,,2027-03-01,2027-03-05,All grades,Bring a lunch.,');
    const exported = server.requests.filter(
      (r) => r.path.endsWith('announcements') && r.query.get('per_page') !== '25',
    );
    expect(exported.map((r) => [r.query.get('per_page'), r.query.get('sort')])).toEqual([['500', '-starts_on']]);
  });

  it('group meetings: when on the school’s clock, place, link and leader', async () => {
    const meeting: GroupMeetingRecord = {
      id: id(1),
      title: 'Study hall',
      starts_at: '2027-03-01T17:30:00.000Z',
      ends_at: '2027-03-01T18:30:00.000Z',
      place: 'Library',
      meet_url: 'https://meet.google.com/abc-defg-hij',
      leader: 'Ms. Núñez',
      grades: ['7'],
      ...STAMP,
    };
    new FakeContent({ group_meetings: [meeting] }).install();
    const file = await exportOf(
      <GroupMeetingsPage permissions={READ} />,
      '/portal-content/group-meetings',
      'Study hall',
    );
    expect(file.name).toBe('group-meetings.csv');
    expect(file.rows).toEqual([
      'Title,When,Place,Meet link,Leader,Grades',
      'Study hall,"Mon, Mar 1, 2027, 9:30 AM – 10:30 AM",Library,https://meet.google.com/abc-defg-hij,Ms. Núñez,7',
    ]);
  });

  it('classes: teacher, room, link, sessions and grades', async () => {
    const course: CourseRecord = {
      id: id(1),
      name: 'Robotics',
      teacher: "Mr. O'Neil",
      room: 'B-12',
      meet_url: null,
      grades: ['6', '7'],
      sessions: [{ weekday: 3, start_time: '13:00', end_time: '14:00' }],
      google_course_id: null,
      ...STAMP,
    };
    new FakeContent({ courses: [course] }).install();
    const file = await exportOf(<ClassesPage permissions={READ} />, '/portal-content/classes', 'Robotics');
    expect(file.name).toBe('classes.csv');
    expect(file.rows).toEqual([
      'Class,Teacher,Room,Meet link,Sessions,Grades',
      `Robotics,Mr. O'Neil,B-12,,Wed 13:00–14:00,"6, 7"`,
    ]);
  });

  it('calendar events: when, all day, colour and description', async () => {
    const event: CalendarEventRecord = {
      id: id(1),
      title: 'Spring break',
      description: 'No school, no meals',
      starts_at: '2027-04-05T07:00:00.000Z',
      ends_at: '2027-04-10T07:00:00.000Z',
      all_day: true,
      color: 'red',
      google_event_id: null,
      ...STAMP,
    };
    new FakeContent({ calendar_events: [event] }).install();
    const file = await exportOf(
      <CalendarEventsPage permissions={READ} />,
      '/portal-content/calendar-events',
      'Spring break',
    );
    expect(file.name).toBe('calendar-events.csv');
    expect(file.rows[0]).toBe('Title,When,All day,Color,Description');
    expect(file.rows[1]).toMatch(
      /^Spring break,"Mon, Apr 5, 2027 – Fri, Apr 9, 2027",Yes,[^,]+,"No school, no meals"$/,
    );
  });

  it('resources and the library: the kind on screen only', async () => {
    const resource = (n: number, kind: 'resources' | 'library', title: string): PortalResourceRecord => ({
      id: id(n),
      kind,
      subject: 'Math',
      title,
      url: `https://example.com/${n}`,
      description: null,
      grades: [],
      position: n,
      ...STAMP,
    });
    new FakeContent({
      resources: [resource(1, 'resources', 'Khan Academy'), resource(2, 'library', 'Fractions, a story')],
    }).install();
    const file = await exportOf(
      <ResourcesPage permissions={READ} />,
      '/portal-content/resources?kind=library',
      'Fractions, a story',
    );
    expect(file.name).toBe('library.csv');
    expect(file.rows).toEqual([
      'Title,Subject,Link,Position,Grades',
      '"Fractions, a story",Math,https://example.com/2,2,All grades',
    ]);
  });
});
