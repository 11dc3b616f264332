/**
 * `v2/guardians`: the people who are guardians of scholars, user accounts of type parent, for the office
 * (`guardianships-*`). A guardian has no password until they are invited (v2/invitations). An email another account
 * already uses is refused with that account (id, name, type), so the screen can say whose it is. A change of name or
 * phone reaches the guardian's mirrored pick-up adults in the same transaction (mirror.ts).
 */
import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  EMAIL_TAKEN_MESSAGE,
  GUARDIAN_SORT_FIELDS,
  type GuardianCreate,
  GuardianCreateSchema,
  type GuardianRecord,
  GuardianRecordSchema,
  type GuardianUpdate,
  GuardianUpdateSchema,
} from '../../../src/contract';
import type { Tx } from '../../db/client';
import { guardianships, users } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { iso, type ResourceDefinition, resourceRoutes } from '../../lib/resource';
import { lockRule, mirrorGuardian } from './mirror';

type Row = typeof users.$inferSelect;

/** Guardians as the API answers them, with how many scholars each is linked to (one query per page). */
export async function toGuardianRecords(rows: Row[], tx: Tx): Promise<GuardianRecord[]> {
  const ids = rows.map((r) => r.id);
  const counts = ids.length
    ? await tx
        .select({ parent_id: guardianships.parent_id, n: count() })
        .from(guardianships)
        .where(inArray(guardianships.parent_id, ids))
        .groupBy(guardianships.parent_id)
    : [];
  const byParent = new Map(counts.map((c) => [c.parent_id, Number(c.n)]));
  return rows.map((r) => ({
    id: r.id,
    fname: r.fname,
    lname: r.lname,
    email: r.email,
    phone: r.phone,
    language: r.language,
    active: r.active,
    has_password: Boolean(r.password_hash),
    scholar_count: byParent.get(r.id) ?? 0,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  }));
}

/** 409 on `email` with the account that holds it, when another account than `self` does. */
async function assertEmailFree(tx: Tx, email: string, self?: string): Promise<void> {
  await lockRule(tx, `users.email:${email.toLowerCase()}`);
  const [holder] = await tx
    .select({ id: users.id, fname: users.fname, lname: users.lname, type: users.type })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, self ? ne(users.id, self) : undefined))
    .limit(1);
  if (!holder) return;
  throw new AppError('conflict', EMAIL_TAKEN_MESSAGE, {
    errors: { email: [EMAIL_TAKEN_MESSAGE] },
    record: { id: holder.id, name: `${holder.fname} ${holder.lname}`.trim(), type: holder.type },
  });
}

const isParent = eq(users.type, 'parent');
const CONTENT = ['fname', 'lname', 'email', 'phone', 'language'] as const;

export const guardiansResource: ResourceDefinition<GuardianRecord, GuardianCreate, GuardianUpdate> = {
  name: 'guardianships',
  auditAs: 'users',
  table: users,
  idColumn: users.id,
  record: GuardianRecordSchema,
  create: GuardianCreateSchema,
  update: GuardianUpdateSchema,
  sortFields: Object.fromEntries(GUARDIAN_SORT_FIELDS.map((f) => [f, users[f]])),
  defaultSort: 'lname',
  filters: {},
  searchColumns: [users.fname, users.lname, users.email, users.phone],
  scope: () => isParent,
  toRecords: (rows, tx) => toGuardianRecords(rows as Row[], tx),
  async prepareCreate({ id, ...input }, { tx }) {
    void id;
    await assertEmailFree(tx, input.email);
    return { ...input, phone: input.phone ?? null, type: 'parent' };
  },
  async prepareUpdate({ _method, ...input }, existing, { tx }) {
    void _method;
    // Only guardians here: a staff or scholar account is the users screen's.
    if (existing.type !== 'parent') throw notFound();
    if (input.email !== undefined) await assertEmailFree(tx, input.email, existing.id as string);
    return input;
  },
  async afterWrite(id, input, { tx, request, created }) {
    const fields = input as GuardianUpdate;
    if (!created && (fields.fname !== undefined || fields.lname !== undefined || fields.phone !== undefined)) {
      await mirrorGuardian(tx, request, id);
    }
  },
  auditBeforeAfter: true,
  sameAs: (input, record) => CONTENT.every((f) => (input[f] ?? null) === (record[f] ?? null)),
};

export default resourceRoutes(guardiansResource);
