/**
 * The school can never lose its last administrator (F2): after any change to users, roles or grants, at least one
 * active account must still hold the permission that administers roles. Checked inside the change's transaction, so a
 * change that would break it is rolled back whole.
 */
import type { Tx } from '../db/client';
import { AppError } from './errors';
import { administratorExists } from './setup';

/** Throws 422 when no active user would keep the right to administer. */
export async function assertAdministratorRemains(tx: Tx): Promise<void> {
  if (!(await administratorExists(tx))) {
    throw new AppError('validation', 'The last administrator cannot lose the right to administer.', {
      errors: { roles: ['The last administrator cannot lose the right to administer.'] },
    });
  }
}
