import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../../src/contract';
import { auditEvents, roles } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/helpers';

let s: TestServer;
let admin: string;
let roleIds: Record<string, string>;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin@demo.school');
  const rows = await s.database.db.select().from(roles);
  roleIds = Object.fromEntries(rows.map((r) => [r.name, r.id]));
});
afterAll(() => s.close());

const create = (payload: Record<string, unknown>, token = admin) =>
  s.call({ method: 'POST', url: '/api/v2/users', token, payload });

describe('v2/users', () => {
  it('lists with search, filter, sort, pages and meta.total', async () => {
    const page1 = await s.call({
      method: 'GET',
      url: '/api/v2/users?filter[type]=staff&sort=-lname&per_page=5',
      token: admin,
    });
    expect(page1.statusCode).toBe(200);
    const body = page1.json();
    expect(body.meta).toMatchObject({ page: 1, per_page: 5 });
    expect(body.meta.total).toBeGreaterThan(5);
    expect(body.data).toHaveLength(5);
    const names = body.data.map((u: { lname: string }) => u.lname);
    expect([...names].sort().reverse()).toEqual(names);
    expect(body.data.every((u: { type: string }) => u.type === 'staff')).toBe(true);
    const page2 = await s.call({
      method: 'GET',
      url: '/api/v2/users?filter[type]=staff&sort=-lname&per_page=5&page=2',
      token: admin,
    });
    expect(page2.json().data[0].id).not.toBe(body.data[0].id);

    const search = await s.call({ method: 'GET', url: '/api/v2/users?search=office%40demo', token: admin });
    expect(search.json().data.map((u: { email: string }) => u.email)).toEqual(['office@demo.school']);
    expect(search.json().data[0].roles).toEqual([{ id: roleIds['Front Office'], name: 'Front Office' }]);
    expect(search.json().data[0]).not.toHaveProperty('password_hash');

    const byRole = await s.call({
      method: 'GET',
      url: `/api/v2/users?filter[role_id]=${roleIds.Administrator}`,
      token: admin,
    });
    expect(byRole.json().data.map((u: { email: string }) => u.email)).toContain('admin@demo.school');
  });

  it('creates a user with roles and a password that signs in, audited without the password', async () => {
    const res = await create({
      email: 'New.Person@demo.school',
      fname: 'New',
      lname: 'Person',
      password: 'long-enough-1',
      role_ids: [roleIds.Cafeteria],
    });
    expect(res.statusCode).toBe(201);
    const user = res.json().data;
    expect(user.email).toBe('new.person@demo.school');
    expect(user.has_password).toBe(true);
    const token = await s.login('new.person@demo.school', 'long-enough-1');
    const check = await s.call({ method: 'GET', url: '/api/v2/auth/check', token });
    expect(check.json().user.permissions).toContain('nslp_records-create');
    const [event] = await s.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.resource, 'users'), eq(auditEvents.record_id, user.id)));
    expect(event?.action).toBe('create');
    expect(JSON.stringify(event?.changes)).not.toContain('long-enough-1');
  });

  it('refuses a duplicate email with 422 on the email field', async () => {
    const res = await create({ email: 'office@demo.school', fname: 'A', lname: 'B' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.email).toEqual(['This email address is already in use.']);
  });

  it('is idempotent on a client id: the same content answers the stored record, other content 409', async () => {
    const id = uuidv7();
    const payload = { id, email: 'idem@demo.school', fname: 'Idem', lname: 'Potent' };
    expect((await create(payload)).statusCode).toBe(201);
    const again = await create(payload);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(id);
    const different = await create({ ...payload, lname: 'Other' });
    expect(different.statusCode).toBe(409);
    expect(different.json().record.lname).toBe('Potent');
  });

  it('updates by POST with _method PATCH in JSON and in multipart form data', async () => {
    const { data } = (await create({ email: 'edit@demo.school', fname: 'Ed', lname: 'It' })).json();
    const json = await s.call({
      method: 'POST',
      url: `/api/v2/users/${data.id}`,
      token: admin,
      payload: { _method: 'PATCH', nickname: 'Eddie' },
    });
    expect(json.statusCode).toBe(200);
    expect(json.json().data.nickname).toBe('Eddie');
    const form = new FormData();
    form.append('_method', 'PATCH');
    form.append('lname', 'Edited');
    form.append('active', 'false');
    const multipart = await s.call({
      method: 'POST',
      url: `/api/v2/users/${data.id}`,
      token: admin,
      payload: form as never,
    });
    expect(multipart.statusCode).toBe(200);
    expect(multipart.json().data).toMatchObject({ lname: 'Edited', nickname: 'Eddie', active: false });
  });

  it('assigning roles takes roles-update', async () => {
    const timekeeper = await s.login('timekeeper@demo.school');
    const res = await s.call({ method: 'GET', url: '/api/v2/users?per_page=1', token: timekeeper });
    expect(res.statusCode).toBe(200);
    const target = res.json().data[0].id;
    const change = await s.call({
      method: 'POST',
      url: `/api/v2/users/${target}`,
      token: admin,
      payload: { role_ids: [roleIds.Staff] },
    });
    expect(change.statusCode).toBe(200);
    expect(change.json().data.roles).toEqual([{ id: roleIds.Staff, name: 'Staff' }]);
  });

  it('deactivating an account ends its sessions', async () => {
    const { data } = (
      await create({ email: 'leaving@demo.school', fname: 'Lea', lname: 'Ving', password: 'long-enough-2' })
    ).json();
    const token = await s.login('leaving@demo.school', 'long-enough-2');
    expect((await s.call({ method: 'GET', url: '/api/v2/auth/check', token })).statusCode).toBe(200);
    const del = await s.call({ method: 'DELETE', url: `/api/v2/users/${data.id}`, token: admin });
    expect(del.statusCode).toBe(200);
    expect((await s.call({ method: 'GET', url: '/api/v2/auth/check', token })).statusCode).toBe(401);
    const login = await s.call({
      method: 'POST',
      url: '/api/v2/auth/login',
      payload: { email: 'leaving@demo.school', password: 'long-enough-2' },
    });
    expect(login.statusCode).toBe(401);
    // Editing the account afterwards changes only what is sent: it stays deactivated.
    const edited = await s.call({
      method: 'POST',
      url: `/api/v2/users/${data.id}`,
      token: admin,
      payload: { _method: 'PATCH', nickname: 'Lea' },
    });
    expect(edited.json().data).toMatchObject({ nickname: 'Lea', active: false });
  });

  it('the last administrator cannot lose the right to administer', async () => {
    const me = (await s.call({ method: 'GET', url: '/api/v2/auth/check', token: admin })).json().user;
    const admins = await s.call({
      method: 'GET',
      url: `/api/v2/users?filter[role_id]=${roleIds.Administrator}`,
      token: admin,
    });
    expect(admins.json().data.map((u: { id: string }) => u.id)).toEqual([me.id]);
    const demote = await s.call({
      method: 'POST',
      url: `/api/v2/users/${me.id}`,
      token: admin,
      payload: { role_ids: [] },
    });
    expect(demote.statusCode).toBe(422);
    expect(demote.json().message).toBe('The last administrator cannot lose the right to administer.');
    const deactivate = await s.call({ method: 'DELETE', url: `/api/v2/users/${me.id}`, token: admin });
    expect(deactivate.statusCode).toBe(422);
    const revoke = await s.call({
      method: 'POST',
      url: `/api/v2/roles/${roleIds.Administrator}`,
      token: admin,
      payload: { revoke: ['roles-update'] },
    });
    expect(revoke.statusCode).toBe(422);
    const del = await s.call({ method: 'DELETE', url: `/api/v2/roles/${roleIds.Administrator}`, token: admin });
    expect(del.statusCode).toBe(422);
    expect(
      (await s.call({ method: 'GET', url: '/api/v2/auth/check', token: admin })).json().user.permissions,
    ).toContain('roles-update');
  });
});

describe('no privilege escalation through users-update', () => {
  let clerk: string;
  let adminId: string;
  let clerkId: string;
  beforeAll(async () => {
    const role = await s.call({
      method: 'POST',
      url: '/api/v2/roles',
      token: admin,
      payload: { name: 'Account Clerk', permissions: ['users-view_any', 'users-view', 'users-update'] },
    });
    const created = await create({
      email: 'clerk@demo.school',
      fname: 'Acc',
      lname: 'Clerk',
      password: 'clerk-password-1',
      role_ids: [role.json().data.id],
    });
    clerkId = created.json().data.id;
    clerk = await s.login('clerk@demo.school', 'clerk-password-1');
    adminId = (await s.call({ method: 'GET', url: '/api/v2/auth/check', token: admin })).json().user.id;
  });

  const patch = (id: string, payload: Record<string, unknown>, token: string) =>
    s.call({ method: 'POST', url: `/api/v2/users/${id}`, token, payload: { _method: 'PATCH', ...payload } });

  it("a role with users-update alone cannot set the administrator's password and sign in as them", async () => {
    const attack = await patch(adminId, { password: 'taken-over-1' }, clerk);
    expect(attack.statusCode).toBe(403);
    expect(attack.json()).toEqual({ message: 'You do not have permission to do that.', code: 'forbidden' });
    const asAdmin = await s.call({
      method: 'POST',
      url: '/api/v2/auth/login',
      payload: { email: 'admin@demo.school', password: 'taken-over-1' },
    });
    expect(asAdmin.statusCode).toBe(401);
    await s.login('admin@demo.school');

    // An administrator holds every permission, so it still can.
    const office = (await s.call({ method: 'GET', url: '/api/v2/users?search=office%40demo', token: admin })).json()
      .data[0];
    const res = await patch(office.id, { password: 'office-password-9' }, admin);
    expect(res.statusCode).toBe(200);
    await s.login('office@demo.school', 'office-password-9');
  });

  it("nor change the administrator's email or active flag, while what hands nothing over stays open", async () => {
    for (const payload of [{ email: 'clerk-owns-this@demo.school' }, { active: false }]) {
      const res = await patch(adminId, payload, clerk);
      expect(res.statusCode).toBe(403);
    }
    const after = await s.call({ method: 'GET', url: `/api/v2/users/${adminId}`, token: admin });
    expect(after.json().data).toMatchObject({ email: 'admin@demo.school', active: true });
    expect((await patch(adminId, { nickname: 'The Boss' }, clerk)).statusCode).toBe(200);
    const plain = (await create({ email: 'plain@demo.school', fname: 'Pla', lname: 'In' })).json().data;
    expect((await patch(plain.id, { password: 'set-by-clerk-1' }, clerk)).statusCode).toBe(200);
    await s.login('plain@demo.school', 'set-by-clerk-1');
    // Its own password too.
    expect((await patch(clerkId, { password: 'clerk-password-2' }, clerk)).statusCode).toBe(200);
  });

  it('users-delete alone cannot deactivate an account that holds more', async () => {
    const role = await s.call({
      method: 'POST',
      url: '/api/v2/roles',
      token: admin,
      payload: { name: 'Account Remover', permissions: ['users-view_any', 'users-delete'] },
    });
    await create({
      email: 'remover@demo.school',
      fname: 'Re',
      lname: 'Mover',
      password: 'remover-password-1',
      role_ids: [role.json().data.id],
    });
    const remover = await s.login('remover@demo.school', 'remover-password-1');
    const teacher = (await s.call({ method: 'GET', url: '/api/v2/users?search=teacher%40demo', token: admin })).json()
      .data[0];
    const res = await s.call({ method: 'DELETE', url: `/api/v2/users/${teacher.id}`, token: remover });
    expect(res.statusCode).toBe(403);
    await s.login('teacher@demo.school');
  });

  it('roles-update alone cannot hand out permissions the caller lacks', async () => {
    const role = await s.call({
      method: 'POST',
      url: '/api/v2/roles',
      token: admin,
      payload: { name: 'Role Giver', permissions: ['users-view_any', 'users-update', 'roles-update'] },
    });
    await create({
      email: 'giver@demo.school',
      fname: 'Gi',
      lname: 'Ver',
      password: 'giver-password-1',
      role_ids: [role.json().data.id],
    });
    const giver = await s.login('giver@demo.school', 'giver-password-1');
    const plain = (await create({ email: 'plain2@demo.school', fname: 'Pla', lname: 'In' })).json().data;
    const grant = await patch(plain.id, { role_ids: [roleIds.Administrator] }, giver);
    expect(grant.statusCode).toBe(403);
  });
});
