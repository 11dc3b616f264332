/**
 * Absence reports through `inject`: a guardian reports for their own children only (another child 404, staff 403),
 * idempotent on the report's id; changes and withdrawals until the day starts at the school's start time in its time
 * zone, a report after that kept and marked late; the office's list by day and its acknowledgement, which the guardian
 * sees; every write audited; and the stations' sync snapshot carrying today's reports.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type AbsenceReport, shiftDate, uuidv7 } from '../../../src/contract';
import { createSession } from '../../auth/sessions';
import { auditEvents, authorizedPickUps, demographics, guardianships, schoolSettings, users } from '../../db/schema';
import { zonedInstant } from '../../lib/expected-hours';
import { schoolDay } from '../../lib/school-day';
import { startTestServer, type TestServer } from '../../test/helpers';

let s: TestServer;
let parent: string;
let office: string;
let teacher: string;
let children: string[];
let stranger: string;
let today: string;
let startTime: string;
let timeZone: string;

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  s.call({ method, url: `/api/v2/${url}`, token, payload });

/** Freezes the server's clock (Date only: timers run) at `minutes` from the start of `day` in the school's zone. */
const at = (day: string, minutes: number) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(zonedInstant(day, startTime, timeZone) + minutes * 60_000);
};

const report = (over: Record<string, unknown> = {}) => ({
  id: uuidv7(),
  scholar_ids: [children[0]],
  kind: 'absent',
  starts_on: shiftDate(today, 3),
  reason: 'ill',
  note: 'Fever since last night',
  ...over,
});

beforeAll(async () => {
  s = await startTestServer();
  [parent, office, teacher] = await Promise.all([
    s.login('parent@demo.school'),
    s.login('office@demo.school'),
    s.login('teacher@demo.school'),
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
  const [settings] = await db.select().from(schoolSettings).limit(1);
  startTime = settings?.start_time ?? '08:00';
  timeZone = s.app.school.timeZone;
  today = schoolDay(new Date(), timeZone);
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(() => s.close());

describe('a guardian’s reports', () => {
  it('reports several children at once, once however often it is sent, and audits each record', async () => {
    expect(children.length).toBeGreaterThanOrEqual(2);
    const body = report({ scholar_ids: children, starts_on: shiftDate(today, 2), ends_on: shiftDate(today, 4) });
    const first = await call('POST', 'scholar/absence_reports', parent, body);
    expect(first.statusCode, first.body).toBe(201);
    const made = first.json<{ data: AbsenceReport[] }>().data;
    expect(made.map((r) => r.scholar_id).sort()).toEqual([...children].sort());
    expect(made[0]).toMatchObject({ kind: 'absent', ends_on: shiftDate(today, 4), late: false, report_id: body.id });
    expect(made[0]?.reported_by_name).toBeTruthy();
    const again = await call('POST', 'scholar/absence_reports', parent, body);
    expect(again.statusCode).toBe(200);
    expect(again.json<{ data: AbsenceReport[] }>().data.map((r) => r.id)).toEqual(made.map((r) => r.id));
    const changed = await call('POST', 'scholar/absence_reports', parent, { ...body, reason: 'family' });
    expect(changed.statusCode).toBe(409);
    const audits = await s.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.resource, 'absence_reports'), eq(auditEvents.action, 'create')));
    for (const r of made) expect(audits.some((a) => a.record_id === r.id)).toBe(true);
    // A range covers each of its days in the office's list, and none after it.
    for (const [offset, covered] of [
      [2, true],
      [4, true],
      [5, false],
    ] as const) {
      const list = await call('GET', `absence_reports?date=${shiftDate(today, offset)}`, office);
      const ids = list.json<{ data: AbsenceReport[] }>().data.map((r) => r.id);
      expect(ids.includes(made[0]?.id as string), `day +${offset}`).toBe(covered);
    }
  });

  it('answers 404 for a child who is not theirs, and 403 to staff on every guardian route', async () => {
    const res = await call('POST', 'scholar/absence_reports', parent, report({ scholar_ids: [children[0], stranger] }));
    expect(res.statusCode).toBe(404);
    for (const token of [office, teacher]) {
      expect((await call('GET', 'scholar/absence_reports', token)).statusCode).toBe(403);
      expect((await call('POST', 'scholar/absence_reports', token, report())).statusCode).toBe(403);
    }
    // Another family's guardian: this family's child and record are not theirs, 404 as if they did not exist.
    const made = (await call('POST', 'scholar/absence_reports', parent, report())).json<{ data: AbsenceReport[] }>()
      .data[0] as AbsenceReport;
    const [other] = await s.database.db
      .insert(users)
      .values({
        id: uuidv7(),
        email: `other.${uuidv7().slice(-8)}@example.com`,
        fname: 'Other',
        lname: 'Family',
        type: 'parent',
      })
      .returning();
    await s.database.db.insert(guardianships).values({ parent_id: other?.id as string, scholar_id: stranger });
    const otherToken = await createSession(s.database.db, other?.id as string, 'password', 1);
    expect(
      (await call('PATCH', `scholar/absence_reports/${made.id}`, otherToken, { reason: 'other' })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `scholar/absence_reports/${made.id}`, otherToken)).statusCode).toBe(404);
    expect((await call('POST', 'scholar/absence_reports', otherToken, report())).statusCode).toBe(404);
    const theirs = await call('GET', 'scholar/absence_reports', otherToken);
    expect(theirs.json<{ data: AbsenceReport[] }>().data).toEqual([]);
  });

  it('asks a time of a late arrival, and a listed adult of an early departure, never adding one', async () => {
    const late = await call('POST', 'scholar/absence_reports', parent, report({ kind: 'late' }));
    expect(late.statusCode).toBe(422);
    expect(late.json().errors.at_time).toBeDefined();
    const early = await call('POST', 'scholar/absence_reports', parent, report({ kind: 'early', at_time: '13:00' }));
    expect(early.json().errors.pick_up_id).toBeDefined();
    const [someoneElse] = await s.database.db
      .select()
      .from(authorizedPickUps)
      .where(eq(authorizedPickUps.scholar_id, stranger))
      .limit(1);
    if (someoneElse) {
      const res = await call(
        'POST',
        'scholar/absence_reports',
        parent,
        report({ kind: 'early', at_time: '13:00', pick_up_id: someoneElse.id }),
      );
      expect(res.statusCode).toBe(422);
    }
    const pickUps = await call('GET', 'scholar/absence_reports/pick_ups', parent);
    const adult = pickUps.json().data.find((p: { scholar_id: string }) => p.scholar_id === children[0]).adults[0];
    expect(adult).toBeDefined();
    const ok = await call(
      'POST',
      'scholar/absence_reports',
      parent,
      report({ kind: 'early', at_time: '13:00', pick_up_id: adult.id, reason: 'appointment' }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data[0]).toMatchObject({ pick_up_id: adult.id, pick_up_name: adult.full_name, at_time: '13:00' });
  });
});

describe('the day’s start in the school’s time zone', () => {
  it('lets a guardian change and withdraw a report until a minute before the start, not a minute after', async () => {
    const day = shiftDate(today, 1);
    const made = (await call('POST', 'scholar/absence_reports', parent, report({ starts_on: day }))).json<{
      data: AbsenceReport[];
    }>().data[0] as AbsenceReport;
    at(day, -1);
    const changed = await call('PATCH', `scholar/absence_reports/${made.id}`, parent, {
      kind: 'late',
      at_time: '10:15',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ kind: 'late', at_time: '10:15', late: false });
    at(day, 1);
    const tooLate = await call('PATCH', `scholar/absence_reports/${made.id}`, parent, { reason: 'other' });
    expect(tooLate.statusCode).toBe(409);
    expect((await call('DELETE', `scholar/absence_reports/${made.id}`, parent)).statusCode).toBe(409);
    const audits = await s.database.db.select().from(auditEvents).where(eq(auditEvents.record_id, made.id));
    expect(audits.map((a) => a.action).sort()).toEqual(['create', 'update']);
  });

  it('keeps a report made after the start and marks it late; one made a minute before is not late', async () => {
    const day = shiftDate(today, 6);
    at(day, -1);
    const before = await call('POST', 'scholar/absence_reports', parent, report({ starts_on: day }));
    expect(before.json().data[0].late).toBe(false);
    at(day, 1);
    const after = await call('POST', 'scholar/absence_reports', parent, report({ starts_on: day, reason: 'family' }));
    expect(after.statusCode).toBe(201);
    expect(after.json().data[0].late).toBe(true);
  });

  it('withdraws before the start (twice is once), leaving it out of the office’s list unless asked for', async () => {
    const day = shiftDate(today, 8);
    const made = (await call('POST', 'scholar/absence_reports', parent, report({ starts_on: day }))).json<{
      data: AbsenceReport[];
    }>().data[0] as AbsenceReport;
    const gone = await call('POST', `scholar/absence_reports/${made.id}/withdraw`, parent);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().data.withdrawn_at).toBeTruthy();
    expect((await call('DELETE', `scholar/absence_reports/${made.id}`, parent)).statusCode).toBe(200);
    const listed = async (extra = '') =>
      (await call('GET', `absence_reports?date=${day}${extra}`, office))
        .json<{ data: AbsenceReport[] }>()
        .data.some((r) => r.id === made.id);
    expect(await listed()).toBe(false);
    expect(await listed('&include_withdrawn=true')).toBe(true);
    const audits = await s.database.db.select().from(auditEvents).where(eq(auditEvents.record_id, made.id));
    expect(audits).toHaveLength(2);
    expect(audits.some((a) => JSON.stringify(a.changes).includes('withdrawn_at'))).toBe(true);
  });
});

describe('the office', () => {
  it('acknowledges a report, which the guardian sees; staff without the permission get 403', async () => {
    const day = shiftDate(today, 9);
    const made = (await call('POST', 'scholar/absence_reports', parent, report({ starts_on: day }))).json<{
      data: AbsenceReport[];
    }>().data[0] as AbsenceReport;
    expect((await call('GET', `absence_reports?date=${day}`, teacher)).statusCode).toBe(403);
    expect((await call('POST', `absence_reports/${made.id}/acknowledge`, teacher)).statusCode).toBe(403);
    const ack = await call('POST', `absence_reports/${made.id}/acknowledge`, office);
    expect(ack.statusCode).toBe(200);
    expect(ack.json().data.acknowledged_by_name).toBeTruthy();
    const seen = (await call('GET', 'scholar/absence_reports', parent))
      .json<{ data: AbsenceReport[] }>()
      .data.find((r) => r.id === made.id);
    expect(seen?.acknowledged_at).toBeTruthy();
    const audits = await s.database.db.select().from(auditEvents).where(eq(auditEvents.record_id, made.id));
    expect(audits.some((a) => JSON.stringify(a.changes).includes('acknowledged_at'))).toBe(true);
  });

  it('gets today’s reports in the stations’ sync snapshot, and not withdrawn or past ones', async () => {
    const todays = (
      await call(
        'POST',
        'scholar/absence_reports',
        parent,
        report({ kind: 'late', at_time: '10:30', starts_on: today }),
      )
    ).json<{ data: AbsenceReport[] }>().data[0] as AbsenceReport;
    expect(todays.late).toBe(Date.now() >= zonedInstant(today, startTime, timeZone));
    const past = (
      await call('POST', 'scholar/absence_reports', parent, report({ starts_on: shiftDate(today, -2) }))
    ).json<{ data: AbsenceReport[] }>().data[0] as AbsenceReport;
    expect(past.late).toBe(true);
    const ids: string[] = [];
    let token: string | undefined;
    do {
      const res = await call('GET', `sync/pull?limit=1000${token ? `&snapshot=${token}` : ''}`, office);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json();
      for (const c of page.changes) if (c.resource === 'absence_reports') ids.push(c.id);
      token = page.snapshot_next;
    } while (token);
    expect(ids).toContain(todays.id);
    expect(ids).not.toContain(past.id);
  });
});
