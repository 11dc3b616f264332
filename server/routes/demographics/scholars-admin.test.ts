/**
 * The scholars' administration routes: withdraw and re-enrol (idempotent, audited with before and after, the roster
 * a station pulls leaves a withdrawn scholar out), the eligibility history (its own permission) and a duplicate
 * student number refused with the scholar who holds it.
 */
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../../src/contract';
import { auditEvents, demographics } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/helpers';

let s: TestServer;
let office: string;
let teacher: string;
let cafeteria: string;
beforeAll(async () => {
  s = await startTestServer({ SCHOOL_TIMEZONE: 'America/Los_Angeles' });
  [office, teacher, cafeteria] = await Promise.all([
    s.login('office@demo.school'),
    s.login('teacher@demo.school'),
    s.login('cafeteria@demo.school'),
  ]);
});
afterAll(() => s.close());

const scholarAt = async (offset: number) => {
  const [row] = await s.database.db
    .select()
    .from(demographics)
    .where(eq(demographics.active, true))
    .orderBy(demographics.id)
    .limit(1)
    .offset(offset);
  if (!row) throw new Error('no seeded scholar');
  return row;
};

const lastAudit = async (id: string) =>
  s.database.db
    .select({ changes: auditEvents.changes })
    .from(auditEvents)
    .where(and(eq(auditEvents.resource, 'demographics'), eq(auditEvents.record_id, id)))
    .orderBy(desc(auditEvents.id));

describe('withdraw and re-enrol', () => {
  it('withdraws once, answers a repeat as it is, takes the scholar off the roster, and re-enrols', async () => {
    const scholar = await scholarAt(3);
    const snapshot = (await s.call({ method: 'GET', url: '/api/v2/sync/pull?limit=5000', token: office })).json();
    const withdraw = (payload: Record<string, unknown>, token = office) =>
      s.call({ method: 'POST', url: `/api/v2/demographics/${scholar.id}/withdraw`, token, payload });

    expect((await withdraw({ withdrawn_on: '2026-11-16', reason: 'Moved away' }, teacher)).statusCode).toBe(403);
    const bad = await withdraw({ withdrawn_on: '16/11/2026', reason: ' ' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['reason', 'withdrawn_on']);

    const first = await withdraw({ withdrawn_on: '2026-11-16', reason: 'Moved away' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      active: false,
      withdrawn_on: '2026-11-16',
      withdrawal_reason: 'Moved away',
      student_number: scholar.student_number,
    });
    const again = await withdraw({ withdrawn_on: '2026-11-17', reason: 'Sent twice' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ withdrawn_on: '2026-11-16', withdrawal_reason: 'Moved away' });
    const events = await lastAudit(scholar.id);
    expect(events).toHaveLength(1);
    expect(events[0]?.changes).toEqual({
      before: { active: true, withdrawn_on: null, withdrawal_reason: null },
      after: { active: false, withdrawn_on: '2026-11-16', withdrawal_reason: 'Moved away' },
    });

    // The stations' delta removes the scholar; a new snapshot leaves them out; the record itself stays.
    const delta = (
      await s.call({ method: 'GET', url: `/api/v2/sync/pull?since=${snapshot.cursor}`, token: office })
    ).json();
    expect(delta.changes).toContainEqual({ resource: 'demographics', id: scholar.id, op: 'delete' });
    const fresh = (await s.call({ method: 'GET', url: '/api/v2/sync/pull?limit=5000', token: office })).json();
    const ids = fresh.changes
      .filter((c: { resource: string }) => c.resource === 'demographics')
      .map((c: { id: string }) => c.id);
    expect(ids).not.toContain(scholar.id);
    expect(ids.length).toBeGreaterThan(100);
    const stored = await s.call({ method: 'GET', url: `/api/v2/demographics/${scholar.id}`, token: office });
    expect(stored.json().data).toMatchObject({ active: false, withdrawal_reason: 'Moved away' });

    const reenrol = (payload: Record<string, unknown>) =>
      s.call({ method: 'POST', url: `/api/v2/demographics/${scholar.id}/reenrol`, token: office, payload });
    expect((await reenrol({})).statusCode).toBe(422);
    const back = await reenrol({ enrolled_on: '2026-11-20' });
    expect(back.statusCode).toBe(200);
    expect(back.json().data).toMatchObject({
      active: true,
      enrolled_on: '2026-11-20',
      withdrawn_on: null,
      withdrawal_reason: null,
    });
    expect((await reenrol({ enrolled_on: '2026-11-21' })).json().data.enrolled_on).toBe('2026-11-20');
    const all = await lastAudit(scholar.id);
    expect(all).toHaveLength(2);
    expect(all[0]?.changes).toEqual({
      before: { active: false, enrolled_on: null, withdrawn_on: '2026-11-16', withdrawal_reason: 'Moved away' },
      after: { active: true, enrolled_on: '2026-11-20', withdrawn_on: null, withdrawal_reason: null },
    });
    const later = (await s.call({ method: 'GET', url: '/api/v2/sync/pull?limit=5000', token: office })).json();
    expect(later.changes.some((c: { id: string }) => c.id === scholar.id)).toBe(true);
  });

  it('answers 404 for a scholar that does not exist', async () => {
    const res = await s.call({
      method: 'POST',
      url: `/api/v2/demographics/${uuidv7()}/withdraw`,
      token: office,
      payload: { withdrawn_on: '2026-11-16', reason: 'Moved away' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('meal eligibility history', () => {
  it('lists every determination, the latest first, for those who may see eligibility only', async () => {
    const scholar = await scholarAt(5);
    const url = `/api/v2/demographics/${scholar.id}/meal_eligibility_history`;
    for (const [meal_eligibility, meal_eligibility_effective] of [
      ['reduced', '2026-09-01'],
      ['free', '2026-10-15'],
    ]) {
      const res = await s.call({
        method: 'POST',
        url: `/api/v2/demographics/${scholar.id}/meal_eligibility`,
        token: office,
        payload: { meal_eligibility, meal_eligibility_effective },
      });
      expect(res.statusCode).toBe(200);
    }
    const res = await s.call({ method: 'GET', url, token: office });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { eligibility: string; effective_from: string }[];
    expect(rows.slice(0, 2)).toEqual([
      expect.objectContaining({ eligibility: 'free', effective_from: '2026-10-15' }),
      expect.objectContaining({ eligibility: 'reduced', effective_from: '2026-09-01' }),
    ]);
    expect((await s.call({ method: 'GET', url, token: teacher })).statusCode).toBe(403);
    expect((await s.call({ method: 'GET', url, token: cafeteria })).statusCode).toBe(403);
    const missing = `/api/v2/demographics/${uuidv7()}/meal_eligibility_history`;
    expect((await s.call({ method: 'GET', url: missing, token: office })).statusCode).toBe(404);
  });
});

describe('a duplicate student number', () => {
  it('is refused on create and on update, naming the scholar who holds it', async () => {
    const holder = await scholarAt(7);
    const other = await scholarAt(8);
    const created = await s.call({
      method: 'POST',
      url: '/api/v2/demographics',
      token: office,
      payload: { student_number: holder.student_number, fname: 'New', lname: 'Scholar', grade: '9' },
    });
    expect(created.statusCode).toBe(422);
    expect(created.json()).toMatchObject({
      code: 'validation',
      errors: { student_number: [expect.any(String)] },
      record: { id: holder.id, fname: holder.fname, lname: holder.lname, student_number: holder.student_number },
    });
    const updated = await s.call({
      method: 'PATCH',
      url: `/api/v2/demographics/${other.id}`,
      token: office,
      payload: { student_number: holder.student_number },
    });
    expect(updated.statusCode).toBe(422);
    expect(updated.json().record).toMatchObject({ id: holder.id });
    // Its own number again is no conflict.
    const same = await s.call({
      method: 'PATCH',
      url: `/api/v2/demographics/${holder.id}`,
      token: office,
      payload: { student_number: holder.student_number, nickname: 'Jazz' },
    });
    expect(same.statusCode).toBe(200);
  });
});
