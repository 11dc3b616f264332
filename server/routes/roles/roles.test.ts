import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROLES, PERMISSIONS } from '../../../src/contract';
import { startTestServer, type TestServer } from '../../test/helpers';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin@demo.school');
});
afterAll(() => s.close());

describe('v2/roles', () => {
  it('lists the seeded roles with their permissions and user counts', async () => {
    const res = await s.call({ method: 'GET', url: '/api/v2/roles', token: admin });
    expect(res.statusCode).toBe(200);
    const byName = Object.fromEntries(res.json().data.map((r: { name: string }) => [r.name, r]));
    expect(Object.keys(byName).sort()).toEqual(Object.keys(DEFAULT_ROLES).sort());
    expect(byName.Administrator.permissions).toHaveLength(PERMISSIONS.length);
    expect(byName['Front Office'].permissions).toEqual([...(DEFAULT_ROLES['Front Office'] ?? [])].sort());
    expect(byName.Administrator.user_count).toBe(1);
  });

  it('a grant takes effect on the very next request of a user holding the role', async () => {
    const cafeteria = await s.login('cafeteria@demo.school');
    const list = await s.call({ method: 'GET', url: '/api/v2/roles', token: admin });
    const role = list.json().data.find((r: { name: string }) => r.name === 'Cafeteria');
    expect((await s.call({ method: 'GET', url: '/api/v2/users', token: cafeteria })).statusCode).toBe(403);
    const grant = await s.call({
      method: 'POST',
      url: `/api/v2/roles/${role.id}`,
      token: admin,
      payload: { _method: 'PATCH', grant: ['users-view_any'] },
    });
    expect(grant.statusCode).toBe(200);
    expect(grant.json().data.permissions).toContain('users-view_any');
    expect((await s.call({ method: 'GET', url: '/api/v2/users', token: cafeteria })).statusCode).toBe(200);
    await s.call({
      method: 'POST',
      url: `/api/v2/roles/${role.id}`,
      token: admin,
      payload: { revoke: ['users-view_any'] },
    });
    expect((await s.call({ method: 'GET', url: '/api/v2/users', token: cafeteria })).statusCode).toBe(403);
  });

  it('creates, renames and deletes a role; refuses unknown permissions and duplicate names', async () => {
    const created = await s.call({
      method: 'POST',
      url: '/api/v2/roles',
      token: admin,
      payload: { name: 'Nurse', permissions: ['demographics-view', 'demographics-view_any'] },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    const dup = await s.call({ method: 'POST', url: '/api/v2/roles', token: admin, payload: { name: 'nurse' } });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.name).toBeDefined();
    const bad = await s.call({
      method: 'POST',
      url: '/api/v2/roles',
      token: admin,
      payload: { name: 'X', permissions: ['everything'] },
    });
    expect(bad.statusCode).toBe(422);
    const renamed = await s.call({
      method: 'POST',
      url: `/api/v2/roles/${id}`,
      token: admin,
      payload: { name: 'School Nurse' },
    });
    expect(renamed.json().data.name).toBe('School Nurse');
    expect((await s.call({ method: 'DELETE', url: `/api/v2/roles/${id}`, token: admin })).statusCode).toBe(200);
    expect((await s.call({ method: 'GET', url: `/api/v2/roles/${id}`, token: admin })).statusCode).toBe(404);
  });
});
