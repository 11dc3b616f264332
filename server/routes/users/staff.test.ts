/**
 * Staff accounts as the Users and Roles screen manages them: a new staff member created with their roles in one
 * request (and one transaction), an email already in use refused with whose it is, the exempt flag changed and
 * audited with before and after, and a deactivated account that cannot sign in until it is reactivated.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../../src/contract';
import { auditEvents, roles, userRoles, users } from '../../db/schema';
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

const create = (payload: Record<string, unknown>) =>
  s.call({ method: 'POST', url: '/api/v2/users', token: admin, payload });
const patch = (id: string, payload: Record<string, unknown>) =>
  s.call({ method: 'POST', url: `/api/v2/users/${id}`, token: admin, payload: { _method: 'PATCH', ...payload } });
const countWhereEmail = async (email: string) =>
  (await s.database.db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`)).length;

describe('v2/users for staff accounts', () => {
  it('creates a staff member with roles and the exempt flag in one request, audited', async () => {
    const res = await create({
      email: 'rosa.mendez@demo.school',
      fname: 'Rosa',
      lname: 'Mendez',
      exempt: true,
      role_ids: [roleIds.Staff, roleIds['Front Office']],
    });
    expect(res.statusCode).toBe(201);
    const user = res.json().data;
    expect(user).toMatchObject({ type: 'staff', exempt: true, active: true, has_password: false });
    expect(user.roles.map((r: { name: string }) => r.name).sort()).toEqual(['Front Office', 'Staff']);
    const [event] = await s.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.resource, 'users'), eq(auditEvents.record_id, user.id)));
    expect(event?.action).toBe('create');
    expect(event?.changes).toMatchObject({ email: 'rosa.mendez@demo.school', exempt: true });
  });

  it('a role id that does not exist creates nothing: no account, no role links', async () => {
    const id = uuidv7();
    const res = await create({
      id,
      email: 'nobody.made@demo.school',
      fname: 'No',
      lname: 'Body',
      role_ids: [roleIds.Staff, uuidv7()],
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.role_ids).toEqual(['One of the roles does not exist.']);
    expect(await countWhereEmail('nobody.made@demo.school')).toBe(0);
    expect(await s.database.db.select().from(userRoles).where(eq(userRoles.user_id, id))).toEqual([]);
    expect(await s.database.db.select().from(auditEvents).where(eq(auditEvents.record_id, id))).toEqual([]);
    // The same person goes in once the roles are right.
    const again = await create({ email: 'nobody.made@demo.school', fname: 'No', lname: 'Body', role_ids: [] });
    expect(again.statusCode).toBe(201);
  });

  it('refuses an email in use with 422 on email and whose it is, in any letter case', async () => {
    const first = (await create({ email: 'taken.one@demo.school', fname: 'Tomas', lname: 'Keeper' })).json().data;
    await s.call({ method: 'DELETE', url: `/api/v2/users/${first.id}`, token: admin });
    const res = await create({ email: 'Taken.One@Demo.School', fname: 'Other', lname: 'Person' });
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.errors.email).toEqual(['This email address is already in use.']);
    expect(body.record).toEqual({ id: first.id, fname: 'Tomas', lname: 'Keeper', type: 'staff', active: false });
    expect(await countWhereEmail('taken.one@demo.school')).toBe(1);

    // Editing another account onto the address is refused the same way; keeping one's own address is not.
    const other = (await create({ email: 'taken.two@demo.school', fname: 'Tia', lname: 'Two' })).json().data;
    const moved = await patch(other.id, { email: 'taken.one@demo.school' });
    expect(moved.statusCode).toBe(422);
    expect(moved.json().record).toMatchObject({ id: first.id, fname: 'Tomas' });
    const same = await patch(other.id, { email: 'taken.two@demo.school', fname: 'Tiana' });
    expect(same.statusCode).toBe(200);
    expect(same.json().data).toMatchObject({ fname: 'Tiana', email: 'taken.two@demo.school' });
  });

  it('changes the name, email and exempt flag, audited with before and after', async () => {
    const user = (await create({ email: 'hourly@demo.school', fname: 'Hour', lname: 'Ly' })).json().data;
    expect(user.exempt).toBe(false);
    const res = await patch(user.id, { exempt: true, fname: 'Salaried', email: 'salaried@demo.school' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ exempt: true, fname: 'Salaried', email: 'salaried@demo.school' });
    const [event] = await s.database.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.resource, 'users'), eq(auditEvents.record_id, user.id), eq(auditEvents.action, 'update')),
      );
    expect(JSON.stringify(event?.changes)).toContain('"exempt"');
    const changes = event?.changes as { before?: Record<string, unknown>; after?: Record<string, unknown> };
    expect(changes.before).toMatchObject({ exempt: false, fname: 'Hour' });
    expect(changes.after).toMatchObject({ exempt: true, fname: 'Salaried' });
    const listed = await s.call({ method: 'GET', url: '/api/v2/users?search=salaried', token: admin });
    expect(listed.json().data[0].exempt).toBe(true);
  });

  it('a deactivated person cannot sign in; reactivated, they can again', async () => {
    const user = (
      await create({ email: 'away@demo.school', fname: 'Al', lname: 'Away', password: 'away-password-1' })
    ).json().data;
    const login = () =>
      s.call({
        method: 'POST',
        url: '/api/v2/auth/login',
        payload: { email: 'away@demo.school', password: 'away-password-1' },
      });
    expect((await login()).statusCode).toBe(200);
    expect((await s.call({ method: 'DELETE', url: `/api/v2/users/${user.id}`, token: admin })).statusCode).toBe(200);
    const refused = await login();
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).not.toHaveProperty('token');
    expect((await patch(user.id, { active: true })).statusCode).toBe(200);
    expect((await login()).statusCode).toBe(200);
  });
});
