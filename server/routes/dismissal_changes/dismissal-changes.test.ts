/**
 * Dismissal changes through `inject`: a guardian asks for their own children only (another child 404, staff 403 on
 * the guardian's routes, guardians 403 on the office's), idempotent on the request's id; today's changes close at the
 * school's cutoff on its own clock, a daylight-saving day included; ranges and weekly repeats cover the days they say;
 * withdrawal; the office's confirm and decline, each with the family's notice; the school's confirm-on-arrival
 * setting; custody over a change; the stations' snapshot; and the scholars' plans from a plain CSV roster.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DismissalChange, type DismissalEntry, shiftDate, uuidv7, weekdayOf } from '../../../src/contract';
import { createSession } from '../../auth/sessions';
import {
  auditEvents,
  authorizedPickUps,
  demographics,
  dismissalChanges,
  guardianships,
  notices,
  schoolSettings,
  users,
} from '../../db/schema';
import { zonedInstant } from '../../lib/expected-hours';
import { expandNoticeEvents } from '../../lib/notices/enqueue';
import { schoolDay } from '../../lib/school-day';
import { startTestServer, type TestServer } from '../../test/helpers';

let s: TestServer;
let parent: string;
let office: string;
let teacher: string;
let admin: string;
let cafeteria: string;
let children: string[];
let stranger: string;
let today: string;
const ZONE = 'America/Los_Angeles';

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  s.call({ method, url: `/api/v2/${url}`, token, payload });

/** Freezes the server's clock (Date only: timers run) at an instant. */
const at = (instant: number) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(instant);
};

const change = (over: Record<string, unknown> = {}) => ({
  id: uuidv7(),
  scholar_ids: [children[0]],
  plan: 'walker',
  starts_on: shiftDate(today, 3),
  note: 'Walking with a neighbour',
  ...over,
});

const made = async (body: Record<string, unknown>) => {
  const res = await call('POST', 'scholar/dismissal_changes', parent, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: DismissalChange[] }>().data;
};

const dayList = async (day: string, token = teacher) => {
  const res = await call('GET', `dismissal?date=${day}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: DismissalEntry[] }>().data;
};

beforeAll(async () => {
  s = await startTestServer({ SCHOOL_TIMEZONE: ZONE });
  [parent, office, teacher, admin, cafeteria] = await Promise.all([
    s.login('parent@demo.school'),
    s.login('office@demo.school'),
    s.login('teacher@demo.school'),
    s.login('admin@demo.school'),
    s.login('cafeteria@demo.school'),
  ]);
  const db = s.database.db;
  const [me] = await db.select().from(users).where(eq(users.email, 'parent@demo.school'));
  children = (
    await db
      .select()
      .from(guardianships)
      .where(eq(guardianships.parent_id, me?.id as string))
  ).map((g) => g.scholar_id);
  const mine = new Set(children);
  const all = await db.select({ id: demographics.id }).from(demographics).where(eq(demographics.active, true));
  stranger = all.find((d) => !mine.has(d.id))?.id as string;
  today = schoolDay(new Date(), s.app.school.timeZone);
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(() => s.close());

describe('a guardian’s changes', () => {
  it('asks for several children at once, once however often it is sent, audited, pending for the office', async () => {
    expect(children.length).toBeGreaterThanOrEqual(2);
    const body = change({ scholar_ids: children, starts_on: shiftDate(today, 2), ends_on: shiftDate(today, 4) });
    const first = await made(body);
    expect(first.map((c) => c.scholar_id).sort()).toEqual([...children].sort());
    expect(first[0]).toMatchObject({ plan: 'walker', status: 'pending', ends_on: shiftDate(today, 4), weekday: null });
    const again = await call('POST', 'scholar/dismissal_changes', parent, body);
    expect(again.statusCode).toBe(200);
    expect(again.json<{ data: DismissalChange[] }>().data.map((c) => c.id)).toEqual(first.map((c) => c.id));
    expect((await call('POST', 'scholar/dismissal_changes', parent, { ...body, plan: 'bus' })).statusCode).toBe(409);
    const audits = await s.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.resource, 'dismissal_changes'), eq(auditEvents.action, 'create')));
    for (const c of first) expect(audits.some((a) => a.record_id === c.id)).toBe(true);
    const pending = await call('GET', `dismissal_changes?status=pending&date=${shiftDate(today, 3)}`, office);
    expect(pending.json<{ data: DismissalChange[] }>().data.map((c) => c.id)).toEqual(
      expect.arrayContaining(first.map((c) => c.id)),
    );
    // Pending is not yet the plan: the day's list still shows each child's default.
    const list = await dayList(shiftDate(today, 3));
    expect(list.find((e) => e.scholar_id === children[0])?.change_id).toBeNull();
  });

  it('answers 404 for a child who is not theirs, 403 to staff on the guardian routes and to guardians on the office’s', async () => {
    expect(
      (await call('POST', 'scholar/dismissal_changes', parent, change({ scholar_ids: [stranger] }))).statusCode,
    ).toBe(404);
    for (const token of [office, teacher]) {
      expect((await call('GET', 'scholar/dismissal_changes', token)).statusCode).toBe(403);
      expect((await call('GET', 'scholar/dismissal_changes/options', token)).statusCode).toBe(403);
      expect((await call('POST', 'scholar/dismissal_changes', token, change())).statusCode).toBe(403);
    }
    const [mine] = await made(change());
    expect((await call('GET', 'dismissal_changes', parent)).statusCode).toBe(403);
    expect((await call('POST', `dismissal_changes/${mine?.id}/confirm`, parent)).statusCode).toBe(403);
    expect((await call('GET', 'dismissal', parent)).statusCode).toBe(403);
    // Staff without the permission: the cafeteria sees neither the changes nor the day's list.
    expect((await call('GET', 'dismissal_changes', cafeteria)).statusCode).toBe(403);
    expect((await call('POST', `dismissal_changes/${mine?.id}/confirm`, teacher)).statusCode).toBe(403);
    expect((await call('GET', 'dismissal', cafeteria)).statusCode).toBe(403);
    // Another family's guardian: this family's change is not theirs.
    const [other] = await s.database.db
      .insert(users)
      .values({
        id: uuidv7(),
        email: `other.${uuidv7().slice(-8)}@example.com`,
        fname: 'O',
        lname: 'F',
        type: 'parent',
      })
      .returning();
    await s.database.db.insert(guardianships).values({ parent_id: other?.id as string, scholar_id: stranger });
    const otherToken = await createSession(s.database.db, other?.id as string, 'password', 1);
    expect((await call('POST', `scholar/dismissal_changes/${mine?.id}/withdraw`, otherToken)).statusCode).toBe(404);
    expect((await call('GET', 'scholar/dismissal_changes', otherToken)).json().data).toEqual([]);
  });
});

describe('which days a change covers', () => {
  it('a weekly change covers its weekday of the range only; a range every day of it', async () => {
    const from = shiftDate(today, 1);
    const to = shiftDate(today, 27);
    const thursday = 4;
    const [weekly] = await made(change({ starts_on: from, ends_on: to, weekday: thursday, plan: 'bus', detail: '7' }));
    expect((await call('POST', `dismissal_changes/${weekly?.id}/confirm`, office)).statusCode).toBe(200);
    for (let i = 0; i <= 28; i++) {
      const day = shiftDate(from, i);
      const entry = (await dayList(day)).find((e) => e.scholar_id === children[0]);
      const covered = day <= to && weekdayOf(day) === thursday;
      expect(entry?.change_id === weekly?.id, day).toBe(covered);
      if (covered) expect(entry).toMatchObject({ plan: 'bus', detail: '7' });
    }
    // A short range with no Thursday in it is refused on the weekday.
    const monday = [0, 1, 2, 3, 4, 5, 6].map((n) => shiftDate(today, 8 + n)).find((d) => weekdayOf(d) === 1) as string;
    const none = await call(
      'POST',
      'scholar/dismissal_changes',
      parent,
      change({ starts_on: monday, ends_on: shiftDate(monday, 2), weekday: thursday }),
    );
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.weekday).toBeDefined();
  });
});

describe('the cutoff in the school’s time zone', () => {
  // 8 March 2026: clocks in Los Angeles go forward at 2:00, so 2:00 PM is 21:00 UTC (22:00 on a standard day).
  // 1 November 2026: they go back at 2:00, so 2:00 PM is 22:00 UTC (21:00 the day before).
  for (const [day, utcCutoff] of [
    ['2026-03-08', '2026-03-08T21:00:00Z'],
    ['2026-11-01', '2026-11-01T22:00:00Z'],
  ] as const) {
    it(`takes today’s change until 2:00 PM school time on ${day} and refuses it after, with a field message`, async () => {
      expect(s.app.school.timeZone).toBe(ZONE);
      const cutoff = Date.parse(utcCutoff);
      expect(zonedInstant(day, '14:00', ZONE)).toBe(cutoff);
      at(cutoff - 60_000);
      const body = change({ starts_on: day });
      const before = await call('POST', 'scholar/dismissal_changes', parent, body);
      expect(before.statusCode, before.body).toBe(201);
      at(cutoff + 60_000);
      const after = await call('POST', 'scholar/dismissal_changes', parent, change({ starts_on: day }));
      expect(after.statusCode).toBe(409);
      expect(after.json().errors.starts_on[0]).toContain('call the office');
      // The next day is still open, and the withdrawal of today's change is refused as the request is.
      const tomorrow = await call(
        'POST',
        'scholar/dismissal_changes',
        parent,
        change({ starts_on: shiftDate(day, 1) }),
      );
      expect(tomorrow.statusCode).toBe(201);
      const todays = before.json<{ data: DismissalChange[] }>().data[0];
      expect((await call('POST', `scholar/dismissal_changes/${todays?.id}/withdraw`, parent)).statusCode).toBe(409);
      // The same request sent again after the cutoff (its answer lost) is answered as stored, not refused.
      const replay = await call('POST', 'scholar/dismissal_changes', parent, body);
      expect(replay.statusCode, replay.body).toBe(200);
    });
  }

  it('uses the school’s own cutoff and shows the office’s phone to the guardian', async () => {
    const saved = await call('PATCH', 'school_settings', admin, {
      dismissal_cutoff: '13:30',
      office_phone: '(555) 010-2000',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const options = (await call('GET', 'scholar/dismissal_changes/options', parent)).json();
    expect(options).toMatchObject({ cutoff: '13:30', office_phone: '(555) 010-2000', time_zone: ZONE });
    at(zonedInstant('2026-12-08', '13:31', ZONE));
    expect(
      (await call('POST', 'scholar/dismissal_changes', parent, change({ starts_on: '2026-12-08' }))).statusCode,
    ).toBe(409);
    vi.useRealTimers();
    const bad = await call('PATCH', 'school_settings', admin, { office_phone: 'call us' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.office_phone).toBeDefined();
    await call('PATCH', 'school_settings', admin, { dismissal_cutoff: '14:00' });
  });
});

describe('withdrawing', () => {
  it('withdraws a pending or confirmed change of one’s own (twice is once), never a declined one', async () => {
    const [pending, confirmed, declined] = await Promise.all(
      [4, 5, 6].map(async (n) => (await made(change({ starts_on: shiftDate(today, n) })))[0] as DismissalChange),
    );
    await call('POST', `dismissal_changes/${confirmed?.id}/confirm`, office);
    await call('POST', `dismissal_changes/${declined?.id}/decline`, office, { note: 'Please call us' });
    for (const c of [pending, confirmed]) {
      const res = await call('POST', `scholar/dismissal_changes/${c?.id}/withdraw`, parent);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ status: 'withdrawn', withdrawn_at: expect.any(String) });
      expect((await call('DELETE', `scholar/dismissal_changes/${c?.id}`, parent)).statusCode).toBe(200);
    }
    expect((await call('POST', `scholar/dismissal_changes/${declined?.id}/withdraw`, parent)).statusCode).toBe(409);
    const audits = await s.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.record_id, pending?.id as string));
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'update']);
  });
});

describe('the office’s decision and the family’s notice', () => {
  it('confirms and declines, audited, each telling every guardian in the same transaction', async () => {
    const [a] = await made(change({ starts_on: shiftDate(today, 7) }));
    const [b] = await made(change({ starts_on: shiftDate(today, 8), plan: 'program', detail: 'Robotics club' }));
    const yes = await call('POST', `dismissal_changes/${a?.id}/confirm`, office);
    expect(yes.json().data).toMatchObject({ status: 'confirmed', decided_by_name: expect.any(String) });
    expect((await call('POST', `dismissal_changes/${a?.id}/confirm`, office)).statusCode).toBe(200);
    const late = await call('POST', `dismissal_changes/${a?.id}/decline`, office);
    expect(late.statusCode, late.body).toBe(409);
    const no = await call('POST', `dismissal_changes/${b?.id}/decline`, office, { note: 'The club is full.' });
    expect(no.json().data).toMatchObject({ status: 'declined', decision_note: 'The club is full.' });
    // The decisions' events become each guardian's notice as the notice worker makes them.
    await expandNoticeEvents(s.database.db, s.app.school.timeZone);
    const told = async (id: string) => s.database.db.select().from(notices).where(eq(notices.source_id, id));
    const confirmedNotices = await told(a?.id as string);
    expect(confirmedNotices.length).toBeGreaterThanOrEqual(1);
    expect(confirmedNotices.every((n) => n.kind === 'dismissal_change_confirmed')).toBe(true);
    expect(JSON.stringify(confirmedNotices[0]?.message)).toMatch(/walks home|caminando/);
    const declinedNotices = await told(b?.id as string);
    expect(declinedNotices.map((n) => n.kind)).toContain('dismissal_change_declined');
    expect(JSON.stringify(declinedNotices[0]?.message)).toContain('The club is full.');
    for (const id of [a?.id, b?.id]) {
      const audits = await s.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.record_id, id as string));
      expect(audits.some((x) => JSON.stringify(x.changes).includes('decided_by'))).toBe(true);
    }
  });

  it('confirms every change on arrival when the school says so, and tells the family', async () => {
    expect((await call('PATCH', 'school_settings', admin, { dismissal_auto_confirm: true })).statusCode).toBe(200);
    try {
      const [c] = await made(change({ starts_on: shiftDate(today, 9) }));
      expect(c).toMatchObject({ status: 'confirmed', auto_confirmed: true });
      await expandNoticeEvents(s.database.db, s.app.school.timeZone);
      const sent = await s.database.db
        .select()
        .from(notices)
        .where(eq(notices.source_id, c?.id as string));
      expect(sent.map((n) => n.kind)).toContain('dismissal_change_confirmed');
      const audits = await s.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.record_id, c?.id as string));
      expect(audits.some((a) => JSON.stringify(a.changes).includes('auto_confirmed'))).toBe(true);
    } finally {
      await call('PATCH', 'school_settings', admin, { dismissal_auto_confirm: false });
    }
    const [later] = await made(change({ starts_on: shiftDate(today, 10) }));
    expect(later?.status).toBe('pending');
  });
});

describe('custody and the pick-up list', () => {
  it('names only an authorized adult, refuses a refused one (422), and never adds anyone to the list', async () => {
    const db = s.database.db;
    const child = children[0] as string;
    const options = (await call('GET', 'scholar/dismissal_changes/options', parent)).json();
    const adult = options.data.find((d: { scholar_id: string }) => d.scholar_id === child).adults[0];
    expect(adult).toBeDefined();
    const before = await db.select().from(authorizedPickUps).where(eq(authorizedPickUps.scholar_id, child));
    const noAdult = await call('POST', 'scholar/dismissal_changes', parent, change({ plan: 'pick_up' }));
    expect(noAdult.json().errors.pick_up_id).toBeDefined();
    const [ok] = await made(change({ plan: 'pick_up', pick_up_id: adult.id }));
    expect(ok).toMatchObject({ pick_up_id: adult.id, pick_up_name: adult.full_name });
    const [someoneElse] = await db
      .select()
      .from(authorizedPickUps)
      .where(eq(authorizedPickUps.scholar_id, stranger))
      .limit(1);
    if (someoneElse) {
      const res = await call(
        'POST',
        'scholar/dismissal_changes',
        parent,
        change({ plan: 'pick_up', pick_up_id: someoneElse.id }),
      );
      expect(res.statusCode).toBe(422);
    }
    // A custody order: the same person refused for this child. The refusal wins over their authorized row.
    await db.insert(authorizedPickUps).values({
      id: uuidv7(),
      scholar_id: child,
      full_name: adult.full_name,
      relationship: 'other',
      status: 'not_authorized',
      notes: 'Court order',
    });
    const refused = await call(
      'POST',
      'scholar/dismissal_changes',
      parent,
      change({ plan: 'pick_up', pick_up_id: adult.id }),
    );
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.pick_up_id[0]).toContain('may not pick');
    const offered = (await call('GET', 'scholar/dismissal_changes/options', parent)).json();
    expect(offered.data.find((d: { scholar_id: string }) => d.scholar_id === child).adults).not.toContainEqual(
      expect.objectContaining({ id: adult.id }),
    );
    const after = await db.select().from(authorizedPickUps).where(eq(authorizedPickUps.scholar_id, child));
    // The only new row is the refusal this test wrote: no change added an authorized adult.
    expect(after.filter((r) => r.status === 'authorized')).toHaveLength(
      before.filter((r) => r.status === 'authorized').length,
    );
  });
});

describe('the stations’ snapshot', () => {
  it('carries every scholar’s default plan and today’s and later confirmed changes, not pending or past ones', async () => {
    const db = s.database.db;
    await db
      .update(demographics)
      .set({ dismissal_plan: 'bus', dismissal_detail: '12' })
      .where(eq(demographics.id, stranger));
    // Asked in the morning of today (before the cutoff), confirmed by the office: that puts it on the stations.
    at(zonedInstant(today, '10:00', ZONE));
    const todays = (await made(change({ starts_on: today, scholar_ids: [children[1]] })))[0] as DismissalChange;
    vi.useRealTimers();
    await call('POST', `dismissal_changes/${todays.id}/confirm`, office);
    const [pending] = await made(change({ starts_on: shiftDate(today, 11) }));
    const past = uuidv7();
    await db.insert(dismissalChanges).values({
      id: past,
      request_id: uuidv7(),
      scholar_id: children[0] as string,
      plan: 'walker',
      starts_on: shiftDate(today, -3),
      ends_on: shiftDate(today, -2),
      status: 'confirmed',
    });
    const ids: string[] = [];
    const plans = new Map<string, unknown>();
    let token: string | undefined;
    do {
      const res = await call('GET', `sync/pull?limit=2000${token ? `&snapshot=${token}` : ''}`, teacher);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json();
      for (const c of page.changes) {
        if (c.resource === 'dismissal_changes') ids.push(c.id);
        if (c.resource === 'demographics') plans.set(c.id, c.record?.dismissal_plan);
      }
      token = page.snapshot_next;
    } while (token);
    expect(ids).toContain(todays.id);
    expect(ids).not.toContain(pending?.id);
    expect(ids).not.toContain(past);
    expect(plans.get(stranger)).toBe('bus');
    expect(plans.get(children[0] as string)).toBe('pick_up');
    // The cafeteria's station holds no dismissal changes.
    const cafe = (await call('GET', 'sync/pull?limit=5000', cafeteria)).json();
    expect(cafe.changes.some((c: { resource: string }) => c.resource === 'dismissal_changes')).toBe(false);
  });
});

describe('the scholar’s default plan', () => {
  it('is picked up for a new scholar, set on the scholar’s record with its bus route or program', async () => {
    const created = await call('POST', 'demographics', office, {
      student_number: `D-${uuidv7().slice(-6)}`,
      fname: 'Nia',
      lname: 'Walker',
      grade: '3',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data.dismissal_plan).toBe('pick_up');
    const noRoute = await call('POST', `demographics/${id}`, office, { _method: 'PATCH', dismissal_plan: 'bus' });
    expect(noRoute.statusCode).toBe(422);
    expect(noRoute.json().errors.dismissal_detail).toBeDefined();
    const bus = await call('POST', `demographics/${id}`, office, {
      _method: 'PATCH',
      dismissal_plan: 'bus',
      dismissal_detail: 'Route 4',
    });
    expect(bus.json().data).toMatchObject({ dismissal_plan: 'bus', dismissal_detail: 'Route 4' });
    const walker = await call('POST', `demographics/${id}`, office, { _method: 'PATCH', dismissal_plan: 'walker' });
    expect(walker.json().data).toMatchObject({ dismissal_plan: 'walker', dismissal_detail: null });
  });

  it('comes from a plain CSV roster’s plan column, a bus with its route, a row with an unknown plan left out', async () => {
    const csv =
      'Perm ID,Last Name,First Name,Grade,Dismissal,Bus Route\n' +
      'DSM-1,Rivera,Ana,2,Bus,Route 9\n' +
      'DSM-2,Rivera,Luis,4,walker,\n' +
      'DSM-3,Rivera,Eva,5,Helicopter,\n';
    const form = new FormData();
    form.append('kind', 'csv_scholars');
    form.append(
      'mapping',
      JSON.stringify({
        student_number: 'Perm ID',
        first_name: 'First Name',
        last_name: 'Last Name',
        grade: 'Grade',
        dismissal_plan: 'Dismissal',
        dismissal_detail: 'Bus Route',
      }),
    );
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'scholars.csv');
    const preview = await s.call({
      method: 'POST',
      url: '/api/v2/roster_imports',
      token: admin,
      payload: form as never,
    });
    expect(preview.statusCode, preview.body).toBe(201);
    const data = preview.json().data;
    expect(data.errors).toEqual([expect.objectContaining({ line: 4, column: 'Dismissal' })]);
    await s.call({ method: 'POST', url: `/api/v2/roster_imports/${data.id}/apply`, token: admin, payload: {} });
    for (let i = 0; i < 100; i++) {
      const res = await s.call({ method: 'GET', url: `/api/v2/roster_imports/${data.id}`, token: admin });
      if (res.json().data.status !== 'applying') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const rows = await s.database.db.select().from(demographics).where(eq(demographics.lname, 'Rivera'));
    const by = new Map(rows.map((r) => [r.student_number, r]));
    expect(by.get('DSM-1')).toMatchObject({ dismissal_plan: 'bus', dismissal_detail: 'Route 9' });
    expect(by.get('DSM-2')).toMatchObject({ dismissal_plan: 'walker', dismissal_detail: null });
    expect(by.has('DSM-3')).toBe(false);
    const [settings] = await s.database.db.select().from(schoolSettings).limit(1);
    expect(settings?.dismissal_cutoff).toBe('14:00');
  });
});
