/**
 * The car line through `inject`: a family's tag (two guardians of the same children share one; another family's
 * number refused on `number`), a guardian's "I'm here" (their own children only: another child 404, staff 403;
 * outside the dismissal window refused; twice queues once; a child whose pick-up list refuses them not queued), the
 * curb's tag entry through the sync push (delivered twice, queued once), the sign-out taking a child off the queue
 * (and its Undo putting them back), every queue entry audited, and the queue in the stations' sync snapshot.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { type CarLineEntry, uuidv7 } from '../../../src/contract';
import {
  auditEvents,
  authorizedPickUps,
  carLineQueue,
  demographics,
  guardianships,
  schoolSettings,
  users,
} from '../../db/schema';
import { zonedInstant } from '../../lib/expected-hours';
import { schoolDay } from '../../lib/school-day';
import { startTestServer, type TestServer } from '../../test/helpers';

let s: TestServer;
let parent: string;
let parentId: string;
let office: string;
let teacher: string;
let cafeteria: string;
let children: string[];
let stranger: string;
let today: string;
let timeZone: string;

const call = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  s.call({ method, url: `/api/v2/${url}`, token, payload });

/** Freezes the server's clock (Date only) at `minutes` from the car line's opening today, on the school's clock. */
const inWindow = (minutes = 5) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(zonedInstant(today, '14:45', timeZone) + minutes * 60_000);
};

const queueOfToday = async (token = office) => {
  const res = await call('GET', 'car_line/queue', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: CarLineEntry[] }>().data;
};

const push = (token: string, items: object[]) =>
  s.call({ method: 'POST', url: '/api/v2/sync/push', token, payload: { device_id: 'curb-tablet', items } });

const curbEntry = (tagNumber: number, id = uuidv7()) => ({
  id,
  resource: 'car_line_calls',
  action: 'create',
  data: { id, tag_number: tagNumber },
  recorded_at: new Date().toISOString(),
});

const signOut = (scholarId: string) =>
  call('POST', 'check_ins', office, {
    id: uuidv7(),
    kind: 'sign_out',
    scholar_id: scholarId,
    occurred_at: new Date().toISOString(),
    method: 'manual',
    pick_up_name: 'Car line driver',
    override_reason: 'Test of the car line',
  });

/** A new guardian of `scholarIds` (through the office's own routes), with a session. */
async function newGuardian(email: string, scholarIds: string[]) {
  const made = await call('POST', 'guardians', office, { fname: 'Second', lname: 'Parent', email, phone: null });
  expect(made.statusCode, made.body).toBe(201);
  const id = made.json().data.id as string;
  for (const scholarId of scholarIds) {
    const link = await call('POST', 'guardianships', office, {
      parent_id: id,
      scholar_id: scholarId,
      relationship: 'father',
    });
    expect(link.statusCode, link.body).toBe(201);
  }
  return id;
}

beforeAll(async () => {
  s = await startTestServer();
  [parent, office, teacher, cafeteria] = await Promise.all([
    s.login('parent@demo.school'),
    s.login('office@demo.school'),
    s.login('teacher@demo.school'),
    s.login('cafeteria@demo.school'),
  ]);
  const db = s.database.db;
  const [me] = await db.select().from(users).where(eq(users.email, 'parent@demo.school'));
  parentId = me?.id as string;
  children = (await db.select().from(guardianships).where(eq(guardianships.parent_id, parentId))).map(
    (g) => g.scholar_id,
  );
  const mine = new Set(children);
  const all = await db.select({ id: demographics.id }).from(demographics).where(eq(demographics.active, true));
  stranger = all.find((d) => !mine.has(d.id))?.id as string;
  timeZone = s.app.school.timeZone;
  today = schoolDay(new Date(), timeZone);
  await db.update(schoolSettings).set({ car_line_start: '14:45', car_line_end: '16:00' });
});
afterEach(() => {
  vi.useRealTimers();
});
afterAll(() => s.close());

describe('car tags', () => {
  it('offers the next free number, lets two guardians of the same children share it, refuses another family', async () => {
    expect(children.length).toBeGreaterThanOrEqual(2);
    const first = await call('GET', `car_line/guardians/${parentId}/tag`, office);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toBeNull();
    const offered = first.json().next_free as number;
    const set = await call('POST', `car_line/guardians/${parentId}/tag`, office, { number: offered });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.number).toBe(offered);
    expect(set.json().next_free).not.toBe(offered);
    expect(
      set
        .json()
        .data.children.map((c: { scholar_id: string }) => c.scholar_id)
        .sort(),
    ).toEqual([...children].sort());

    // The other parent of the same children shares the number: one family, one tag, the children of both.
    const partner = await newGuardian('partner.carline@example.org', [children[0] as string]);
    const shared = await call('POST', `car_line/guardians/${partner}/tag`, office, { number: offered });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(
      shared
        .json()
        .data.guardians.map((g: { id: string }) => g.id)
        .sort(),
    ).toEqual([parentId, partner].sort());
    expect(shared.json().data.children).toHaveLength(children.length);

    // A guardian of another child is another family: the number is refused on its field.
    const other = await newGuardian('other.family@example.org', [stranger]);
    const refused = await call('POST', `car_line/guardians/${other}/tag`, office, { number: offered });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.number).toEqual([`Tag ${offered} belongs to another family. Choose another number.`]);
    const bad = await call('POST', `car_line/guardians/${other}/tag`, office, { number: 0 });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.number).toBeDefined();

    // Staff without the guardians' permissions get 403; the change is audited.
    expect((await call('POST', `car_line/guardians/${other}/tag`, teacher, { number: 77 })).statusCode).toBe(403);
    const audited = await s.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.resource, 'car_tags'), eq(auditEvents.record_id, partner)));
    expect(audited).toHaveLength(1);
  });
});

describe('a guardian’s “I’m here”', () => {
  it('is refused outside the dismissal window, saying when it opens', async () => {
    inWindow(-30);
    const before = await call('GET', 'scholar/car_line', parent);
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json()).toMatchObject({ is_open: false, window: { start: '14:45', end: '16:00' } });
    const res = await call('POST', 'scholar/car_line', parent, { id: uuidv7() });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The car line is open from 14:45 to 16:00.');
    inWindow(80);
    expect((await call('POST', 'scholar/car_line', parent, { id: uuidv7() })).statusCode).toBe(409);
    expect(await queueOfToday()).toHaveLength(0);
  });

  it('answers 404 for another child and 403 to staff accounts', async () => {
    inWindow();
    const other = await call('POST', 'scholar/car_line', parent, { id: uuidv7(), scholar_ids: [stranger] });
    expect(other.statusCode).toBe(404);
    const mixed = await call('POST', 'scholar/car_line', parent, {
      id: uuidv7(),
      scholar_ids: [children[0], stranger],
    });
    expect(mixed.statusCode).toBe(404);
    for (const token of [office, teacher]) {
      expect((await call('POST', 'scholar/car_line', token, { id: uuidv7() })).statusCode).toBe(403);
      expect((await call('GET', 'scholar/car_line', token)).statusCode).toBe(403);
    }
    expect((await call('GET', 'car_line/queue', cafeteria)).statusCode).toBe(403);
    expect((await call('GET', 'car_line/queue', parent)).statusCode).toBe(403);
    expect(await queueOfToday()).toHaveLength(0);
  });

  it('queues both children once however often it is tapped, each entry audited, and the portal shows it', async () => {
    inWindow();
    const id = uuidv7();
    const first = await call('POST', 'scholar/car_line', parent, { id });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data.scholar_ids.sort()).toEqual([...children].sort());
    const again = await call('POST', 'scholar/car_line', parent, { id });
    expect(again.statusCode, again.body).toBe(200);
    const anotherTap = await call('POST', 'scholar/car_line', parent, { id: uuidv7() });
    expect(anotherTap.statusCode, anotherTap.body).toBe(201);
    const queue = await queueOfToday();
    expect(queue.map((e) => e.scholar_id).sort()).toEqual([...children].sort());
    for (const entry of queue) {
      const events = await s.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.resource, 'car_line_queue'), eq(auditEvents.record_id, entry.id)));
      expect(events).toHaveLength(1);
    }
    const portal = (await call('GET', 'scholar/car_line', parent)).json();
    expect(portal.is_open).toBe(true);
    expect(portal.children.every((c: { called_at: string | null }) => c.called_at)).toBe(true);
  });

  it('takes a child off the queue at the sign-out, and the Undo of the sign-out puts them back', async () => {
    inWindow(10);
    const [first, second] = children as [string, string];
    const out = await signOut(first);
    expect(out.statusCode, out.body).toBe(201);
    expect((await queueOfToday()).map((e) => e.scholar_id)).toEqual([second]);
    const released = await call('GET', 'car_line/queue?include_released=true', office);
    expect(released.json().data.find((e: CarLineEntry) => e.scholar_id === first)?.released_at).toBeTruthy();
    const undo = await push(office, [
      {
        id: uuidv7(),
        resource: 'check_ins',
        action: 'update',
        data: { id: out.json().data.id, void_reason: 'tapped in error' },
        recorded_at: new Date().toISOString(),
      },
    ]);
    expect(undo.json().results[0].status, undo.body).toBe('applied');
    expect((await queueOfToday()).map((e) => e.scholar_id).sort()).toEqual([...children].sort());
  });

  it('never queues a child whose pick-up list refuses this guardian', async () => {
    inWindow();
    const db = s.database.db;
    await db.delete(carLineQueue);
    await db.insert(authorizedPickUps).values({
      id: uuidv7(),
      scholar_id: children[1] as string,
      full_name: 'Demo Parent',
      relationship: 'Parent',
      status: 'not_authorized',
      notes: 'Custody order',
      guardian_id: parentId,
    });
    const res = await call('POST', 'scholar/car_line', parent, { id: uuidv7() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.scholar_ids).toEqual([children[0]]);
    const only = await call('POST', 'scholar/car_line', parent, { id: uuidv7(), scholar_ids: [children[1]] });
    expect(only.statusCode).toBe(422);
    expect((await queueOfToday()).map((e) => e.scholar_id)).toEqual([children[0]]);
    const portal = (await call('GET', 'scholar/car_line', parent)).json();
    expect(portal.children.find((c: { scholar_id: string }) => c.scholar_id === children[1]).refused).toBe(true);
    await db
      .delete(authorizedPickUps)
      .where(and(eq(authorizedPickUps.guardian_id, parentId), eq(authorizedPickUps.status, 'not_authorized')));
  });
});

describe('the curb', () => {
  it('queues a tag’s children through the sync push once when the entry is delivered twice', async () => {
    await s.database.db.delete(carLineQueue);
    const tag = (await call('GET', `car_line/guardians/${parentId}/tag`, office)).json().data.number as number;
    const entry = curbEntry(tag);
    const first = await push(teacher, [entry]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().results[0].status, first.body).toBe('applied');
    const again = await push(teacher, [entry, curbEntry(tag)]);
    expect(again.json().results.map((r: { status: string }) => r.status)).toEqual(['duplicate', 'applied']);
    expect((await queueOfToday(teacher)).map((e) => e.scholar_id).sort()).toEqual([...children].sort());
    // An unknown tag is rejected with its field; staff without the pick-up line's permission are refused.
    const unknown = await push(teacher, [curbEntry(9999)]);
    expect(unknown.json().results[0]).toMatchObject({
      status: 'rejected',
      errors: { tag_number: ['No family has car tag 9999.'] },
    });
    expect((await push(cafeteria, [curbEntry(tag)])).json().results[0].status).toBe('rejected');
  });

  it('hands the day’s queue to the stations in the sync snapshot, and a released entry as a removal', async () => {
    const ids: string[] = [];
    let token: string | undefined;
    let cursor = 0;
    do {
      const res = await call('GET', `sync/pull?limit=1000${token ? `&snapshot=${token}` : ''}`, teacher);
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json();
      for (const c of page.changes) if (c.resource === 'car_line_queue') ids.push(c.id);
      token = page.snapshot_next;
      cursor = page.cursor;
    } while (token);
    const queue = await queueOfToday();
    expect(ids.sort()).toEqual(queue.map((e) => e.id).sort());
    const gone = queue[0] as CarLineEntry;
    expect((await signOut(gone.scholar_id)).statusCode).toBe(201);
    const delta = (await call('GET', `sync/pull?since=${cursor}`, teacher)).json();
    expect(delta.changes).toContainEqual({ resource: 'car_line_queue', id: gone.id, op: 'delete' });
    // Who may not work the pick-up line does not get the queue.
    const cafe = (await call('GET', 'sync/pull?limit=1000', cafeteria)).json();
    expect(cafe.changes.some((c: { resource: string }) => c.resource === 'car_line_queue')).toBe(false);
  });
});
