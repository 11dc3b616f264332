/**
 * No privilege escalation through `users-update` (DESIGN section 7): whoever changes another
 * account's password, email, roles or active flag takes over what that account can do (a new password signs in as
 * it; a new email receives its Google sign-in), so the caller must already hold every permission the account holds,
 * and every permission of the roles it is given. Other fields (names, numbers) stay open to `users-update` alone.
 */
import { inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { UserUpdate } from '../../../src/contract';
import { loadPermissions } from '../../auth/sessions';
import type { Tx } from '../../db/client';
import { rolePermissions } from '../../db/schema';
import { forbidden } from '../../lib/errors';
import { requireAuth } from '../../plugins/access';

/** The fields whose change hands over the account. */
export const GUARDED_FIELDS = ['password', 'email', 'role_ids', 'active'] as const;

/** True when an update touches a guarded field. */
export const touchesGuarded = (input: Partial<UserUpdate>) => GUARDED_FIELDS.some((f) => input[f] !== undefined);

/**
 * Throws 403 unless the caller holds every permission of the target account (null: one being created) and of the
 * roles it is given.
 */
export async function assertMayManage(
  tx: Tx,
  request: FastifyRequest,
  targetId: string | null,
  newRoleIds?: string[],
): Promise<void> {
  const caller = requireAuth(request);
  const needed =
    targetId === null || targetId === caller.user.id ? new Set<string>() : await loadPermissions(tx, targetId);
  if (newRoleIds?.length) {
    const granted = await tx
      .selectDistinct({ permission: rolePermissions.permission })
      .from(rolePermissions)
      .where(inArray(rolePermissions.role_id, newRoleIds));
    for (const { permission } of granted) needed.add(permission);
  }
  for (const permission of needed) {
    if (!caller.permissions.has(permission)) {
      request.log.warn({ target: targetId, permission }, 'account change refused: the caller lacks a permission');
      throw forbidden();
    }
  }
}
