/**
 * The school can never lose its last administrator (F2): after any change to users, roles or grants, at least one
 * active account must still hold the permission that administers roles. Checked inside the change's transaction, so a
 * change that would break it is rolled back whole.
 */
import { and, count, eq } from 'drizzle-orm';
import { ADMINISTER_PERMISSION } from '../../src/contract';
import type { Tx } from '../db/client';
import { rolePermissions, userRoles, users } from '../db/schema';
import { AppError } from './errors';

/** Throws 422 when no active user would keep the right to administer. */
export async function assertAdministratorRemains(tx: Tx): Promise<void> {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.user_id, users.id))
    .innerJoin(rolePermissions, eq(rolePermissions.role_id, userRoles.role_id))
    .where(and(eq(users.active, true), eq(rolePermissions.permission, ADMINISTER_PERMISSION)));
  if (!row || Number(row.n) === 0) {
    throw new AppError('validation', 'The last administrator cannot lose the right to administer.', {
      errors: { roles: ['The last administrator cannot lose the right to administer.'] },
    });
  }
}
