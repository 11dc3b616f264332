import 'fake-indexeddb/auto';
import { fireEvent, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { WORK_LIST_TYPES } from '../../../contract/work-lists';
import { portalCache } from '../../../offline';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ANA, FakePortalServer, LEO, scholarsAnswer } from '../layout/fake-portal-server';
import { TestPortal } from '../layout/portal-test-context';
import { PortalContext } from '../portal-context';
import { combinedAnswer, workAnswer, workItem, workPathOf } from './test/work-fixture';
import WorkPage from './work-page';

let users = 0;
afterEach(() => vi.unstubAllGlobals());

/** A parent of Ana and Leo, Ana chosen. */
function ParentPortal({ userId, children }: { userId: string; children: ReactNode }) {
  const value = {
    userId,
    userType: 'parent',
    scholars: [ANA, LEO],
    scholar: ANA,
    setScholarId: () => undefined,
    settings: scholarsAnswer([ANA, LEO]).settings,
    timeZone: 'America/Los_Angeles',
    today: '2026-11-27',
    fetchedAt: Date.now(),
    fromDevice: false,
  };
  return <PortalContext.Provider value={value}>{children}</PortalContext.Provider>;
}

async function renderWork(
  server: FakePortalServer,
  route: string,
  { parent = false, userId = `work-user-${++users}` } = {},
) {
  server.install();
  const Portal = parent ? ParentPortal : TestPortal;
  const result = await renderWithProviders(
    <Portal userId={userId}>
      <Routes>
        <Route path="/scholar/work/:type" element={<WorkPage />} />
      </Routes>
    </Portal>,
    { route },
  );
  return result;
}

const headings = (level: number) => screen.getAllByRole('heading', { level }).map((h) => h.textContent);

describe('Scholar Portal: the work lists', () => {
  it('Current Work groups by day: Today, Tomorrow, later, no due date; each item opens in Classroom in a new tab', async () => {
    const server = new FakePortalServer();
    const items = [
      workItem({ title: 'Fractions', due_at: '2026-11-28T07:59:00Z', due_date: '2026-11-27' }),
      workItem({ title: 'Reading log', course_name: 'English 7', due_at: null, due_date: '2026-11-28' }),
      workItem({ title: 'Essay draft', due_at: '2026-12-10T16:00:00Z', due_date: '2026-12-10' }),
      workItem({ title: 'Portfolio', due_at: null, due_date: null, max_points: null }),
    ];
    server.answers.set(workPathOf(ANA.id), (q: URLSearchParams) =>
      q.get('type') === 'current' ? workAnswer('current', items) : undefined,
    );
    await renderWork(server, '/scholar/work/current');
    expect(screen.getByRole('heading', { level: 1, name: 'Current Work' })).toBeTruthy();
    await screen.findByText('Fractions');
    expect(headings(2)).toEqual(['Today Nov 27', 'Tomorrow Nov 28', 'Later', 'No due date']);
    const today = screen.getByRole('region', { name: 'Today Nov 27' });
    const link = within(today).getByRole('link', { name: /^Fractions\s*\(opens in Google Classroom, in a new tab\)$/ });
    expect(link.getAttribute('href')).toBe(items[0]?.link);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(within(today).getByText('Due Nov 27, 11:59 PM')).toBeTruthy();
    expect(within(today).getByText('10 points')).toBeTruthy();
    const tomorrow = screen.getByRole('region', { name: 'Tomorrow Nov 28' });
    expect(within(tomorrow).getByText('Due Nov 28')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'No due date' })).getAllByText('No due date')).toHaveLength(2);
  });

  it('Overdue Work: this week by weekday, then earlier; missing, late and AutoWork said', async () => {
    const server = new FakePortalServer();
    const items = [
      workItem({ title: 'Lab report', due_at: '2026-11-26T00:00:00Z', due_date: '2026-11-25' }),
      workItem({
        title: 'AutoWork 12',
        topic: 'AutoWork',
        is_autowork: true,
        state: 'RECLAIMED_BY_STUDENT',
        due_at: null,
        due_date: '2026-11-10',
      }),
    ];
    server.answers.set(workPathOf(ANA.id), workAnswer('overdue', items));
    await renderWork(server, '/scholar/work/overdue');
    await screen.findByText('Lab report');
    expect(headings(2)).toEqual(['Wednesday Nov 25', 'Earlier']);
    const earlier = screen.getByRole('region', { name: 'Earlier' });
    for (const badge of ['Missing', 'AutoWork', 'Unsubmitted']) expect(within(earlier).getByText(badge)).toBeTruthy();
    // A scholar has no combined list.
    expect(screen.queryByRole('radio')).toBeNull();
  });

  it('Show Submissions: by the day turned in, the grade once returned, else not returned yet', async () => {
    const server = new FakePortalServer();
    const items = [
      workItem({
        title: 'Quiz 3',
        state: 'RETURNED',
        assigned_grade: 9,
        turned_in_at: '2026-11-27T17:05:00Z',
        returned_at: '2026-11-27T20:00:00Z',
      }),
      workItem({ title: 'Poem', state: 'TURNED_IN', late: true, turned_in_at: '2026-11-20T18:00:00Z' }),
    ];
    server.answers.set(workPathOf(ANA.id), workAnswer('submissions', items));
    await renderWork(server, '/scholar/work/submissions');
    await screen.findByText('Quiz 3');
    expect(headings(2)).toEqual(['Today Nov 27', 'Earlier']);
    const today = screen.getByRole('region', { name: 'Today Nov 27' });
    expect(within(today).getByText('Grade: 9 / 10')).toBeTruthy();
    expect(within(today).getByText('Turned in Nov 27, 9:05 AM')).toBeTruthy();
    const earlier = screen.getByRole('region', { name: 'Earlier' });
    expect(within(earlier).getByText('Not returned yet · 10 points')).toBeTruthy();
    expect(within(earlier).getByText('Late')).toBeTruthy();
  });

  it("each list's empty state in the issue's words", async () => {
    const texts = {
      current: 'No work posted yet.',
      overdue: 'No overdue work.',
      'missing-autowork': 'No overdue AutoWork.',
      completed: 'No completed work yet.',
      submissions: 'Submissions up to date.',
    };
    for (const type of WORK_LIST_TYPES) {
      const server = new FakePortalServer();
      server.answers.set(workPathOf(ANA.id), (q: URLSearchParams) => workAnswer(q.get('type') as typeof type, []));
      const { unmount } = await renderWork(server, `/scholar/work/${type}`);
      expect(await screen.findByText(texts[type])).toBeTruthy();
      expect(server.requests.at(-1)?.query.get('type')).toBe(type);
      unmount();
    }
  });

  it("a parent: the chosen child's overdue work, or all their children's in one list saying whose", async () => {
    const server = new FakePortalServer();
    server.answers.set(workPathOf(ANA.id), workAnswer('overdue', [workItem({ title: 'Ana late map' })]));
    const leos = workItem({ title: 'Leo spelling', scholar_id: LEO.id, due_at: null, due_date: '2026-11-24' });
    server.answers.set('v2/scholar/work/overdue', combinedAnswer([leos], [ANA, LEO]));
    const { location } = await renderWork(server, '/scholar/work/overdue', { parent: true });
    await screen.findByText('Ana late map');
    fireEvent.click(screen.getByRole('radio', { name: 'All my children' }));
    const leo = await screen.findByText('Leo spelling');
    expect(location().search).toBe('?children=all');
    expect(leo.closest('li')?.textContent).toMatch(/^For Leo García/);
    expect(screen.queryByText('Ana late map')).toBeNull();
  });

  it('a parent: Missing AutoWork honours ?children=all like Overdue Work', async () => {
    const server = new FakePortalServer();
    const leos = workItem({ title: 'Leo AutoWork quiz', scholar_id: LEO.id, is_autowork: true });
    server.answers.set('v2/scholar/work/missing-autowork', combinedAnswer([leos], [ANA, LEO]));
    await renderWork(server, '/scholar/work/missing-autowork?children=all', { parent: true });
    expect(await screen.findByText('Leo AutoWork quiz')).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'All my children' }) as HTMLInputElement).checked).toBe(true);
    expect(server.requests.some((r) => r.path === 'v2/scholar/work/missing-autowork')).toBe(true);
  });

  it('a parent whose children are all up to date', async () => {
    const server = new FakePortalServer();
    server.answers.set('v2/scholar/work/overdue', combinedAnswer([], [ANA, LEO]));
    await renderWork(server, '/scholar/work/overdue?children=all', { parent: true });
    expect(await screen.findByText('All up to date.')).toBeTruthy();
  });

  it('offline: the copy the device kept, with "as of", without work that fell due since', async () => {
    const server = new FakePortalServer();
    server.offline = true;
    const userId = `work-user-${++users}`;
    const kept = workAnswer('current', [
      workItem({ title: 'Past due now', due_at: '2026-11-20T07:59:00Z', due_date: '2026-11-19' }),
      workItem({ title: 'Still ahead', due_at: null, due_date: '2099-01-05' }),
    ]);
    await portalCache.write(userId, `${workPathOf(ANA.id)}?type=current`, kept, Date.UTC(2026, 10, 18, 15, 0));
    await renderWork(server, '/scholar/work/current', { userId });
    expect(await screen.findByText('Still ahead')).toBeTruthy();
    expect(screen.queryByText('Past due now')).toBeNull();
    expect(screen.getByRole('status').textContent).toMatch(/showing what this device saved, as of Nov 18, 2026/);
  });

  it('a long list comes in pages; the page is in the address', async () => {
    const server = new FakePortalServer();
    server.answers.set(workPathOf(ANA.id), (q: URLSearchParams) => {
      const page = Number(q.get('page') ?? 1);
      const answer = workAnswer('completed', [workItem({ title: `Page ${page} work`, state: 'TURNED_IN' })]);
      return { ...answer, meta: { page, per_page: 200, total: 450 } };
    });
    const { location } = await renderWork(server, '/scholar/work/completed');
    await screen.findByText('Page 1 work');
    expect(screen.getByText('Page 1 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Page 2 work')).toBeTruthy();
    expect(location().search).toBe('?page=2');
    expect(server.requests.at(-1)?.query.get('page')).toBe('2');
  });

  it('a list the route does not know', async () => {
    await renderWork(new FakePortalServer(), '/scholar/work/homework');
    expect(screen.getByRole('heading', { level: 1, name: 'No such list' })).toBeTruthy();
  });
});
