/**
 * The permission changes an administrator has ticked but not saved: one explicit save that says
 * what will change, rather than a role changing at once on a click. A change that brings a cell back to what the
 * server has is no change.
 */
import type { Permission } from '../../../contract/permissions';
import type { RoleRecord } from '../../../contract/roles';

/** Per role, the permissions ticked on (true) or off (false) and not saved. */
export type PermissionChanges = ReadonlyMap<string, ReadonlyMap<Permission, boolean>>;

export const NO_CHANGES: PermissionChanges = new Map();

/** The changes with one cell set to `granted` (dropped when that is what the role has). */
export function withChange(
  changes: PermissionChanges,
  role: RoleRecord,
  permission: Permission,
  granted: boolean,
): PermissionChanges {
  const next = new Map(changes);
  const own = new Map(next.get(role.id) ?? []);
  if (role.permissions.includes(permission) === granted) own.delete(permission);
  else own.set(permission, granted);
  if (own.size === 0) next.delete(role.id);
  else next.set(role.id, own);
  return next;
}

/** Whether a cell shows granted: its unsaved change, else what the role has. */
export function isGranted(changes: PermissionChanges, role: RoleRecord, permission: Permission): boolean {
  return changes.get(role.id)?.get(permission) ?? role.permissions.includes(permission);
}

export const isChanged = (changes: PermissionChanges, roleId: string, permission: Permission) =>
  changes.get(roleId)?.has(permission) ?? false;

/** How many cells are changed. */
export const changeCount = (changes: PermissionChanges) =>
  [...changes.values()].reduce((sum, own) => sum + own.size, 0);

/** One role's part of a save: what it gains and loses. */
export interface RoleChange {
  role: RoleRecord;
  grant: Permission[];
  revoke: Permission[];
}

/** The changes per role, in the roles' order, each list sorted. */
export function summarize(roles: readonly RoleRecord[], changes: PermissionChanges): RoleChange[] {
  return roles.flatMap((role) => {
    const own = changes.get(role.id);
    if (!own?.size) return [];
    const grant = [...own]
      .filter(([, on]) => on)
      .map(([p]) => p)
      .sort();
    const revoke = [...own]
      .filter(([, on]) => !on)
      .map(([p]) => p)
      .sort();
    return [{ role, grant, revoke }];
  });
}

/** The changes left once these have been saved: the cells they covered are no longer changes. */
export function withoutSaved(changes: PermissionChanges, saved: readonly RoleChange[]): PermissionChanges {
  const next = new Map(changes);
  for (const { role, grant, revoke } of saved) {
    const own = new Map(next.get(role.id) ?? []);
    for (const permission of grant) if (own.get(permission) === true) own.delete(permission);
    for (const permission of revoke) if (own.get(permission) === false) own.delete(permission);
    if (own.size === 0) next.delete(role.id);
    else next.set(role.id, own);
  }
  return next;
}

/** The save that takes a saved change back. */
export const inverse = (saved: readonly RoleChange[]): RoleChange[] =>
  saved.map(({ role, grant, revoke }) => ({ role, grant: revoke, revoke: grant }));
