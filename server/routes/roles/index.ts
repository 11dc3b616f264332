/**
 * `v2/roles`: roles and their permissions, for the Roles and Permissions matrix. A grant or revoke takes effect on the
 * next request of every user holding the role (permissions are read per request, never cached), and no change may
 * leave the school without an administrator.
 */
import { and, count, eq, inArray } from 'drizzle-orm';
import { RoleCreateSchema, type RoleRecord, RoleRecordSchema, RoleUpdateSchema } from '../../../src/contract';
import type { Tx } from '../../db/client';
import { rolePermissions, roles, userRoles } from '../../db/schema';
import { assertAdministratorRemains } from '../../lib/admin-guard';
import { audit } from '../../lib/audit';
import { iso, resourceRoutes } from '../../lib/resource';

type Row = typeof roles.$inferSelect;

async function toRoleRecords(rows: Row[], tx: Tx): Promise<RoleRecord[]> {
  const ids = rows.map((r) => r.id);
  if (!ids.length) return [];
  const grants = await tx.select().from(rolePermissions).where(inArray(rolePermissions.role_id, ids));
  const counts = await tx
    .select({ role_id: userRoles.role_id, n: count() })
    .from(userRoles)
    .where(inArray(userRoles.role_id, ids))
    .groupBy(userRoles.role_id);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    description: r.description,
    permissions: grants
      .filter((g) => g.role_id === r.id)
      .map((g) => g.permission)
      .sort(),
    user_count: Number(counts.find((c) => c.role_id === r.id)?.n ?? 0),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  }));
}

export default resourceRoutes({
  name: 'roles',
  table: roles,
  idColumn: roles.id,
  record: RoleRecordSchema,
  create: RoleCreateSchema,
  update: RoleUpdateSchema,
  sortFields: { name: roles.name, created_at: roles.created_at },
  defaultSort: 'name',
  filters: {},
  searchColumns: [roles.name, roles.description],
  toRecords: (rows, tx) => toRoleRecords(rows as Row[], tx),
  prepareCreate: ({ permissions, id, ...input }) => input,
  prepareUpdate: ({ permissions, grant, revoke, ...input }) => input,
  async afterWrite(id, input, { tx, request, created }) {
    const { permissions, grant, revoke } = input as { permissions?: string[]; grant?: string[]; revoke?: string[] };
    if (permissions) {
      await tx.delete(rolePermissions).where(eq(rolePermissions.role_id, id));
    }
    const toGrant = [...new Set([...(permissions ?? []), ...(grant ?? [])])];
    if (toGrant.length) {
      await tx
        .insert(rolePermissions)
        .values(toGrant.map((permission) => ({ role_id: id, permission })))
        .onConflictDoNothing();
    }
    if (revoke?.length) {
      await tx
        .delete(rolePermissions)
        .where(and(eq(rolePermissions.role_id, id), inArray(rolePermissions.permission, revoke)));
    }
    if (toGrant.length || revoke?.length) {
      await audit(tx, request, {
        action: 'grant',
        resource: 'role_permissions',
        recordId: id,
        changes: { grant: toGrant, revoke },
      });
    }
    if (!created) await assertAdministratorRemains(tx);
  },
  afterDelete: (_id, { tx }) => assertAdministratorRemains(tx),
  remove: 'delete',
});
