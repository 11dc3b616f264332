/**
 * Keeps the permission catalogue and the default roles in the database in step with src/contract/permissions.ts.
 * Runs on every start: permissions new to this database are inserted and granted to the default roles that list them;
 * nothing an administrator changed is undone, and a role that was deleted is not brought back.
 */
import { inArray } from 'drizzle-orm';
import { ACTIONS, DEFAULT_ROLES, PERMISSIONS, RESOURCES, ROLES_ADDED_WITH, uuidv7 } from '../../src/contract';
import type { Db } from './client';
import { permissions, rolePermissions, roles } from './schema';

/** Inserts missing permissions and roles; grants new permissions to the default roles. Returns what it added. */
export async function ensureCatalogue(db: Db): Promise<{ permissionsAdded: number; rolesAdded: number }> {
  // The usual start: the catalogue is already in step, and one read says so without a write transaction.
  const stored = await db.select({ name: permissions.name }).from(permissions);
  if (
    stored.length === PERMISSIONS.length &&
    stored.every((p) => (PERMISSIONS as readonly string[]).includes(p.name))
  ) {
    return { permissionsAdded: 0, rolesAdded: 0 };
  }
  return db.transaction(async (tx) => {
    const existing = new Set((await tx.select({ name: permissions.name }).from(permissions)).map((p) => p.name));
    const fresh = RESOURCES.flatMap((resource) =>
      ACTIONS.map((action) => ({ name: `${resource}-${action}`, resource, action })),
    ).filter((p) => !existing.has(p.name));
    if (fresh.length) await tx.insert(permissions).values(fresh);
    const firstRun = existing.size === 0;
    const freshNames = new Set<string>(firstRun ? PERMISSIONS : fresh.map((p) => p.name));

    const roleRows = await tx.select({ id: roles.id, name: roles.name }).from(roles);
    const byName = new Map(roleRows.map((r) => [r.name, r.id]));
    const made = new Set<string>();
    for (const name of Object.keys(DEFAULT_ROLES)) {
      const addedWith = ROLES_ADDED_WITH[name];
      const due = firstRun || (addedWith !== undefined && freshNames.has(addedWith));
      if (byName.has(name) || !due) continue;
      const id = uuidv7();
      await tx.insert(roles).values({ id, name, description: `Default role: ${name}` });
      byName.set(name, id);
      made.add(name);
    }

    // A role made now gets all of its permissions; the others only those new to this database.
    const grants = Object.entries(DEFAULT_ROLES).flatMap(([name, perms]) => {
      const roleId = byName.get(name);
      return roleId
        ? perms
            .filter((p) => made.has(name) || freshNames.has(p))
            .map((permission) => ({ role_id: roleId, permission }))
        : [];
    });
    if (grants.length) await tx.insert(rolePermissions).values(grants).onConflictDoNothing();
    // Permissions that left the catalogue are removed with their grants (cascade).
    const stale = [...existing].filter((n) => !(PERMISSIONS as readonly string[]).includes(n));
    if (stale.length) await tx.delete(permissions).where(inArray(permissions.name, stale));
    return { permissionsAdded: fresh.length, rolesAdded: made.size };
  });
}
