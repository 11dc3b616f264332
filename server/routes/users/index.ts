/**
 * `v2/users`: accounts, for the administration screens. Passwords are hashed on the way in and never answered;
 * assigning roles also takes `roles-update`; changing another account's password, email, roles or active flag takes
 * every permission that account holds (may-manage.ts); deactivating an account ends its sessions, and a new password
 * ends all but the caller's own; and no change may leave the school without an active administrator.
 */
import { and, eq, exists, inArray, ne, sql } from 'drizzle-orm';
import {
  EMAIL_IN_USE,
  USER_SORT_FIELDS,
  UserCreateSchema,
  type UserRecord,
  UserRecordSchema,
  UserUpdateSchema,
} from '../../../src/contract';
import { hashPassword } from '../../auth/passwords';
import { revokeUserSessions } from '../../auth/sessions';
import type { Tx } from '../../db/client';
import { roles, userRoles, users } from '../../db/schema';
import { assertAdministratorRemains } from '../../lib/admin-guard';
import { AppError, forbidden, invalid } from '../../lib/errors';
import { eqFilter, filterValue, iso, resourceRoutes } from '../../lib/resource';
import { can, requireAuth } from '../../plugins/access';
import { mirrorGuardian } from '../guardians/mirror';
import { assertMayManage, touchesGuarded } from './may-manage';

type Row = typeof users.$inferSelect;

/** Users as the API answers them, with their roles (one query per page). */
export async function toUserRecords(rows: Row[], tx: Tx): Promise<UserRecord[]> {
  const ids = rows.map((r) => r.id);
  const links = ids.length
    ? await tx
        .select({ user_id: userRoles.user_id, id: roles.id, name: roles.name })
        .from(userRoles)
        .innerJoin(roles, eq(roles.id, userRoles.role_id))
        .where(inArray(userRoles.user_id, ids))
        .orderBy(roles.name)
    : [];
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    fname: r.fname,
    lname: r.lname,
    nickname: r.nickname,
    type: r.type,
    user_number: r.user_number,
    start_date: r.start_date,
    grade: r.grade,
    program: r.program,
    active: r.active,
    language: r.language,
    has_password: Boolean(r.password_hash),
    has_google: Boolean(r.google_sub),
    exempt: r.exempt,
    roles: links.filter((l) => l.user_id === r.id).map(({ id, name }) => ({ id, name })),
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  }));
}

/**
 * Refuses an email address another account holds (`exceptId`: the account being edited) with a 422 on `email` that
 * carries who holds it (name, type, active), so the screen can say whose it is. The unique index stays the last word
 * for two creates at the same instant (plugins/errors.ts answers the same 422, without the holder).
 */
async function assertEmailFree(tx: Tx, email: string, exceptId?: string): Promise<void> {
  const [holder] = await tx
    .select({ id: users.id, fname: users.fname, lname: users.lname, type: users.type, active: users.active })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, exceptId ? ne(users.id, exceptId) : undefined))
    .limit(1);
  if (holder) throw new AppError('validation', EMAIL_IN_USE, { errors: { email: [EMAIL_IN_USE] }, record: holder });
}

const sortFields = Object.fromEntries(USER_SORT_FIELDS.map((f) => [f, users[f]]));

export default resourceRoutes({
  name: 'users',
  table: users,
  idColumn: users.id,
  record: UserRecordSchema,
  create: UserCreateSchema,
  update: UserUpdateSchema,
  sortFields,
  defaultSort: 'lname',
  filters: {
    type: eqFilter(users.type),
    active: eqFilter(users.active, 'boolean'),
    role_id: (value) =>
      exists(
        sql`(select 1 from ${userRoles} where ${userRoles.user_id} = ${users.id} and ${userRoles.role_id} = ${filterValue('role_id', 'uuid', value)}::uuid)`,
      ),
  },
  searchColumns: [users.fname, users.lname, users.email, users.nickname, users.user_number],
  secretFields: ['password'],
  auditBeforeAfter: true,
  toRecords: (rows, tx) => toUserRecords(rows as Row[], tx),
  async prepareCreate({ password, role_ids, id, ...input }, { request, tx }) {
    if (role_ids?.length && !can(request, 'roles-update')) throw forbidden();
    if (role_ids?.length) await assertMayManage(tx, request, null, role_ids);
    await assertEmailFree(tx, input.email);
    return { ...input, password_hash: password ? await hashPassword(password) : null };
  },
  async prepareUpdate(update, existing, { request, tx }) {
    const { password, role_ids, ...input } = update;
    if (role_ids && !can(request, 'roles-update')) throw forbidden();
    // Before the hashing, so a refused change costs no scrypt.
    if (touchesGuarded(update)) await assertMayManage(tx, request, existing.id as string, role_ids);
    if (update.email !== undefined) await assertEmailFree(tx, update.email, existing.id as string);
    return { ...input, ...(password ? { password_hash: await hashPassword(password) } : {}) };
  },
  async afterWrite(id, input, { tx, request, created, existing }) {
    // DELETE deactivates through here without `existing`: the same rule as setting active to false.
    if (!created && !existing) await assertMayManage(tx, request, id);
    const roleIds = (input as { role_ids?: string[] }).role_ids;
    if (roleIds) {
      const unique = [...new Set(roleIds)];
      const found = unique.length ? await tx.select({ id: roles.id }).from(roles).where(inArray(roles.id, unique)) : [];
      if (found.length !== unique.length) throw invalid('role_ids', 'One of the roles does not exist.');
      await tx.delete(userRoles).where(eq(userRoles.user_id, id));
      if (unique.length) await tx.insert(userRoles).values(unique.map((role_id) => ({ user_id: id, role_id })));
    }
    if (!created && (input as { active?: boolean }).active === false) await revokeUserSessions(tx, id);
    else if (!created && (input as { password?: string }).password) {
      // A new password ends the account's other sessions; the caller's own stays when it changed its own password.
      const auth = requireAuth(request);
      await revokeUserSessions(tx, id, auth.user.id === id ? auth.tokenHash : undefined);
    }
    if (!created) await assertAdministratorRemains(tx);
    // A guardian renamed or deactivated here too: their mirrored pick-up adults follow (guardians/mirror.ts).
    if (!created) await mirrorGuardian(tx, request, id);
  },
  remove: 'deactivate',
});
