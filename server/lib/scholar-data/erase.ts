/**
 * The erase of a withdrawn scholar's personal data (DESIGN section 13; what goes, what stays and why:
 * docs/decisions/008-erasing-a-scholar.md). California's Education Code 49073.1 and the Business and Professions Code
 * 22584(d)(2) have an operator delete a pupil's records on the school's request, and a parent's once the pupil has left.
 *
 * In the caller's one transaction:
 * - the school's daily meal and attendance counts stay: the scholar's check-ins and meals are re-pointed at a new
 *   anonymous scholar record (no name, no numbers, inactive, one per erase so each day's one-arrival and
 *   one-meal rules still hold), with their free-text fields (reasons, the pick-up adult) cleared;
 * - everything else about them goes: the record, their login (its sessions and links), guardians' links (a guardian
 *   left with no child goes too), pick-up adults, photos, eligibility history, screenings, agreements with their
 *   frozen versions and signatures, enrolments, work, conference sign-ins, messenger duty, sync receipts;
 * - the audit trail's events about them are removed, and any other event naming them is scrubbed;
 * - kept roster import packages that hold them lose their bytes (the preview must be uploaded again);
 * - the change log keeps, for each removed synced row, only the delete the triggers write, so an offline station
 *   drops the record at its next pull.
 * The erasures row says who, when, on whose request and how many rows of each kind; it names no one.
 */
import { and, eq, inArray, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { unzipSync } from 'fflate';
import { confirmsErase, ERASE_MESSAGES, type EraseBody, uuidv7 } from '../../../src/contract';
import type { Tx } from '../../db/client';
import {
  auditEvents,
  authorizedPickUps,
  carLineCalls,
  changes,
  checkIns,
  conferenceSignIns,
  courseEnrollments,
  courseWorkSubmissions,
  covidNegativeTests,
  covidScreenings,
  demographics,
  erasures,
  guardianships,
  independentStudyAddenda,
  independentStudyAgreements,
  independentStudySignatures,
  independentStudyVersions,
  loginThrottles,
  mealEligibilityHistory,
  messengerSchedules,
  nslpRecords,
  photos,
  rosterImports,
  sessions,
  syncReceipts,
  userRoles,
  users,
} from '../../db/schema';
import { newBadgeCode } from '../../routes/demographics/index';
import { readSchoolSettings } from '../../routes/school_settings/index';
import { audit } from '../audit';
import { AppError, invalid, notFound } from '../errors';
import { likeEscape } from '../resource';

/** What an erased value becomes where a record that stays mentioned it (an audit event of a batch, an import's list). */
export const ERASED = '[erased]';

/** The anonymous scholar record's names and the prefix of its student number: what old records show instead. */
export const ANONYMOUS_SCHOLAR = { fname: 'Erased', lname: 'scholar', numberPrefix: 'erased-' } as const;

/** The setting that lets this transaction delete frozen signature evidence (migration 0033). */
const ERASING = 'school_ops.erasing_scholar';

type ErasureRow = typeof erasures.$inferSelect;
type UserRow = typeof users.$inferSelect;

/**
 * The values that identify the people erased, each with how it may be found in text: a long value (an id, an email,
 * a full name) anywhere, a short one (a student number, a badge code) only as a whole word, so that a number is not
 * scrubbed out of another record's id.
 */
class Identifiers {
  readonly values = new Map<string, string>();
  add(value: string | null | undefined, replacement = ERASED): void {
    const v = value?.trim();
    if (v && v.length >= 3) this.values.set(v, replacement);
  }
  /** `%value%` patterns for a first, coarse ILIKE over stored text; exact checks follow in `scrub`. */
  patterns(): string[] {
    return [...this.values.keys()].map((v) => `%${likeEscape(v)}%`);
  }
  private regex(): RegExp | null {
    if (!this.values.size) return null;
    const escaped = [...this.values.keys()]
      .toSorted((a, b) => b.length - a.length)
      .map((v) => v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+'));
    return new RegExp(`(?<![\\p{L}\\p{N}])(?:${escaped.join('|')})(?![\\p{L}\\p{N}])`, 'giu');
  }
  /** The text with every identifying value replaced (by the anonymous record's id for the scholar's id, else ERASED). */
  scrubText(text: string): string {
    const re = this.regex();
    if (!re) return text;
    const lower = new Map([...this.values].map(([k, v]) => [k.toLocaleLowerCase('und').replace(/\s+/g, ' '), v]));
    return text.replace(re, (m) => lower.get(m.toLocaleLowerCase('und').replace(/\s+/g, ' ')) ?? ERASED);
  }
  /** A JSON value with every string (and key) scrubbed. */
  scrub(value: unknown): unknown {
    if (typeof value === 'string') return this.scrubText(value);
    if (Array.isArray(value)) return value.map((v) => this.scrub(v));
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [this.scrubText(k), this.scrub(v)]));
    }
    return value;
  }
  /** True when the text holds one of the values. */
  found(text: string): boolean {
    const re = this.regex();
    return re ? re.test(text) : false;
  }
}

/** The names a person may be written as: first and last, nickname and last, last comma first. */
function addNames(ids: Identifiers, p: { fname: string; lname: string; nickname?: string | null }): void {
  ids.add(`${p.fname} ${p.lname}`);
  ids.add(`${p.lname}, ${p.fname}`);
  if (p.nickname) {
    ids.add(`${p.nickname} ${p.lname}`);
    ids.add(`${p.lname}, ${p.nickname}`);
  }
}

function addPerson(ids: Identifiers, u: UserRow): void {
  ids.add(u.id);
  ids.add(u.email);
  ids.add(u.sourced_id);
  ids.add(u.google_sub);
  ids.add(u.badge_code);
  if (u.phone && u.phone.replace(/\D/g, '').length >= 7) ids.add(u.phone);
  addNames(ids, u);
}

const count = (rows: unknown[]) => rows.length;

/** Patterns as one PostgreSQL array of text, each its own parameter: `x ilike any(...)`. */
const anyOf = (patterns: string[]) =>
  sql`array[${sql.join(
    patterns.map((p) => sql`${p}`),
    sql`, `,
  )}]::text[]`;

/**
 * Erases the scholar; answers the erasures row. 404 for no such scholar, 409 for one still enrolled (only a
 * withdrawn scholar is erased), 422 when the typed confirmation is not the scholar's full name.
 */
export async function eraseScholar(
  tx: Tx,
  request: FastifyRequest,
  scholarId: string,
  body: EraseBody,
): Promise<ErasureRow> {
  const [scholar] = await tx.select().from(demographics).where(eq(demographics.id, scholarId)).limit(1).for('update');
  if (!scholar || scholar.student_number.startsWith(ANONYMOUS_SCHOLAR.numberPrefix)) throw notFound('scholar');
  if (scholar.active || !scholar.withdrawn_on) throw new AppError('conflict', ERASE_MESSAGES.notWithdrawn);
  if (!confirmsErase(body.confirmation, scholar)) throw invalid('confirmation', ERASE_MESSAGES.confirmation);
  await tx.execute(sql`select set_config(${ERASING}, 'on', true)`);
  const removed: Record<string, number> = {};
  const anonymousId = uuidv7();

  // Who goes: the scholar, their own login, and each guardian left with no other child (a parent account only).
  const account = scholar.user_id ? await tx.select().from(users).where(eq(users.id, scholar.user_id)) : [];
  const links = await tx.select().from(guardianships).where(eq(guardianships.scholar_id, scholarId));
  const parentIds = links.map((l) => l.parent_id);
  const others = parentIds.length
    ? await tx
        .select({ parent_id: guardianships.parent_id })
        .from(guardianships)
        .where(and(inArray(guardianships.parent_id, parentIds), ne(guardianships.scholar_id, scholarId)))
    : [];
  const stay = new Set(others.map((o) => o.parent_id));
  const alone = parentIds.filter((id) => !stay.has(id));
  const orphans = alone.length
    ? await tx
        .select()
        .from(users)
        .where(and(inArray(users.id, alone), eq(users.type, 'parent')))
    : [];
  const people = [...account, ...orphans];
  const personIds = people.map((p) => p.id);

  const ids = new Identifiers();
  ids.add(scholar.id, anonymousId);
  ids.add(scholar.student_number);
  ids.add(scholar.badge_code);
  ids.add(scholar.sourced_id);
  addNames(ids, scholar);
  for (const person of people) addPerson(ids, person);

  const pickUps = await tx.select().from(authorizedPickUps).where(eq(authorizedPickUps.scholar_id, scholarId));
  const pickUpIds = pickUps.map((p) => p.id);
  const agreements = await tx
    .select({ id: independentStudyAgreements.id })
    .from(independentStudyAgreements)
    .where(eq(independentStudyAgreements.scholar_id, scholarId));
  const agreementIds = agreements.map((a) => a.id);
  const duty = await tx
    .select({ id: messengerSchedules.id })
    .from(messengerSchedules)
    .where(eq(messengerSchedules.scholar_id, scholarId));
  for (const id of [...pickUpIds, ...agreementIds]) ids.add(id);

  // The change log: earlier entries of the rows that go are dropped (a removal supersedes them); the deletes below
  // write the one entry each that tells a station to drop the row.
  const synced = [scholarId, ...pickUpIds, ...duty.map((d) => d.id)];
  removed.change_log_entries = count(
    await tx.delete(changes).where(inArray(changes.record_id, synced)).returning({ seq: changes.seq }),
  );

  // The anonymous record the kept meal and attendance rows point at: no name, no numbers, inactive (so counted as
  // eligible on no day), the grade and program kept for the reports that group by them.
  await tx.insert(demographics).values({
    id: anonymousId,
    student_number: `${ANONYMOUS_SCHOLAR.numberPrefix}${anonymousId}`,
    fname: ANONYMOUS_SCHOLAR.fname,
    lname: ANONYMOUS_SCHOLAR.lname,
    grade: scholar.grade,
    program: scholar.program,
    badge_code: `ERASED${newBadgeCode()}`,
    meal_eligibility: 'paid',
    active: false,
  });
  await tx.delete(mealEligibilityHistory).where(eq(mealEligibilityHistory.scholar_id, anonymousId));
  const settings = await readSchoolSettings(tx);
  const listed = [...settings.late_reasons, ...settings.departure_reasons];
  const keptReason = listed.length
    ? sql`case when ${checkIns.reason} in (${sql.join(
        listed.map((r) => sql`${r}`),
        sql`, `,
      )}) then ${checkIns.reason} else null end`
    : sql`null`;
  const keptCheckIns = await tx
    .update(checkIns)
    .set({
      scholar_id: anonymousId,
      reason: keptReason,
      pick_up_id: null,
      pick_up_name: null,
      override_reason: null,
      void_reason: null,
    })
    .where(eq(checkIns.scholar_id, scholarId))
    .returning({ id: checkIns.id });
  removed.check_ins_kept = keptCheckIns.length;
  const keptMeals = await tx
    .update(nslpRecords)
    .set({ scholar_id: anonymousId, missing_reason: null, void_reason: null })
    .where(eq(nslpRecords.scholar_id, scholarId))
    .returning({ id: nslpRecords.id });
  removed.nslp_records_kept = keptMeals.length;

  // Independent study: addenda and signatures, then the frozen versions, then the agreements (migration 0033 lets
  // this transaction alone delete them).
  if (agreementIds.length) {
    removed.independent_study_addenda = count(
      await tx
        .delete(independentStudyAddenda)
        .where(inArray(independentStudyAddenda.agreement_id, agreementIds))
        .returning({ id: independentStudyAddenda.id }),
    );
    const signatures = await tx
      .delete(independentStudySignatures)
      .where(inArray(independentStudySignatures.agreement_id, agreementIds))
      .returning({ id: independentStudySignatures.id });
    removed.independent_study_signatures = signatures.length;
    const versions = await tx
      .delete(independentStudyVersions)
      .where(inArray(independentStudyVersions.agreement_id, agreementIds))
      .returning({ id: independentStudyVersions.id, hash: independentStudyVersions.hash });
    removed.independent_study_versions = versions.length;
    for (const v of versions) {
      ids.add(v.id);
      ids.add(v.hash);
    }
    for (const s of signatures) ids.add(s.id);
    removed.independent_study_agreements = count(
      await tx
        .delete(independentStudyAgreements)
        .where(inArray(independentStudyAgreements.id, agreementIds))
        .returning({ id: independentStudyAgreements.id }),
    );
  }

  // The rows of the scholar's own in tables that hold nothing the school counts: deleted, counted by table.
  const ownRows = [
    ['covid_screenings', covidScreenings.scholar_id],
    ['covid_negative_tests', covidNegativeTests.scholar_id],
    ['conference_sign_ins', conferenceSignIns.scholar_id],
    ['course_enrollments', courseEnrollments.scholar_id],
    ['course_work_submissions', courseWorkSubmissions.scholar_id],
    ['messenger_schedules', messengerSchedules.scholar_id],
    ['meal_eligibility_history', mealEligibilityHistory.scholar_id],
  ] as const;
  for (const [name, column] of ownRows) {
    removed[name] = count(await tx.delete(column.table).where(eq(column, scholarId)).returning({ id: column }));
  }

  // Photos: the scholar's, their account's and the orphaned guardians', and the pick-up adults' unless a sibling's
  // pick-up row shares the photo (siblings' rows for one adult share it): then the sibling's row becomes its owner.
  const pickUpPhotoIds = pickUps.map((p) => p.photo_id).filter((id): id is string => !!id);
  const sharing = pickUpPhotoIds.length
    ? await tx
        .select({ id: authorizedPickUps.id, photo_id: authorizedPickUps.photo_id })
        .from(authorizedPickUps)
        .where(and(inArray(authorizedPickUps.photo_id, pickUpPhotoIds), ne(authorizedPickUps.scholar_id, scholarId)))
    : [];
  for (const s of sharing) {
    await tx
      .update(photos)
      .set({ owner_id: s.id })
      .where(
        and(
          eq(photos.id, s.photo_id as string),
          eq(photos.owner_type, 'authorized_pick_ups'),
          inArray(photos.owner_id, pickUpIds),
        ),
      );
  }
  const shared = new Set(sharing.map((s) => s.photo_id));
  const photoConditions: SQL[] = [and(eq(photos.owner_type, 'demographics'), eq(photos.owner_id, scholarId)) as SQL];
  const ownPhotoIds = [
    scholar.photo_id,
    ...people.map((p) => p.photo_id),
    ...pickUpPhotoIds.filter((id) => !shared.has(id)),
  ].filter((id): id is string => !!id);
  if (ownPhotoIds.length) photoConditions.push(inArray(photos.id, ownPhotoIds));
  if (personIds.length)
    photoConditions.push(and(eq(photos.owner_type, 'users'), inArray(photos.owner_id, personIds)) as SQL);
  if (pickUpIds.length) {
    const unshared = sharing.length ? notInArray(photos.id, [...shared] as string[]) : undefined;
    photoConditions.push(
      and(eq(photos.owner_type, 'authorized_pick_ups'), inArray(photos.owner_id, pickUpIds), unshared) as SQL,
    );
  }
  const gonePhotos = await tx
    .delete(photos)
    .where(or(...photoConditions))
    .returning({ id: photos.id, sha256: photos.sha256 });
  removed.photos = gonePhotos.length;
  for (const p of gonePhotos) {
    ids.add(p.id);
    ids.add(p.sha256);
  }

  removed.authorized_pick_ups = count(
    await tx
      .delete(authorizedPickUps)
      .where(eq(authorizedPickUps.scholar_id, scholarId))
      .returning({ id: authorizedPickUps.id }),
  );
  removed.guardianships = count(
    await tx.delete(guardianships).where(eq(guardianships.scholar_id, scholarId)).returning({ id: guardianships.id }),
  );
  // A parent's session inside the scholar's session (the parent login on the scholar's phone) is for this scholar.
  const sessionConditions: SQL[] = [eq(sessions.for_scholar_id, scholarId)];
  if (personIds.length) sessionConditions.push(inArray(sessions.user_id, personIds));
  removed.sessions = count(
    await tx
      .delete(sessions)
      .where(or(...sessionConditions))
      .returning({ id: sessions.token_hash }),
  );
  // The car line's arrivals name the children they called: the scholar leaves those lists (the queue's own entries
  // go with the scholar's row).
  await tx
    .update(carLineCalls)
    .set({ scholar_ids: sql`${carLineCalls.scholar_ids} - ${scholarId}::text` })
    .where(sql`${carLineCalls.scholar_ids} ? ${scholarId}::text`);
  removed.demographics = count(
    await tx.delete(demographics).where(eq(demographics.id, scholarId)).returning({ id: demographics.id }),
  );
  if (personIds.length) {
    await tx.delete(userRoles).where(inArray(userRoles.user_id, personIds));
    const throttled = people.map((p) => `account:${p.email.trim().toLowerCase()}`);
    await tx.delete(loginThrottles).where(inArray(loginThrottles.key, throttled));
    // Password links and the rest cascade with the account.
    const gone = await tx
      .delete(users)
      .where(inArray(users.id, personIds))
      .returning({ id: users.id, type: users.type });
    removed.users = gone.filter((u) => u.type === 'student').length;
    removed.guardians = gone.filter((u) => u.type === 'parent').length;
  }

  // Sync receipts of the rows that went and of the accounts that went; those of the kept rows stay (a station's
  // replay of a kept check-in still answers 'duplicate').
  const goneRecords = [scholarId, ...pickUpIds, ...duty.map((d) => d.id)];
  const receiptConditions: SQL[] = [inArray(syncReceipts.record_id, goneRecords)];
  if (personIds.length) receiptConditions.push(inArray(syncReceipts.user_id, personIds));
  removed.sync_receipts = count(
    await tx
      .delete(syncReceipts)
      .where(or(...receiptConditions))
      .returning({ id: syncReceipts.id }),
  );

  Object.assign(removed, await eraseFromImports(tx, ids));
  Object.assign(
    removed,
    await eraseFromAudit(tx, ids, {
      records: [scholarId, ...pickUpIds, ...agreementIds, ...duty.map((d) => d.id), ...personIds],
      people: personIds,
    }),
  );

  const [row] = await tx
    .insert(erasures)
    .values({
      id: body.id,
      erased_by: request.auth?.user.id ?? null,
      requested_by: body.requested_by,
      request_note: ids.scrubText(body.note),
      withdrawn_on: scholar.withdrawn_on,
      removed,
    })
    .returning();
  await audit(tx, request, {
    action: 'delete',
    resource: 'erasures',
    recordId: body.id,
    changes: { requested_by: body.requested_by, removed },
  });
  return row as ErasureRow;
}

/**
 * Roster imports: a kept package (a preview not applied yet) that holds any of the values loses its bytes, so its
 * apply answers "upload again" instead of bringing the scholar back; the kept history (matched rows, refused rows'
 * messages) is scrubbed.
 */
async function eraseFromImports(tx: Tx, ids: Identifiers): Promise<Record<string, number>> {
  let packages = 0;
  const kept = await tx
    .select({ id: rosterImports.id, package: rosterImports.package })
    .from(rosterImports)
    .where(sql`${rosterImports.package} is not null`);
  for (const row of kept) {
    if (row.package && packageHolds(row.package, ids)) {
      await tx.update(rosterImports).set({ package: null }).where(eq(rosterImports.id, row.id));
      packages++;
    }
  }
  const patterns = ids.patterns();
  const named = patterns.length
    ? await tx
        .select({ id: rosterImports.id, matched: rosterImports.matched, errors: rosterImports.errors })
        .from(rosterImports)
        .where(sql`(${rosterImports.matched}::text || ${rosterImports.errors}::text) ilike any(${anyOf(patterns)})`)
    : [];
  for (const row of named) {
    await tx
      .update(rosterImports)
      .set({
        matched: ids.scrub(row.matched) as typeof row.matched,
        errors: ids.scrub(row.errors) as typeof row.errors,
      })
      .where(eq(rosterImports.id, row.id));
  }
  return { roster_import_packages: packages, roster_imports_scrubbed: named.length };
}

/** True when a package (a OneRoster zip, or one CSV) holds one of the values in any of its files. */
function packageHolds(bytes: Uint8Array, ids: Identifiers): boolean {
  const decoder = new TextDecoder();
  let texts: string[];
  try {
    texts = Object.values(unzipSync(bytes)).map((b) => decoder.decode(b));
  } catch {
    texts = [decoder.decode(bytes)];
  }
  return texts.some((t) => ids.found(t));
}

/**
 * The audit trail: events about the records that went (or by or about the accounts that went) are removed; any other
 * event whose changes name one of the values is kept with them scrubbed (a sync batch, an import, a kept check-in's
 * creation now names the anonymous record).
 */
async function eraseFromAudit(
  tx: Tx,
  ids: Identifiers,
  gone: { records: string[]; people: string[] },
): Promise<Record<string, number>> {
  const about: SQL[] = [inArray(auditEvents.record_id, gone.records)];
  if (gone.people.length) about.push(inArray(auditEvents.user_id, gone.people));
  const deleted = await tx
    .delete(auditEvents)
    .where(or(...about))
    .returning({ id: auditEvents.id });
  const patterns = ids.patterns();
  const candidates = patterns.length
    ? await tx
        .select({ id: auditEvents.id, changes: auditEvents.changes, record_id: auditEvents.record_id })
        .from(auditEvents)
        .where(
          sql`(coalesce(${auditEvents.changes}::text, '') || ' ' || coalesce(${auditEvents.record_id}, '')) ilike any(${anyOf(patterns)})`,
        )
    : [];
  let scrubbed = 0;
  for (const event of candidates) {
    const changesAfter = ids.scrub(event.changes);
    const recordAfter = event.record_id === null ? null : ids.scrubText(event.record_id);
    if (JSON.stringify(changesAfter) === JSON.stringify(event.changes) && recordAfter === event.record_id) continue;
    await tx
      .update(auditEvents)
      .set({ changes: changesAfter, record_id: recordAfter })
      .where(eq(auditEvents.id, event.id));
    scrubbed++;
  }
  return { audit_events: deleted.length, audit_events_scrubbed: scrubbed };
}
