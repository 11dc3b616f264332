/**
 * The work lists' API: scoped like every portal answer (a scholar reads only their own work,
 * a parent only their children's; another scholar answers 404, staff 403), each list's classification against the
 * demo seed (server/db/demo/work.ts), the parent's combined missing and overdue list, search and pages, the school's
 * AutoWork topic, deleted work and grades.
 */
import { and, eq, inArray, ne, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type CombinedOverdueResponse,
  groupWork,
  type PortalScholar,
  type PortalScholarsResponse,
  shiftDate,
  WORK_LIST_TYPES,
  type WorkListResponse,
} from '../../../src/contract';
import { createSession } from '../../auth/sessions';
import { auditEvents, courseWork, courseWorkSubmissions, guardianships } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/helpers';

let s: TestServer;
let scholarToken: string;
let parentToken: string;
let office: string;
let me: PortalScholar;
let sibling: PortalScholar;
/** A classmate of the demo scholar: their own submissions for the same course work. */
let classmate: string;
let today: string;

const get = async (url: string, token?: string) => s.call({ method: 'GET', url: `/api/v2/${url}`, token });
const json = async <T>(url: string, token: string): Promise<T> => {
  const res = await get(url, token);
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  return res.json<T>();
};
const list = (scholar: string, type: string, token = scholarToken, extra = '') =>
  json<WorkListResponse>(`scholar/scholars/${scholar}/work?type=${type}${extra}`, token);
const titles = (r: { data: { title: string }[] }) => r.data.map((w) => w.title);

beforeAll(async () => {
  s = await startTestServer();
  [scholarToken, parentToken, office] = await Promise.all([
    s.login('scholar@demo.school'),
    s.login('parent@demo.school'),
    s.login('office@demo.school'),
  ]);
  const mine = await json<PortalScholarsResponse>('scholar/scholars', scholarToken);
  me = mine.data[0] as PortalScholar;
  today = mine.today;
  const family = await json<PortalScholarsResponse>('scholar/scholars', parentToken);
  sibling = family.data.find((c) => c.id !== me.id) as PortalScholar;
  const myWork = s.database.db
    .select({ id: courseWorkSubmissions.course_work_id })
    .from(courseWorkSubmissions)
    .where(eq(courseWorkSubmissions.scholar_id, me.id));
  const [other] = await s.database.db
    .select({ scholar: courseWorkSubmissions.scholar_id })
    .from(courseWorkSubmissions)
    .where(
      and(
        inArray(courseWorkSubmissions.course_work_id, myWork),
        notInArray(courseWorkSubmissions.scholar_id, [me.id, sibling.id]),
      ),
    )
    .limit(1);
  classmate = other?.scholar as string;
});
afterAll(() => s.close());

describe('whose work', () => {
  it('every list: the own scholar answers, a sibling or classmate 404, a parent their children, staff 403', async () => {
    expect(classmate).toBeTruthy();
    for (const type of WORK_LIST_TYPES) {
      const url = (id: string) => `scholar/scholars/${id}/work?type=${type}`;
      expect((await get(url(me.id), scholarToken)).statusCode, type).toBe(200);
      expect((await get(url(sibling.id), scholarToken)).statusCode, type).toBe(404);
      expect((await get(url(classmate), scholarToken)).statusCode, type).toBe(404);
      expect((await get(url(sibling.id), parentToken)).statusCode, type).toBe(200);
      expect((await get(url(classmate), parentToken)).statusCode, type).toBe(404);
      expect((await get(url(me.id), office)).statusCode, type).toBe(403);
      expect((await get(url(me.id))).statusCode, type).toBe(401);
    }
    expect((await get('scholar/work/overdue', office)).statusCode).toBe(403);
    expect((await get('scholar/work/overdue')).statusCode).toBe(401);
  });

  it("a scholar never sees another's submission for the same work", async () => {
    const theirs = await s.database.db
      .select({ id: courseWorkSubmissions.id })
      .from(courseWorkSubmissions)
      .where(ne(courseWorkSubmissions.scholar_id, me.id));
    const foreign = new Set(theirs.map((r) => r.id));
    let seen = 0;
    for (const type of WORK_LIST_TYPES) {
      const r = await list(me.id, type);
      seen += r.data.length;
      expect(
        r.data.every((w) => w.scholar_id === me.id && !foreign.has(w.id)),
        type,
      ).toBe(true);
    }
    // Thirteen pieces of demo work, some in two lists (overdue and AutoWork, completed and submitted).
    expect(seen).toBe(13 + 2 + 4);
  });

  it("another family's parent sees none of the demo family's work", async () => {
    const [other] = await s.database.db
      .select()
      .from(guardianships)
      .where(eq(guardianships.scholar_id, classmate))
      .limit(1);
    const token = await createSession(s.database.db, other?.parent_id as string, 'password', 1);
    expect((await get(`scholar/scholars/${me.id}/work`, token)).statusCode).toBe(404);
    const combined = await json<CombinedOverdueResponse>('scholar/work/overdue', token);
    expect(combined.scholars.map((c) => c.id)).not.toContain(me.id);
    expect(combined.data.every((w) => combined.scholars.some((c) => c.id === w.scholar_id))).toBe(true);
  });
});

describe("the demo scholar's lists", () => {
  it('current: due today (no time), tomorrow at 8, AutoWork not yet due, later, then no due date', async () => {
    const r = await list(me.id, 'current');
    expect(titles(r)).toEqual([
      'Fractions practice',
      'Chapter 4 quiz',
      'Grammar check',
      'Problem set 12',
      'Independent reading log',
    ]);
    expect(r.today).toBe(today);
    expect(r.time_zone).toBe('America/Los_Angeles');
    expect(r.meta).toEqual({ page: 1, per_page: 200, total: 5 });
    const [fractions, quiz] = r.data;
    expect(fractions).toMatchObject({ due_date: today, due_at: null, course_name: `Math ${me.grade}` });
    expect(quiz?.due_date).toBe(shiftDate(today, 1));
    expect(quiz?.due_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:00\.000Z$/);
    expect(r.data.find((w) => w.title === 'Grammar check')?.is_autowork).toBe(true);
    const groups = groupWork(r.data, 'current', { today: r.today, timeZone: r.time_zone });
    expect(groups[0]).toMatchObject({ kind: 'today', date: today });
    expect(groups[0]?.items.map((w) => w.title)).toEqual(['Fractions practice']);
    expect(groups[1]?.kind).toBe('tomorrow');
    expect(groups.at(-1)?.kind).toBe('no_date');
  });

  it('overdue: newest first, the reclaimed one included; missing AutoWork: its AutoWork', async () => {
    const overdue = await list(me.id, 'overdue');
    expect(titles(overdue)).toEqual(['Book report draft', 'Unit 3 review', 'Ratios warm-up']);
    expect(overdue.data.map((w) => w.state)).toEqual(['NEW', 'NEW', 'RECLAIMED_BY_STUDENT']);
    expect(overdue.data[0]?.due_date).toBe(shiftDate(today, -1));
    const autowork = await list(me.id, 'missing-autowork');
    expect(titles(autowork)).toEqual(['Unit 3 review', 'Ratios warm-up']);
    expect(autowork.data.every((w) => w.is_autowork && w.topic === 'AutoWork')).toBe(true);
    expect(autowork.autowork_topic).toBe('AutoWork');
  });

  it('completed: turned in or returned, newest due first; submissions: what was turned in, with returned grades', async () => {
    const completed = await list(me.id, 'completed');
    expect(titles(completed)).toEqual([
      'Vocabulary set 7',
      'Geometry worksheet',
      'Essay outline',
      'Unit 2 test corrections',
      'Poetry reflection',
    ]);
    const submissions = await list(me.id, 'submissions');
    expect(titles(submissions)).toEqual([
      'Vocabulary set 7',
      'Geometry worksheet',
      'Essay outline',
      'Unit 2 test corrections',
    ]);
    const grade = (title: string) => submissions.data.find((w) => w.title === title);
    expect(grade('Unit 2 test corrections')).toMatchObject({ state: 'RETURNED', assigned_grade: 18, max_points: 20 });
    expect(grade('Essay outline')?.assigned_grade).toBe(45);
    expect(grade('Geometry worksheet')).toMatchObject({ state: 'TURNED_IN', late: true, assigned_grade: null });
    expect(grade('Vocabulary set 7')?.late).toBe(false);
    expect(submissions.data.every((w) => w.turned_in_at && w.link?.startsWith('https://classroom.google.com/'))).toBe(
      true,
    );
  });

  it('the sibling has their own lists in their own classes', async () => {
    const theirs = await list(sibling.id, 'overdue', parentToken);
    expect(titles(theirs)).toEqual(['Book report draft', 'Unit 3 review', 'Ratios warm-up']);
    expect(theirs.data.every((w) => w.scholar_id === sibling.id)).toBe(true);
    const mine = await list(me.id, 'overdue', parentToken);
    expect(theirs.data.map((w) => w.id).some((id) => mine.data.some((w) => w.id === id))).toBe(false);
  });

  it('search by title or class, and pages', async () => {
    expect(titles(await list(me.id, 'current', scholarToken, '&search=QUIZ'))).toEqual(['Chapter 4 quiz']);
    expect(titles(await list(me.id, 'completed', scholarToken, '&search=English'))).toEqual([
      'Vocabulary set 7',
      'Essay outline',
      'Poetry reflection',
    ]);
    expect(titles(await list(me.id, 'current', scholarToken, '&search=100%25'))).toEqual([]);
    const second = await list(me.id, 'current', scholarToken, '&per_page=2&page=2');
    expect(titles(second)).toEqual(['Grammar check', 'Problem set 12']);
    expect(second.meta).toEqual({ page: 2, per_page: 2, total: 5 });
  });

  it('answers 422 for a list that does not exist', async () => {
    const res = await get(`scholar/scholars/${me.id}/work?type=missing`, scholarToken);
    expect(res.statusCode).toBe(422);
    expect(res.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('type');
  });
});

describe("the parent's combined list", () => {
  it("every child's missing and overdue work in one list, newest first, with both children named", async () => {
    const r = await json<CombinedOverdueResponse>('scholar/work/overdue', parentToken);
    expect(r.scholars.map((c) => c.id).sort()).toEqual([me.id, sibling.id].sort());
    expect(r.data).toHaveLength(6);
    expect(r.data.filter((w) => w.scholar_id === me.id).map((w) => w.title)).toEqual([
      'Book report draft',
      'Unit 3 review',
      'Ratios warm-up',
    ]);
    expect(r.data.filter((w) => w.scholar_id === sibling.id)).toHaveLength(3);
    expect(r.data.filter((w) => w.is_autowork)).toHaveLength(4);
    const due = r.data.map((w) => w.due_date ?? '');
    expect(due).toEqual(due.toSorted().reverse());
  });

  it("every child's missing AutoWork in one list, as Overdue Work has it", async () => {
    const all = await json<CombinedOverdueResponse>('scholar/work/missing-autowork', parentToken);
    const overdue = await json<CombinedOverdueResponse>('scholar/work/overdue', parentToken);
    expect(all.scholars.map((c) => c.id).sort()).toEqual([me.id, sibling.id].sort());
    expect(all.data.length).toBeGreaterThan(0);
    expect(all.data.every((w) => w.is_autowork)).toBe(true);
    // Each child's part is that child's own Missing AutoWork list.
    for (const child of [me.id, sibling.id]) {
      const own = await json<{ data: { id: string }[] }>(
        `scholar/scholars/${child}/work?type=missing-autowork`,
        parentToken,
      );
      expect(
        all.data
          .filter((w) => w.scholar_id === child)
          .map((w) => w.id)
          .sort(),
      ).toEqual(own.data.map((w) => w.id).sort());
    }
    expect(overdue.data.length).toBeGreaterThanOrEqual(all.data.length);
  });

  it('a scholar signed in on their own reads only their own', async () => {
    const r = await json<CombinedOverdueResponse>('scholar/work/overdue', scholarToken);
    expect(r.scholars.map((c) => c.id)).toEqual([me.id]);
    expect(r.data.map((w) => w.scholar_id)).toEqual([me.id, me.id, me.id]);
  });
});

describe('what the sync changes', () => {
  it("the school's AutoWork topic, set by portal content staff, decides Missing AutoWork", async () => {
    const teacher = await s.login('teacher@demo.school');
    const url = '/api/v2/portal_content/work_settings';
    const set = (token: string, payload: Record<string, string>) => s.call({ method: 'POST', url, token, payload });
    expect((await s.call({ method: 'GET', url, token: teacher })).json()).toEqual({
      data: { autowork_topic: 'AutoWork' },
    });
    expect((await set(teacher, { autowork_topic: 'Book report' })).statusCode).toBe(403);
    expect((await s.call({ method: 'GET', url, token: scholarToken })).statusCode).toBe(403);
    const blank = await set(office, { autowork_topic: '  ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json<{ errors: Record<string, string[]> }>().errors).toHaveProperty('autowork_topic');
    const saved = await set(office, { autowork_topic: ' book report ', _method: 'PATCH' });
    expect(saved.json()).toEqual({ data: { autowork_topic: 'book report' } });
    try {
      const r = await list(me.id, 'missing-autowork');
      expect(titles(r)).toEqual(['Book report draft']);
      expect(r.autowork_topic).toBe('book report');
      const audited = await s.database.db.select().from(auditEvents).where(eq(auditEvents.resource, 'school_settings'));
      expect(audited.map((a) => [a.action, a.changes])).toContainEqual(['update', { autowork_topic: 'book report' }]);
    } finally {
      expect((await set(office, { autowork_topic: 'AutoWork' })).statusCode).toBe(200);
    }
  });

  it('a draft grade never shows; a returned grade does', async () => {
    const submissions = await list(me.id, 'submissions');
    const geometry = submissions.data.find((w) => w.title === 'Geometry worksheet');
    await s.database.db
      .update(courseWorkSubmissions)
      .set({ draft_grade: 9, assigned_grade: 9 })
      .where(eq(courseWorkSubmissions.id, geometry?.id as string));
    const again = await list(me.id, 'submissions');
    expect(again.data.find((w) => w.title === 'Geometry worksheet')?.assigned_grade).toBeNull();
  });

  it('a reclaimed piece turned in again leaves overdue for completed', async () => {
    const before = await list(me.id, 'overdue');
    const ratios = before.data.find((w) => w.title === 'Ratios warm-up');
    await s.database.db
      .update(courseWorkSubmissions)
      .set({ state: 'TURNED_IN', late: true, turned_in_at: new Date().toISOString() })
      .where(eq(courseWorkSubmissions.id, ratios?.id as string));
    expect(titles(await list(me.id, 'overdue'))).toEqual(['Book report draft', 'Unit 3 review']);
    expect(titles(await list(me.id, 'missing-autowork'))).toEqual(['Unit 3 review']);
    expect(titles(await list(me.id, 'submissions'))[0]).toBe('Ratios warm-up');
  });

  it('work deleted in Classroom leaves every list', async () => {
    const before = await list(me.id, 'overdue');
    const unit3 = before.data.find((w) => w.title === 'Unit 3 review');
    await s.database.db
      .update(courseWork)
      .set({ deleted_at: new Date().toISOString() })
      .where(eq(courseWork.id, unit3?.course_work_id as string));
    expect(titles(await list(me.id, 'overdue'))).toEqual(['Book report draft']);
    expect(titles(await list(me.id, 'missing-autowork'))).toEqual([]);
    const combined = await json<CombinedOverdueResponse>('scholar/work/overdue', parentToken);
    expect(combined.data.some((w) => w.id === unit3?.id)).toBe(false);
  });
});
