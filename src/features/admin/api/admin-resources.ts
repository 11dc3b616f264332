/**
 * The two resources the administration screens use, `v2/roles` and `v2/users`, through the generic resource helpers,
 * and their query keys in one factory. Every change invalidates by these keys: a role's grants show in the matrix,
 * its name and holders on the users list, a user's roles in the role's holder count.
 */
import type { z } from 'zod';
import { resourceApi } from '../../../api/resource';
import type { RoleCreateSchema, RoleRecord, RoleUpdateSchema } from '../../../contract/roles';
import type { UserCreateSchema, UserRecord, UserUpdateSchema } from '../../../contract/users';

/** A role as the create call sends it (the contract's input side: before defaults and trimming). */
export type RoleCreateInput = z.input<typeof RoleCreateSchema>;
/** A role change as the update call sends it; the helper adds `_method: 'PATCH'`. */
export type RoleUpdateInput = Omit<z.input<typeof RoleUpdateSchema>, '_method'>;
export type UserCreateInput = z.input<typeof UserCreateSchema>;
export type UserUpdateInput = Omit<z.input<typeof UserUpdateSchema>, '_method'>;

export const rolesResource = resourceApi<RoleRecord, RoleCreateInput, RoleUpdateInput>('v2/roles');
export const usersResource = resourceApi<UserRecord, UserCreateInput, UserUpdateInput>('v2/users');

/** Query keys of the administration screens: `adminKeys.roles.lists()`, `adminKeys.users.list(params)`, ... */
export const adminKeys = { roles: rolesResource.keys, users: usersResource.keys };
