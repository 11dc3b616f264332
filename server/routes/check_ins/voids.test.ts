/**
 * Voiding a check-in (the pick-up line's Undo): `POST check_ins/{id}/void` and the outbox's update of the record. The
 * record stays, marked voided with who, when and why, audited before and after; a second void answers it as it is;
 * voided records leave the lists (unless asked for), the pull (other stations get a removal) and the day's rules.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SyncItem, uuidv7 } from '../../../src/contract';
import { auditEvents, checkIns, demographics } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/helpers';

let s: TestServer;
let office: string;
let teacher: string;
let cafeteria: string;
let scholars: string[];
let adult: { id: string };

beforeAll(async () => {
  s = await startTestServer({ SCHOOL_TIMEZONE: 'America/Los_Angeles' });
  [office, teacher, cafeteria] = await Promise.all([
    s.login('office@demo.school'),
    s.login('teacher@demo.school'),
    s.login('cafeteria@demo.school'),
  ]);
  scholars = (
    await s.database.db
      .select({ id: demographics.id })
      .from(demographics)
      .where(eq(demographics.grade, '3'))
      .orderBy(demographics.student_number)
  ).map((r) => r.id);
  const res = await s.call({
    method: 'POST',
    url: '/api/v2/authorized_pick_ups',
    token: office,
    payload: { scholar_id: scholars[0], full_name: 'Marta Autorizada', relationship: 'Aunt' },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  adult = res.json().data;
});
afterAll(() => s.close());

/** Now: the pull hands out today's check-ins, today by the server's clock. */
const now = () => new Date().toISOString();
const signOutData = (extra: Record<string, unknown> = {}) => ({
  id: uuidv7(),
  kind: 'sign_out',
  scholar_id: scholars[0],
  occurred_at: now(),
  method: 'scan',
  pick_up_id: adult.id,
  ...extra,
});
const signOut = async (token = office) => {
  const res = await s.call({ method: 'POST', url: '/api/v2/check_ins', token, payload: signOutData() });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: string };
};
const voidIt = (id: string, token = office, payload: Record<string, unknown> = {}) =>
  s.call({ method: 'POST', url: `/api/v2/check_ins/${id}/void`, token, payload });
const voidAudits = (id: string) =>
  s.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.record_id, id), eq(auditEvents.action, 'void')));
const item = (data: Record<string, unknown>, action: 'create' | 'update' = 'create'): SyncItem => ({
  id: uuidv7(),
  resource: 'check_ins',
  action,
  data,
  recorded_at: now(),
});
const push = (items: SyncItem[], token = office) =>
  s.call({ method: 'POST', url: '/api/v2/sync/push', token, payload: { device_id: 'pick-up-line-2', items } });
const statuses = (res: { json(): { results: { status: string }[] } }) => res.json().results.map((r) => r.status);

describe('voiding a check-in', () => {
  it('keeps the record, marked voided by whom, when and why, audited before and after', async () => {
    const record = await signOut();
    const res = await voidIt(record.id);
    expect(res.statusCode).toBe(200);
    const voided = res.json().data;
    expect(voided).toMatchObject({ id: record.id, kind: 'sign_out', void_reason: 'tapped in error' });
    expect(Date.parse(voided.voided_at)).toBeGreaterThan(0);
    const [office_user] = await s.database.db
      .select({ recorded_by: checkIns.recorded_by })
      .from(checkIns)
      .where(eq(checkIns.id, record.id));
    expect(voided.voided_by).toBe(office_user?.recorded_by);
    const audits = await voidAudits(record.id);
    expect(audits).toHaveLength(1);
    expect(audits[0]?.changes).toMatchObject({
      before: { id: record.id, voided_at: null, void_reason: null },
      after: { id: record.id, void_reason: 'tapped in error', voided_at: voided.voided_at },
    });
    // The single record still answers, with its void.
    const single = await s.call({ method: 'GET', url: `/api/v2/check_ins/${record.id}`, token: office });
    expect(single.json().data.voided_at).toBe(voided.voided_at);
  });

  it('answers a second void with the stored record, writing nothing', async () => {
    const record = await signOut();
    const first = await voidIt(record.id, office, { voided_at: '2026-03-02T23:00:05.000Z' });
    const again = await voidIt(record.id, teacher);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    expect(first.json().data.voided_at).toBe('2026-03-02T23:00:05.000Z');
    expect(await voidAudits(record.id)).toHaveLength(1);
  });

  it('takes only the Undo reason, answers 404 for no record, and asks for the sign-out permission', async () => {
    const record = await signOut();
    const other = await voidIt(record.id, office, { void_reason: 'changed my mind' });
    expect(other.statusCode).toBe(422);
    expect(Object.keys(other.json().errors)).toEqual(['void_reason']);
    expect((await voidIt(uuidv7())).statusCode).toBe(404);
    expect((await s.call({ method: 'POST', url: `/api/v2/check_ins/${record.id}/void`, payload: {} })).statusCode).toBe(
      401,
    );
    // The cafeteria records no check-ins; a teacher (Staff: check_ins-create, no update) may undo a sign-out.
    expect((await voidIt(record.id, cafeteria)).statusCode).toBe(403);
    expect((await voidIt(record.id, teacher)).statusCode).toBe(200);
  });

  it('leaves voided records out of the lists unless include_voided is asked for', async () => {
    const record = await signOut();
    await voidIt(record.id);
    const list = async (query: string) => {
      const res = await s.call({
        method: 'GET',
        url: `/api/v2/check_ins?per_page=500&filter[scholar_id]=${scholars[0]}${query}`,
        token: office,
      });
      expect(res.statusCode, query).toBe(200);
      return res.json() as { data: { id: string; voided_at: string | null }[]; meta: { total: number } };
    };
    const plain = await list('');
    expect(plain.data.map((r) => r.id)).not.toContain(record.id);
    expect(plain.data.every((r) => r.voided_at === null)).toBe(true);
    const all = await list('&filter[include_voided]=true');
    expect(all.data.map((r) => r.id)).toContain(record.id);
    expect(all.meta.total).toBeGreaterThan(plain.meta.total);
    const bad = await s.call({ method: 'GET', url: '/api/v2/check_ins?filter[include_voided]=maybe', token: office });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['filter.include_voided']);
  });

  it('frees the day of a voided arrival: the scholar can arrive again', async () => {
    const arrival = (id = uuidv7()) =>
      s.call({
        method: 'POST',
        url: '/api/v2/check_ins',
        token: office,
        payload: { id, kind: 'arrival', scholar_id: scholars[3], occurred_at: '2026-03-04T07:50:00-08:00' },
      });
    const first = await arrival();
    expect(first.statusCode).toBe(201);
    expect((await arrival()).statusCode).toBe(409);
    await voidIt(first.json().data.id);
    expect((await arrival()).statusCode).toBe(201);
    // And through the push's batch path too: the voided one does not hold the day, the new one does.
    const pushed = await push([
      item({
        id: uuidv7(),
        kind: 'arrival',
        scholar_id: scholars[3],
        occurred_at: '2026-03-04T08:10:00-08:00',
        reason: 'Late bus',
      }),
    ]);
    expect(statuses(pushed), pushed.body).toEqual(['conflict']);
  });

  it('drops a voided record from the pull: a removal in the delta, absent from a snapshot', async () => {
    const snapshotIds = async () => {
      const ids = new Set<string>();
      let res = (await s.call({ method: 'GET', url: '/api/v2/sync/pull?limit=5000', token: office })).json();
      const cursor = res.cursor as number;
      for (;;) {
        for (const c of res.changes) if (c.resource === 'check_ins') ids.add(c.id);
        if (!res.snapshot_next) break;
        res = (
          await s.call({
            method: 'GET',
            url: `/api/v2/sync/pull?limit=5000&snapshot=${res.snapshot_next}`,
            token: office,
          })
        ).json();
      }
      return { ids, cursor };
    };
    const record = await signOut();
    const before = await snapshotIds();
    expect(before.ids).toContain(record.id);
    await voidIt(record.id);
    const delta = (
      await s.call({ method: 'GET', url: `/api/v2/sync/pull?since=${before.cursor}`, token: office })
    ).json();
    expect(delta.changes).toContainEqual({ resource: 'check_ins', id: record.id, op: 'delete' });
    expect((await snapshotIds()).ids).not.toContain(record.id);
  });
});

describe('voiding through the outbox', () => {
  it('applies a sign-out and its void in one push in order, and the same push again as duplicates', async () => {
    const data = signOutData({ scholar_id: scholars[1], pick_up_name: 'Tío Sin Lista', override_reason: 'Called' });
    delete (data as { pick_up_id?: string }).pick_up_id;
    const items = [item(data), item({ id: data.id, void_reason: 'tapped in error' }, 'update')];
    const first = await push(items);
    expect(first.statusCode).toBe(200);
    expect(statuses(first)).toEqual(['applied', 'applied']);
    expect(first.json().results[1].record).toMatchObject({ id: data.id, void_reason: 'tapped in error' });
    const again = await push(items);
    expect(statuses(again)).toEqual(['duplicate', 'duplicate']);
    expect(again.json().results[1].record).toMatchObject({ id: data.id, void_reason: 'tapped in error' });
    const [row] = await s.database.db.select().from(checkIns).where(eq(checkIns.id, data.id));
    expect(row?.voided_at).not.toBeNull();
    expect(row?.device_id).toBe('pick-up-line-2');
    expect(await voidAudits(data.id)).toHaveLength(1);
  });

  it('applies a void sent after its sign-out was pushed, and a second void entry answers the stored record', async () => {
    const data = signOutData({ scholar_id: scholars[2], pick_up_name: 'Vecina', override_reason: 'Called' });
    delete (data as { pick_up_id?: string }).pick_up_id;
    expect(statuses(await push([item(data)], teacher))).toEqual(['applied']);
    const undo = item({ id: data.id, voided_at: '2026-03-02T23:00:09.000Z' }, 'update');
    const applied = await push([undo], teacher);
    expect(statuses(applied)).toEqual(['applied']);
    expect(applied.json().results[0].record).toMatchObject({
      void_reason: 'tapped in error',
      voided_at: '2026-03-02T23:00:09.000Z',
    });
    expect(statuses(await push([undo], teacher))).toEqual(['duplicate']);
    // Another tab's Undo of the same record: applied, answering the record as it stands.
    const other = await push([item({ id: data.id }, 'update')], teacher);
    expect(statuses(other)).toEqual(['applied']);
    expect(other.json().results[0].record.voided_at).toBe('2026-03-02T23:00:09.000Z');
    expect(await voidAudits(data.id)).toHaveLength(1);
  });

  it('rejects a void without the sign-out permission, of no record, or with another reason', async () => {
    const record = await signOut();
    const res = await push(
      [
        item({ id: record.id }, 'update'),
        item({ id: uuidv7() }, 'update'),
        item({ id: record.id, void_reason: 'changed my mind' }, 'update'),
      ],
      office,
    );
    expect(statuses(res)).toEqual(['applied', 'rejected', 'rejected']);
    expect(res.json().results[2].errors).toHaveProperty('void_reason');
    const denied = await push([item({ id: record.id }, 'update')], cafeteria);
    expect(statuses(denied)).toEqual(['rejected']);
    expect(denied.json().results[0].message).toBe('You do not have permission to do that.');
  });
});
