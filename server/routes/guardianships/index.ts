/**
 * `v2/guardianships`: who is whose guardian (`guardianships-*`). A link names a guardian (a parent account) and a
 * scholar, how they are related and whether the guardian may take the scholar home; the portal shows a guardian the
 * scholars they are linked to (lib/scholar-scope.ts), from their next request on. Each write keeps the link's
 * mirrored pick-up adult in line in the same transaction (guardians/mirror.ts); unlinking deactivates it.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  ALREADY_LINKED_MESSAGE,
  type GuardianshipCreate,
  GuardianshipCreateSchema,
  type GuardianshipRecord,
  GuardianshipRecordSchema,
  type GuardianshipUpdate,
  GuardianshipUpdateSchema,
} from '../../../src/contract';
import type { Tx } from '../../db/client';
import { demographics, guardianships, users } from '../../db/schema';
import { AppError, invalid } from '../../lib/errors';
import { iso, type ResourceDefinition, resourceRoutes, uuidFilter } from '../../lib/resource';
import { fullName, lockRule, mirrorPickUp } from '../guardians/mirror';

type Row = typeof guardianships.$inferSelect;

const guardianName = sql`(select ${users.lname} || ' ' || ${users.fname} from ${users} where ${users.id} = ${guardianships.parent_id})`;
const scholarName = sql`(select ${demographics.lname} || ' ' || ${demographics.fname} from ${demographics} where ${demographics.id} = ${guardianships.scholar_id})`;

/** Links as the API answers them, with the guardian's and the scholar's names (two queries per page). */
export async function toGuardianshipRecords(rows: Row[], tx: Tx): Promise<GuardianshipRecord[]> {
  if (!rows.length) return [];
  // One after the other: a transaction's connection runs one query at a time.
  const people = await tx
    .select({ id: users.id, fname: users.fname, lname: users.lname, phone: users.phone })
    .from(users)
    .where(
      inArray(
        users.id,
        rows.map((r) => r.parent_id),
      ),
    );
  const scholars = await tx
    .select({
      id: demographics.id,
      fname: demographics.fname,
      lname: demographics.lname,
      nickname: demographics.nickname,
      grade: demographics.grade,
    })
    .from(demographics)
    .where(
      inArray(
        demographics.id,
        rows.map((r) => r.scholar_id),
      ),
    );
  const person = new Map(people.map((p) => [p.id, p]));
  const scholar = new Map(scholars.map((s) => [s.id, s]));
  return rows.map((r) => {
    const p = person.get(r.parent_id);
    const s = scholar.get(r.scholar_id);
    return {
      id: r.id,
      parent_id: r.parent_id,
      scholar_id: r.scholar_id,
      relationship: r.relationship,
      may_pick_up: r.may_pick_up,
      guardian_name: p ? fullName(p) : '',
      guardian_phone: p?.phone ?? null,
      scholar_name: s ? fullName(s) : '',
      scholar_grade: s?.grade ?? null,
      created_at: iso(r.created_at),
      updated_at: iso(r.updated_at),
    };
  });
}

export const guardianshipsResource: ResourceDefinition<GuardianshipRecord, GuardianshipCreate, GuardianshipUpdate> = {
  name: 'guardianships',
  table: guardianships,
  idColumn: guardianships.id,
  record: GuardianshipRecordSchema,
  create: GuardianshipCreateSchema,
  update: GuardianshipUpdateSchema,
  sortFields: { guardian_name: guardianName, scholar_name: scholarName, created_at: guardianships.created_at },
  defaultSort: 'scholar_name',
  filters: {
    scholar_id: uuidFilter(guardianships.scholar_id),
    parent_id: uuidFilter(guardianships.parent_id),
  },
  searchColumns: [],
  searchAlso: (pattern) => sql`(${guardianName} ilike ${pattern} or ${scholarName} ilike ${pattern})`,
  toRecords: (rows, tx) => toGuardianshipRecords(rows as Row[], tx),
  async prepareCreate({ id, ...input }, { tx }) {
    void id;
    const [person] = await tx.select({ type: users.type }).from(users).where(eq(users.id, input.parent_id)).limit(1);
    if (person?.type !== 'parent') throw invalid('parent_id', 'No such guardian.');
    const [scholar] = await tx
      .select({ id: demographics.id })
      .from(demographics)
      .where(eq(demographics.id, input.scholar_id))
      .limit(1);
    if (!scholar) throw invalid('scholar_id', 'No such scholar.');
    await lockRule(tx, `guardianships:${input.parent_id}:${input.scholar_id}`);
    const [linked] = await tx
      .select()
      .from(guardianships)
      .where(and(eq(guardianships.parent_id, input.parent_id), eq(guardianships.scholar_id, input.scholar_id)))
      .limit(1);
    if (linked) {
      const [record] = await toGuardianshipRecords([linked], tx);
      throw new AppError('conflict', ALREADY_LINKED_MESSAGE, {
        errors: { scholar_id: [ALREADY_LINKED_MESSAGE] },
        record,
      });
    }
    return input;
  },
  async afterWrite(id, _input, { tx, request }) {
    const [row] = await tx.select().from(guardianships).where(eq(guardianships.id, id));
    if (row) await mirrorPickUp(tx, request, row.parent_id, row.scholar_id);
  },
  remove: 'delete',
  auditBeforeAfter: true,
  async afterDelete(_id, { tx, request, existing }) {
    const row = existing as Row;
    await mirrorPickUp(tx, request, row.parent_id, row.scholar_id);
  },
  sameAs: (input, record) =>
    input.parent_id === record.parent_id &&
    input.scholar_id === record.scholar_id &&
    input.relationship === record.relationship &&
    (input.may_pick_up ?? false) === record.may_pick_up,
};

export default resourceRoutes(guardianshipsResource);
