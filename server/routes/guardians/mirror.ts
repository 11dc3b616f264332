/**
 * The mirrored pick-up adult of a guardianship: a guardian who may pick a scholar up is one of the scholar's
 * authorized pick-up adults (`authorized_pick_ups.guardian_id`), so the pick-up line knows them without the office
 * typing them twice. The guardianship and guardian routes call `mirrorPickUp` in their own transaction after each
 * change; the change log's trigger on authorized_pick_ups carries the row to the stations through the sync pull.
 *
 * A row the office set to not_authorized (a custody order) is the office's decision: the mirroring leaves it as it
 * is, and adds no authorized row beside a refusal of the same name. An authorized adult the office typed in under the
 * guardian's name becomes the guardian's row instead of a second entry; every other row is left alone.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type GuardianRelationship, uuidv7 } from '../../../src/contract';
import type { Tx } from '../../db/client';
import { authorizedPickUps, guardianships, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { toPickUpRecord } from '../authorized_pick_ups/index';

/** How the pick-up line shows the relationship (the pick-up adults keep it as text). */
export const RELATIONSHIP_TEXT: Readonly<Record<GuardianRelationship, string>> = {
  mother: 'Mother',
  father: 'Father',
  guardian: 'Guardian',
  grandparent: 'Grandparent',
  other: 'Other',
};

/** The guardian's name as a pick-up adult's full name. */
export const fullName = (person: { fname: string; lname: string }) => `${person.fname} ${person.lname}`.trim();

/**
 * Brings the mirrored pick-up row of one guardian and scholar in line with their guardianship: present and active
 * with the guardian's name, phone and relationship while the link allows pick-up, inactive otherwise.
 */
export async function mirrorPickUp(tx: Tx, request: FastifyRequest, parentId: string, scholarId: string) {
  const [link] = await tx
    .select({ relationship: guardianships.relationship, may_pick_up: guardianships.may_pick_up })
    .from(guardianships)
    .where(and(eq(guardianships.parent_id, parentId), eq(guardianships.scholar_id, scholarId)));
  const [person] = await tx
    .select({ fname: users.fname, lname: users.lname, phone: users.phone, active: users.active })
    .from(users)
    .where(eq(users.id, parentId));
  const rows = await tx
    .select()
    .from(authorizedPickUps)
    .where(and(eq(authorizedPickUps.guardian_id, parentId), eq(authorizedPickUps.scholar_id, scholarId)));
  if (rows.some((r) => r.status === 'not_authorized')) return;
  const [row] = rows;
  const wanted = Boolean(link?.may_pick_up && person?.active);
  if (wanted && link && person) {
    const values = {
      full_name: fullName(person),
      phone: person.phone,
      relationship: RELATIONSHIP_TEXT[link.relationship],
      active: true,
    };
    if (!row) {
      // The same adult typed in by the office for this scholar: refused, the refusal stands and nothing is added; an
      // authorized one becomes the guardian's row rather than a second entry for the same person.
      const typed = await tx
        .select()
        .from(authorizedPickUps)
        .where(
          and(
            eq(authorizedPickUps.scholar_id, scholarId),
            isNull(authorizedPickUps.guardian_id),
            eq(authorizedPickUps.active, true),
            sql`lower(${authorizedPickUps.full_name}) = lower(${values.full_name})`,
          ),
        );
      if (typed.some((r) => r.status === 'not_authorized')) return;
      const [same] = typed;
      if (same) {
        await writeRow(tx, request, same, { ...values, guardian_id: parentId });
        return;
      }
      const id = uuidv7();
      await tx.insert(authorizedPickUps).values({ id, scholar_id: scholarId, guardian_id: parentId, ...values });
      await audit(tx, request, {
        action: 'create',
        resource: 'authorized_pick_ups',
        recordId: id,
        changes: { before: null, after: { scholar_id: scholarId, guardian_id: parentId, ...values } },
      });
      return;
    }
    const differs = (Object.keys(values) as (keyof typeof values)[]).some((k) => row[k] !== values[k]);
    if (!differs) return;
    await writeRow(tx, request, row, values);
    return;
  }
  if (row?.active) await writeRow(tx, request, row, { active: false });
}

async function writeRow(
  tx: Tx,
  request: FastifyRequest,
  row: typeof authorizedPickUps.$inferSelect,
  values: Partial<typeof authorizedPickUps.$inferInsert>,
) {
  const [after] = await tx
    .update(authorizedPickUps)
    .set({ ...values, updated_at: new Date().toISOString() })
    .where(eq(authorizedPickUps.id, row.id))
    .returning();
  await audit(tx, request, {
    action: 'update',
    resource: 'authorized_pick_ups',
    recordId: row.id,
    changes: { before: toPickUpRecord(row), after: after ? toPickUpRecord(after) : null },
  });
}

/** Brings every mirrored row of a guardian in line (their name, phone or active flag changed). */
export async function mirrorGuardian(tx: Tx, request: FastifyRequest, parentId: string) {
  const links = await tx
    .select({ scholar_id: guardianships.scholar_id })
    .from(guardianships)
    .where(eq(guardianships.parent_id, parentId));
  const mirrored = await tx
    .select({ scholar_id: authorizedPickUps.scholar_id })
    .from(authorizedPickUps)
    .where(eq(authorizedPickUps.guardian_id, parentId));
  const scholars = new Set([...links, ...mirrored].map((r) => r.scholar_id));
  for (const scholarId of scholars) await mirrorPickUp(tx, request, parentId, scholarId);
}

/**
 * Holds a lock on `key` until the transaction ends, so two requests checking the same rule at once (one link per
 * guardian and scholar, one account per email) take turns: the second sees the first's row and answers 409, not a
 * unique violation's 500.
 */
export async function lockRule(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
