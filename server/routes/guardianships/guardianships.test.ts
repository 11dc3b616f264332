/**
 * Guardians and their links to scholars: the office creates and changes guardians (a duplicate email is answered
 * with the account that holds it), links and unlinks them, and a guardian who may pick up is mirrored as one of the
 * scholar's pick-up adults, kept in line with the link and the guardian's name and phone, and pulled by the stations.
 * A pick-up adult the office refused (not_authorized) is never touched. The portal follows the links.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type GuardianRecord,
  type GuardianshipRecord,
  type PortalScholarsResponse,
  type SyncPullResponse,
  uuidv7,
} from '../../../src/contract';
import { createSession } from '../../auth/sessions';
import { auditEvents, authorizedPickUps, demographics } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/helpers';

let s: TestServer;
let office: string;
let teacher: string;
let scholarIds: string[];

beforeAll(async () => {
  s = await startTestServer();
  [office, teacher] = await Promise.all([s.login('office@demo.school'), s.login('teacher@demo.school')]);
  scholarIds = (
    await s.database.db
      .select({ id: demographics.id })
      .from(demographics)
      .where(eq(demographics.active, true))
      .orderBy(demographics.student_number)
      .limit(4)
  ).map((r) => r.id);
});
afterAll(() => s.close());

const scholar = (i: number) => scholarIds[i] as string;
const post = (url: string, payload: unknown, token = office) =>
  s.call({ method: 'POST', url: `/api/v2/${url}`, token, payload: payload as Record<string, unknown> });
const get = (url: string, token = office) => s.call({ method: 'GET', url: `/api/v2/${url}`, token });
const patch = (url: string, payload: Record<string, unknown>) => post(url, { _method: 'PATCH', ...payload });

async function newGuardian(fields: Partial<Record<string, string>> = {}): Promise<GuardianRecord> {
  const tag = uuidv7().slice(-8);
  const res = await post('guardians', {
    fname: 'Lucía',
    lname: `Prueba${tag}`,
    email: `lucia.${tag}@example.com`,
    phone: '(555) 010-2000',
    language: 'es',
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: GuardianRecord }>().data;
}
async function link(parentId: string, scholarId: string, extra: Record<string, unknown> = {}) {
  const res = await post('guardianships', {
    parent_id: parentId,
    scholar_id: scholarId,
    relationship: 'mother',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: GuardianshipRecord }>().data;
}
const mirrored = (guardianId: string, scholarId: string) =>
  s.database.db
    .select()
    .from(authorizedPickUps)
    .where(and(eq(authorizedPickUps.guardian_id, guardianId), eq(authorizedPickUps.scholar_id, scholarId)));

describe('guardians', () => {
  it('creates a guardian (a parent account without a password), finds and changes them, audited', async () => {
    const g = await newGuardian();
    expect(g).toMatchObject({ fname: 'Lucía', phone: '(555) 010-2000', language: 'es', has_password: false });
    expect(g.scholar_count).toBe(0);
    const found = await get(`guardians?search=${encodeURIComponent(`lucía ${g.lname}`)}`);
    expect(found.json<{ data: GuardianRecord[] }>().data.map((r) => r.id)).toEqual([g.id]);
    const byPhone = await get('guardians?search=010-2000&per_page=500');
    expect(byPhone.json<{ data: GuardianRecord[] }>().data.map((r) => r.id)).toContain(g.id);
    const changed = await patch(`guardians/${g.id}`, { phone: '555-010-3000', language: 'en' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().data).toMatchObject({ phone: '555-010-3000', language: 'en' });
    const events = await s.database.db.select().from(auditEvents).where(eq(auditEvents.record_id, g.id));
    expect(events.map((e) => e.action).sort()).toEqual(['create', 'update']);
    expect(events.find((e) => e.action === 'update')?.changes).toEqual({
      before: { phone: '(555) 010-2000', language: 'es' },
      after: { phone: '555-010-3000', language: 'en' },
    });
  });

  it('lists only guardians: a staff account is neither listed nor readable here', async () => {
    const all = await get('guardians?search=demo.school&per_page=500');
    const emails = all.json<{ data: GuardianRecord[] }>().data.map((r) => r.email);
    expect(emails).toContain('parent@demo.school');
    expect(emails).not.toContain('office@demo.school');
    const staff = await s.database.db.query.users.findFirst({
      where: (u, { eq }) => eq(u.email, 'teacher@demo.school'),
    });
    expect((await get(`guardians/${staff?.id}`)).statusCode).toBe(404);
    expect((await patch(`guardians/${staff?.id}`, { fname: 'X' })).statusCode).toBe(404);
  });

  it('refuses a duplicate email, naming the account that holds it', async () => {
    const res = await post('guardians', { fname: 'A', lname: 'B', email: 'Teacher@Demo.School', language: 'en' });
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body.errors.email).toHaveLength(1);
    expect(body.record).toMatchObject({ type: 'staff', name: expect.any(String), id: expect.any(String) });
    const g = await newGuardian();
    const onUpdate = await patch(`guardians/${g.id}`, { email: 'parent@demo.school' });
    expect(onUpdate.statusCode).toBe(409);
    expect(onUpdate.json().record).toMatchObject({ type: 'parent' });
    // Its own address again is no conflict.
    expect((await patch(`guardians/${g.id}`, { email: g.email })).statusCode).toBe(200);
  });

  it('answers a field error for a bad phone or a missing name', async () => {
    const res = await post('guardians', { fname: '', lname: 'B', email: 'x@example.com', phone: 'call me' });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['fname', 'phone']);
  });

  it('replays an idempotent create: the same content answers the stored guardian, other content 409', async () => {
    const id = uuidv7();
    const payload = { id, fname: 'Rep', lname: 'Lay', email: `rep.${id.slice(-6)}@example.com`, language: 'en' };
    expect((await post('guardians', payload)).statusCode).toBe(201);
    const again = await post('guardians', payload);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(id);
    expect((await post('guardians', { ...payload, fname: 'Other' })).statusCode).toBe(409);
    const linkId = uuidv7();
    const linkPayload = { id: linkId, parent_id: id, scholar_id: scholar(3), relationship: 'father' };
    expect((await post('guardianships', linkPayload)).statusCode).toBe(201);
    expect((await post('guardianships', linkPayload)).statusCode).toBe(200);
    expect((await post('guardianships', { ...linkPayload, relationship: 'other' })).statusCode).toBe(409);
  });

  it('is the office’s: a teacher may not read or write guardians', async () => {
    expect((await get('guardians', teacher)).statusCode).toBe(403);
    expect((await post('guardianships', {}, teacher)).statusCode).toBe(403);
  });
});

describe('guardianships and the mirrored pick-up adult', () => {
  it('links and unlinks, listed by scholar and by guardian with both names', async () => {
    const g = await newGuardian();
    const l = await link(g.id, scholar(0), { relationship: 'grandparent' });
    expect(l).toMatchObject({ relationship: 'grandparent', may_pick_up: false, guardian_name: `Lucía ${g.lname}` });
    expect(l.scholar_name).not.toBe('');
    const byScholar = await get(`guardianships?filter[scholar_id]=${scholar(0)}&per_page=100`);
    expect(byScholar.json<{ data: GuardianshipRecord[] }>().data.map((r) => r.id)).toContain(l.id);
    const byParent = await get(`guardianships?filter[parent_id]=${g.id}`);
    expect(byParent.json<{ data: GuardianshipRecord[] }>().data.map((r) => r.scholar_id)).toEqual([scholar(0)]);
    expect((await get(`guardians/${g.id}`)).json().data.scholar_count).toBe(1);
    // The same guardian and scholar twice is refused with the link that exists.
    const twice = await post('guardianships', { parent_id: g.id, scholar_id: scholar(0), relationship: 'other' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().record.id).toBe(l.id);
    // Only a guardian and an existing scholar.
    const staff = await s.database.db.query.users.findFirst({
      where: (u, { eq }) => eq(u.email, 'office@demo.school'),
    });
    const notParent = await post('guardianships', {
      parent_id: staff?.id,
      scholar_id: scholar(1),
      relationship: 'other',
    });
    expect(notParent.json().errors).toHaveProperty('parent_id');
    const noScholar = await post('guardianships', { parent_id: g.id, scholar_id: uuidv7(), relationship: 'other' });
    expect(noScholar.json().errors).toHaveProperty('scholar_id');
    expect((await s.call({ method: 'DELETE', url: `/api/v2/guardianships/${l.id}`, token: office })).statusCode).toBe(
      200,
    );
    expect((await get(`guardianships?filter[parent_id]=${g.id}`)).json().data).toEqual([]);
    const [unlinked] = await s.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.record_id, l.id), eq(auditEvents.action, 'delete')));
    expect(unlinked?.changes).toMatchObject({ before: { parent_id: g.id, relationship: 'grandparent' }, after: null });
  });

  it('mirrors a guardian who may pick up: follows may_pick_up, relationship, name and phone, and the unlink', async () => {
    const g = await newGuardian();
    const l = await link(g.id, scholar(1), { may_pick_up: true });
    let [row] = await mirrored(g.id, scholar(1));
    expect(row).toMatchObject({
      full_name: `Lucía ${g.lname}`,
      phone: '(555) 010-2000',
      relationship: 'Mother',
      status: 'authorized',
      active: true,
    });
    // Listed among the scholar's pick-up adults, as the pick-up line reads them.
    const adults = await get(`authorized_pick_ups?filter[scholar_id]=${scholar(1)}&per_page=100`);
    expect(adults.json<{ data: { id: string }[] }>().data.map((a) => a.id)).toContain(row?.id);

    await patch(`guardianships/${l.id}`, { relationship: 'guardian' });
    [row] = await mirrored(g.id, scholar(1));
    expect(row?.relationship).toBe('Guardian');
    const [changed] = await s.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.record_id, l.id), eq(auditEvents.action, 'update')));
    expect(changed?.changes).toEqual({ before: { relationship: 'mother' }, after: { relationship: 'guardian' } });
    await patch(`guardians/${g.id}`, { fname: 'Lucy', phone: '555 010 9999' });
    [row] = await mirrored(g.id, scholar(1));
    expect(row).toMatchObject({ full_name: `Lucy ${g.lname}`, phone: '555 010 9999', active: true });

    await patch(`guardianships/${l.id}`, { may_pick_up: false });
    [row] = await mirrored(g.id, scholar(1));
    expect(row?.active).toBe(false);
    await patch(`guardianships/${l.id}`, { may_pick_up: true });
    const rows = await mirrored(g.id, scholar(1));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.active).toBe(true);

    await s.call({ method: 'DELETE', url: `/api/v2/guardianships/${l.id}`, token: office });
    [row] = await mirrored(g.id, scholar(1));
    expect(row?.active).toBe(false);
    const events = await s.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.record_id, row?.id as string));
    expect(events.length).toBeGreaterThanOrEqual(5);
    expect(events.at(-1)?.changes).toMatchObject({ before: { active: true }, after: { active: false } });
  });

  it('leaves a refused adult (not_authorized, custody notes) as it is', async () => {
    const g = await newGuardian();
    const refused = await post('authorized_pick_ups', {
      scholar_id: scholar(2),
      full_name: `Lucía ${g.lname}`,
      status: 'not_authorized',
      notes: 'Custody order of 2026-09-01: no pick-up.',
    });
    expect(refused.statusCode, refused.body).toBe(201);
    const before = refused.json().data;
    const l = await link(g.id, scholar(2), { may_pick_up: true });
    await patch(`guardians/${g.id}`, { lname: `${g.lname}-Ruiz`, phone: '555 010 1111' });
    await patch(`guardianships/${l.id}`, { may_pick_up: false });
    await s.call({ method: 'DELETE', url: `/api/v2/guardianships/${l.id}`, token: office });
    const after = await get(`authorized_pick_ups/${before.id}`);
    expect(after.json().data).toEqual(before);

    // A mirrored row the office then refused is the office's too: the mirroring no longer changes it.
    const l2 = await link(g.id, scholar(3), { may_pick_up: true });
    const [row] = await mirrored(g.id, scholar(3));
    const set = await post(`authorized_pick_ups/${row?.id}`, {
      _method: 'PATCH',
      status: 'not_authorized',
      notes: 'Custody changed.',
    });
    expect(set.statusCode, set.body).toBe(200);
    await patch(`guardians/${g.id}`, { fname: 'Changed' });
    await patch(`guardianships/${l2.id}`, { may_pick_up: false });
    const [still] = await mirrored(g.id, scholar(3));
    expect(still).toMatchObject({ status: 'not_authorized', active: true, full_name: row?.full_name });
  });

  it('takes over the same adult typed in by the office, and adds none beside a refusal of the same name', async () => {
    const g = await newGuardian();
    const typed = await post('authorized_pick_ups', {
      scholar_id: scholar(0),
      full_name: `lucía ${g.lname}`,
      relationship: 'Mom',
      phone: '555 010 5555',
    });
    expect(typed.statusCode, typed.body).toBe(201);
    await link(g.id, scholar(0), { may_pick_up: true });
    const rows = await mirrored(g.id, scholar(0));
    expect(rows.map((r) => r.id)).toEqual([typed.json().data.id]);
    expect(rows[0]).toMatchObject({ full_name: `Lucía ${g.lname}`, phone: '(555) 010-2000', relationship: 'Mother' });

    const other = await newGuardian();
    const refused = await post('authorized_pick_ups', {
      scholar_id: scholar(1),
      full_name: `Lucía ${other.lname}`,
      status: 'not_authorized',
      notes: 'Restraining order on file.',
    });
    expect(refused.statusCode, refused.body).toBe(201);
    await link(other.id, scholar(1), { may_pick_up: true });
    expect(await mirrored(other.id, scholar(1))).toEqual([]);
    const adults = await get(`authorized_pick_ups?filter[scholar_id]=${scholar(1)}&search=${other.lname}`);
    expect(adults.json<{ data: { status: string }[] }>().data.map((a) => a.status)).toEqual(['not_authorized']);
  });

  it('follows a guardian renamed or deactivated on the users screen, and reactivated', async () => {
    const admin = await s.login('admin@demo.school');
    const g = await newGuardian();
    await link(g.id, scholar(2), { may_pick_up: true });
    const users = (method: 'POST' | 'DELETE', payload?: Record<string, unknown>) =>
      s.call({ method, url: `/api/v2/users/${g.id}`, token: admin, payload });
    expect((await users('POST', { _method: 'PATCH', lname: 'Renombrada' })).statusCode).toBe(200);
    expect((await mirrored(g.id, scholar(2)))[0]).toMatchObject({ full_name: 'Lucía Renombrada', active: true });
    expect((await users('DELETE')).statusCode).toBe(200);
    expect((await mirrored(g.id, scholar(2)))[0]?.active).toBe(false);
    expect((await users('POST', { _method: 'PATCH', active: true })).statusCode).toBe(200);
    expect((await mirrored(g.id, scholar(2)))[0]?.active).toBe(true);
  });

  it('reaches the stations through the sync pull', async () => {
    const first = await get('sync/pull?limit=1');
    const { cursor } = first.json<SyncPullResponse>();
    const g = await newGuardian();
    await link(g.id, scholar(0), { may_pick_up: true });
    const [row] = await mirrored(g.id, scholar(0));
    const pulled = await get(`sync/pull?since=${cursor}&limit=5000`);
    const changes = pulled.json<SyncPullResponse>().changes;
    expect(changes).toContainEqual(
      expect.objectContaining({
        resource: 'authorized_pick_ups',
        id: row?.id,
        op: 'upsert',
        record: expect.objectContaining({ full_name: `Lucía ${g.lname}`, status: 'authorized' }),
      }),
    );
  });
});

describe('the portal follows the links', () => {
  it('a newly linked guardian sees the scholar in the portal; unlinked, no longer', async () => {
    const g = await newGuardian();
    const token = await createSession(s.database.db, g.id, 'password', 1);
    const portal = () => get('scholar/scholars', token);
    expect((await portal()).json<PortalScholarsResponse>().data).toEqual([]);
    const l = await link(g.id, scholar(1));
    const seen = (await portal()).json<PortalScholarsResponse>().data;
    expect(seen.map((c) => c.id)).toEqual([scholar(1)]);
    expect((await get(`scholar/scholars/${scholar(1)}/home`, token)).statusCode).toBe(200);
    await s.call({ method: 'DELETE', url: `/api/v2/guardianships/${l.id}`, token: office });
    expect((await portal()).json<PortalScholarsResponse>().data).toEqual([]);
    expect((await get(`scholar/scholars/${scholar(1)}/home`, token)).statusCode).toBe(404);
  });
});
