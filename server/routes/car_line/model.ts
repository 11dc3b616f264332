/**
 * The car line's rules apart from the routes (docs/car-line.md): a family's tag (a number unique in the school,
 * shared by guardians of the same children), which children an arrival calls out (custody: a child whose pick-up list
 * refuses the guardian is never called for them), and the arrival itself, created through the shared idempotent
 * create so that a tap or a curb entry sent twice queues once. A sign-out taking a child off the queue is a trigger
 * (migration 0037), so every way a sign-out arrives does it.
 */
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  CAR_LINE_CALLS,
  CAR_LINE_MESSAGES,
  type CarLineCall,
  type CarLineEntry,
  type CarTag,
  type Resource,
  uuidv7,
} from '../../../src/contract';
import type { Tx } from '../../db/client';
import {
  authorizedPickUps,
  carLineCalls,
  carLineQueue,
  carTagHolders,
  carTags,
  demographics,
  guardianships,
  users,
} from '../../db/schema';
import { audit } from '../../lib/audit';
import { invalid, notFound } from '../../lib/errors';
import { type CreateDefinition, iso } from '../../lib/resource';
import { schoolDay } from '../../lib/school-day';
import { lockRule } from '../guardians/mirror';

type Read = Pick<Tx, 'select' | 'selectDistinct'>;
type CallRow = typeof carLineCalls.$inferSelect;
type QueueRow = typeof carLineQueue.$inferSelect;

const displayName = (p: { fname: string; lname: string; nickname: string | null }) =>
  `${p.nickname || p.fname} ${p.lname}`;

/** The active children of these guardians, by first name. */
async function childrenOf(tx: Read, guardianIds: string[]) {
  if (!guardianIds.length) return [];
  return tx
    .selectDistinct({
      scholar_id: demographics.id,
      fname: demographics.fname,
      nickname: demographics.nickname,
      lname: demographics.lname,
      grade: demographics.grade,
      homeroom: demographics.homeroom,
    })
    .from(guardianships)
    .innerJoin(demographics, eq(demographics.id, guardianships.scholar_id))
    .where(and(inArray(guardianships.parent_id, guardianIds), eq(demographics.active, true)))
    .orderBy(asc(demographics.fname), asc(demographics.id));
}

/** A tag with its holders and their children. */
async function tagRecord(tx: Read, tag: { id: string; number: number }): Promise<CarTag> {
  const holders = await tx
    .select({ id: users.id, fname: users.fname, lname: users.lname, nickname: users.nickname })
    .from(carTagHolders)
    .innerJoin(users, eq(users.id, carTagHolders.guardian_id))
    .where(eq(carTagHolders.tag_id, tag.id))
    .orderBy(asc(users.lname), asc(users.fname));
  return {
    id: tag.id,
    number: tag.number,
    guardians: holders.map((h) => ({ id: h.id, name: displayName(h) })),
    children: await childrenOf(
      tx,
      holders.map((h) => h.id),
    ),
  };
}

/** The guardian's tag, or null. */
export async function tagOfGuardian(tx: Read, guardianId: string): Promise<CarTag | null> {
  const [tag] = await tx
    .select({ id: carTags.id, number: carTags.number })
    .from(carTagHolders)
    .innerJoin(carTags, eq(carTags.id, carTagHolders.tag_id))
    .where(eq(carTagHolders.guardian_id, guardianId));
  return tag ? tagRecord(tx, tag) : null;
}

/** The tag with this number, or null. */
export async function tagByNumber(tx: Read, number: number): Promise<CarTag | null> {
  const [tag] = await tx
    .select({ id: carTags.id, number: carTags.number })
    .from(carTags)
    .where(eq(carTags.number, number));
  return tag ? tagRecord(tx, tag) : null;
}

/** The lowest number no family holds: what the admin page offers for a new tag. */
export async function nextFreeNumber(tx: Read): Promise<number> {
  const used = new Set(
    (
      await tx
        .select({ number: carTags.number })
        .from(carTags)
        .where(sql`exists (select 1 from ${carTagHolders} where ${carTagHolders.tag_id} = ${carTags.id})`)
    ).map((r) => r.number),
  );
  let n = 1;
  while (used.has(n)) n++;
  return n;
}

/**
 * Gives a guardian the tag `number` (null: none). A number held by guardians who share none of this guardian's
 * children belongs to another family: 422 on `number`. A tag left without holders goes. Audited.
 */
export async function setGuardianTag(
  tx: Tx,
  request: Parameters<typeof audit>[1],
  guardianId: string,
  number: number | null,
): Promise<CarTag | null> {
  // One assignment at a time: two offices giving the same free number to two families would both see it free.
  await lockRule(tx, 'car_tags');
  const [guardian] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, guardianId), eq(users.type, 'parent')));
  if (!guardian) throw notFound('guardian');
  const before = await tagOfGuardian(tx, guardianId);
  if (before?.number === number) return before;
  let tagId: string | null = null;
  if (number !== null) {
    const existing = await tagByNumber(tx, number);
    const others = existing?.guardians.filter((g) => g.id !== guardianId) ?? [];
    if (existing && others.length) {
      const mine = new Set((await childrenOf(tx, [guardianId])).map((c) => c.scholar_id));
      const family = existing.children.some((c) => mine.has(c.scholar_id));
      if (!family) throw invalid('number', CAR_LINE_MESSAGES.tagTaken(number));
    }
    tagId = existing?.id ?? uuidv7();
    if (!existing) await tx.insert(carTags).values({ id: tagId, number });
    await tx
      .insert(carTagHolders)
      .values({ guardian_id: guardianId, tag_id: tagId })
      .onConflictDoUpdate({ target: carTagHolders.guardian_id, set: { tag_id: tagId } });
  } else {
    await tx.delete(carTagHolders).where(eq(carTagHolders.guardian_id, guardianId));
  }
  if (before && before.id !== tagId) {
    // The old tag, if nobody holds it any more, goes: its number is free for another family.
    await tx
      .delete(carTags)
      .where(
        and(
          eq(carTags.id, before.id),
          sql`not exists (select 1 from ${carTagHolders} where ${carTagHolders.tag_id} = ${carTags.id})`,
        ),
      );
  }
  await audit(tx, request, {
    action: 'update',
    resource: 'car_tags',
    recordId: guardianId,
    changes: { number: { before: before?.number ?? null, after: number } },
  });
  return tagOfGuardian(tx, guardianId);
}

/** Of these children, those whose pick-up list refuses every one of these guardians (an active not_authorized row). */
async function refusedFor(tx: Read, scholarIds: string[], guardianIds: string[]): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  if (!scholarIds.length || !guardianIds.length) return out;
  const rows = await tx
    .select({ scholar_id: authorizedPickUps.scholar_id, guardian_id: authorizedPickUps.guardian_id })
    .from(authorizedPickUps)
    .where(
      and(
        inArray(authorizedPickUps.scholar_id, scholarIds),
        inArray(authorizedPickUps.guardian_id, guardianIds),
        eq(authorizedPickUps.active, true),
        eq(authorizedPickUps.status, 'not_authorized'),
      ),
    );
  for (const r of rows) {
    const set = out.get(r.scholar_id) ?? new Set<string>();
    set.add(r.guardian_id as string);
    out.set(r.scholar_id, set);
  }
  return out;
}

/** The ids of `scholarIds` whose pick-up list refuses `guardianId`. */
export async function refusedScholars(tx: Read, scholarIds: string[], guardianId: string): Promise<Set<string>> {
  return new Set((await refusedFor(tx, scholarIds, [guardianId])).keys());
}

/**
 * The children a tag calls out at the curb: each child of its holders for whom at least one holder who is that
 * child's guardian is not refused by the child's pick-up list (the adult in the car is checked again at the sign-out).
 */
async function tagChildren(tx: Read, tag: CarTag): Promise<string[]> {
  const holderIds = tag.guardians.map((g) => g.id);
  const links = holderIds.length
    ? await tx
        .select({ parent_id: guardianships.parent_id, scholar_id: guardianships.scholar_id })
        .from(guardianships)
        .where(inArray(guardianships.parent_id, holderIds))
    : [];
  const ids = tag.children.map((c) => c.scholar_id);
  const refused = await refusedFor(tx, ids, holderIds);
  return ids.filter((id) => links.some((l) => l.scholar_id === id && !refused.get(id)?.has(l.parent_id)));
}

/** What an arrival is created from: the portal's (children chosen by the route) or the curb's (a tag number). */
export type CallInput = {
  id: string;
  source: 'portal' | 'curb';
  tag_number?: number | null;
  guardian_id?: string | null;
  scholar_ids?: string[];
  device_id?: string | null;
};

const toCall = (r: CallRow): CarLineCall => ({
  id: r.id,
  school_day: r.school_day,
  source: r.source,
  tag_number: r.tag_number,
  scholar_ids: r.scholar_ids,
  created_at: iso(r.created_at),
});

/**
 * An arrival as the shared idempotent create takes it (the portal's route and the sync push's curb entries): the
 * same id again answers the stored arrival; its children join the day's queue once (one entry per child and day).
 */
export const carLineCallsResource: CreateDefinition<CarLineCall, CallInput> & { name: string } = {
  // The outbox's name for a curb entry, not a resource of the permission catalogue: its permission is the pick-up
  // line's (check_ins-create), checked by the routes and the sync push.
  name: CAR_LINE_CALLS as Resource,
  table: carLineCalls,
  idColumn: carLineCalls.id,
  toRecords: async (rows) => (rows as CallRow[]).map(toCall),
  async prepareCreate(input, { tx, request }) {
    const day = schoolDay(new Date(), request.server.school.timeZone);
    let scholarIds = input.scholar_ids ?? [];
    if (input.source === 'curb') {
      const number = input.tag_number as number;
      const tag = await tagByNumber(tx, number);
      if (!tag?.guardians.length) throw invalid('tag_number', CAR_LINE_MESSAGES.unknownTag(number));
      scholarIds = await tagChildren(tx, tag);
      if (!scholarIds.length) throw invalid('tag_number', CAR_LINE_MESSAGES.tagNoChild(number));
    }
    return {
      id: input.id,
      school_day: day,
      source: input.source,
      tag_number: input.tag_number ?? null,
      guardian_id: input.guardian_id ?? null,
      recorded_by: request.auth?.user.id ?? null,
      device_id: input.device_id ?? null,
      scholar_ids: scholarIds,
    };
  },
  async afterWrite(id, _input, { tx, request }) {
    const [call] = await tx.select().from(carLineCalls).where(eq(carLineCalls.id, id));
    if (!call?.scholar_ids.length) return;
    // A child already on the day's queue keeps their place (the first arrival's time): called once.
    const added = await tx
      .insert(carLineQueue)
      .values(
        call.scholar_ids.map((scholarId) => ({
          id: uuidv7(),
          school_day: call.school_day,
          scholar_id: scholarId,
          call_id: call.id,
          tag_number: call.tag_number,
        })),
      )
      .onConflictDoNothing({ target: [carLineQueue.school_day, carLineQueue.scholar_id] })
      .returning();
    for (const entry of added) {
      await audit(tx, request, {
        action: 'create',
        resource: 'car_line_queue',
        recordId: entry.id,
        changes: { scholar_id: entry.scholar_id, school_day: entry.school_day, call_id: call.id, source: call.source },
      });
    }
  },
  // The same arrival sent again (its answer lost on the way, or the entry pushed twice).
  sameAs: (input, record) =>
    input.source === record.source && (input.source === 'portal' || input.tag_number === record.tag_number),
};

/** Queue rows as records, with each child's name, grade and homeroom (one query for any number). */
export async function toEntries(tx: Read, rows: QueueRow[]): Promise<CarLineEntry[]> {
  if (!rows.length) return [];
  const scholars = new Map(
    (
      await tx
        .select({
          id: demographics.id,
          fname: demographics.fname,
          lname: demographics.lname,
          nickname: demographics.nickname,
          grade: demographics.grade,
          homeroom: demographics.homeroom,
        })
        .from(demographics)
        .where(
          inArray(
            demographics.id,
            rows.map((r) => r.scholar_id),
          ),
        )
    ).map((s) => [s.id, s]),
  );
  return rows.map((r) => {
    const s = scholars.get(r.scholar_id);
    return {
      id: r.id,
      school_day: r.school_day,
      scholar_id: r.scholar_id,
      scholar_name: s ? displayName(s) : '',
      grade: s?.grade ?? '',
      homeroom: s?.homeroom ?? null,
      tag_number: r.tag_number,
      called_at: iso(r.called_at),
      released_at: r.released_at ? iso(r.released_at) : null,
    };
  });
}

/** The day's queue in arrival order; released entries only when asked for. */
export async function readQueue(tx: Read, day: string, includeReleased = false): Promise<CarLineEntry[]> {
  const rows = await tx
    .select()
    .from(carLineQueue)
    .where(and(eq(carLineQueue.school_day, day), includeReleased ? undefined : isNull(carLineQueue.released_at)))
    .orderBy(asc(carLineQueue.called_at), asc(carLineQueue.id));
  return toEntries(tx, rows);
}
