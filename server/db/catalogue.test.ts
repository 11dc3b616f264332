/**
 * The catalogue on a later start: permissions new to a school's database reach the default roles that list them, a
 * default role that came with a new permission is made with all of its permissions, and a role an administrator
 * deleted stays deleted.
 */
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_ROLES } from '../../src/contract';
import { startTestServer, type TestServer } from '../test/helpers';
import { ensureCatalogue } from './catalogue';
import { permissions, rolePermissions, roles } from './schema';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.close());

const grantsOf = async (name: string) => {
  const rows = await s.database.db
    .select({ permission: rolePermissions.permission })
    .from(rolePermissions)
    .innerJoin(roles, eq(roles.id, rolePermissions.role_id))
    .where(eq(roles.name, name));
  return rows.map((r) => r.permission).sort();
};

describe('the permission catalogue on a later start', () => {
  it('makes the Food Service Manager role that came with meal eligibility, and grants the office the new permissions', async () => {
    const db = s.database.db;
    // A school's database from before the meal eligibility permissions and the role that came with them.
    await db.delete(roles).where(eq(roles.name, 'Food Service Manager'));
    await db.delete(permissions).where(like(permissions.name, 'meal_eligibility-%'));
    expect(await grantsOf('Front Office')).not.toContain('meal_eligibility-view');

    expect(await ensureCatalogue(db as never)).toEqual({ permissionsAdded: 5, rolesAdded: 1 });
    expect(await grantsOf('Food Service Manager')).toEqual([...(DEFAULT_ROLES['Food Service Manager'] ?? [])].sort());
    expect(await grantsOf('Front Office')).toEqual(
      expect.arrayContaining(['meal_eligibility-view', 'meal_eligibility-update']),
    );
    expect(await grantsOf('Cafeteria')).not.toContain('meal_eligibility-view');
  });

  it('does not bring back a default role an administrator deleted', async () => {
    const db = s.database.db;
    await db.delete(roles).where(eq(roles.name, 'Food Service Manager'));
    expect(await ensureCatalogue(db as never)).toEqual({ permissionsAdded: 0, rolesAdded: 0 });
    expect(await db.select().from(roles).where(eq(roles.name, 'Food Service Manager'))).toEqual([]);
  });
});
