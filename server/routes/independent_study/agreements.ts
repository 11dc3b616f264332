/**
 * The Independent Study Learning Agreement's life on the server, shared by the staff routes,
 * the portal's routes and the demo seed: the school's policy numbers, the school days an agreement covers and its
 * deadline, the frozen content of a version and its SHA-256 hash, the answers, and a signature with its evidence.
 *
 * A draft is edited freely. Sending it freezes version 1 (content + hash) and asks the scholar, then the parent, then
 * the supervising teacher to sign, each signature recording the hash it signed. A change after that is an addendum: a
 * new version, which everyone signs again; earlier versions and signatures stay as they were (a trigger refuses
 * updates of both).
 */
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  AFTER_SIGNATURE,
  type AgreementContent,
  type AgreementDetail,
  type AgreementState,
  type AgreementSummary,
  AWAITING,
  agreementDeadline,
  CONSENT_TEXTS,
  fullName,
  type IndependentStudyPolicy,
  IndependentStudyPolicySchema,
  namesMatch,
  POLICY_DEFAULTS,
  renderSections,
  SIGNATURE_MESSAGES,
  type SignBody,
  type SignerRole,
  shiftDate,
  uuidv7,
} from '../../../src/contract';
import type { Db, Tx } from '../../db/client';
import {
  demographics,
  independentStudyAddenda,
  independentStudyAgreements,
  independentStudySignatures,
  independentStudyVersions,
  schoolNonWorkDays,
  schoolSettings,
  users,
} from '../../db/schema';
import { AppError, invalid, notFound } from '../../lib/errors';
import { enqueueNotices } from '../../lib/notices/enqueue';

type Reader = Pick<Db | Tx, 'select'>;
/** An instant as the API answers it: ISO 8601 in UTC (lib/resource's `iso`, kept here so the demo seed's imports stay
 * free of the server's plugins). */
const iso = (value: unknown): string => (value == null ? '' : new Date(String(value)).toISOString());
export type AgreementRow = typeof independentStudyAgreements.$inferSelect;

/** The school's policy numbers: its settings over the seed's defaults. */
export async function readPolicy(db: Reader): Promise<IndependentStudyPolicy> {
  const [row] = await db.select({ policy: schoolSettings.independent_study_policy }).from(schoolSettings).limit(1);
  const stored = IndependentStudyPolicySchema.partial().safeParse(row?.policy ?? {});
  return { ...POLICY_DEFAULTS, ...(stored.success ? stored.data : {}) };
}

/** The school's closed days (holidays, breaks) between two dates, as a set of YYYY-MM-DD. */
export async function closedDays(db: Reader, from: string, to: string): Promise<Set<string>> {
  const rows = await db
    .select({ starts_on: schoolNonWorkDays.starts_on, ends_on: schoolNonWorkDays.ends_on })
    .from(schoolNonWorkDays)
    .where(and(lte(schoolNonWorkDays.starts_on, to), gte(schoolNonWorkDays.ends_on, from)));
  const days = new Set<string>();
  for (const r of rows) {
    const last = r.ends_on < to ? r.ends_on : to;
    for (let d = r.starts_on < from ? from : r.starts_on; d <= last; d = shiftDate(d, 1)) days.add(d);
  }
  return days;
}

/** JSON with every object's keys sorted: the same content always gives the same text, so the same hash. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The SHA-256 (hex) of a version's content. */
export const hashContent = (content: AgreementContent): string =>
  createHash('sha256').update(canonicalJson(content)).digest('hex');

/** A user's full name on record, or 404. */
async function personOf(db: Reader, userId: string): Promise<{ id: string; fname: string; lname: string }> {
  const [row] = await db
    .select({ id: users.id, fname: users.fname, lname: users.lname })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw notFound('user');
  return row;
}

/** The content an agreement's next version freezes. */
export async function buildContent(
  db: Reader,
  row: AgreementRow,
  addenda: AgreementContent['addenda'],
): Promise<AgreementContent> {
  const [[scholar], teacher, policy] = await Promise.all([
    db.select().from(demographics).where(eq(demographics.id, row.scholar_id)).limit(1),
    personOf(db, row.teacher_id),
    readPolicy(db),
  ]);
  if (!scholar) throw notFound('scholar');
  return {
    scholar: {
      id: scholar.id,
      name: fullName(scholar),
      student_number: scholar.student_number,
      grade: scholar.grade,
    },
    duration: row.duration,
    begins_on: row.begins_on,
    ends_on: row.ends_on,
    conference: {
      on: row.conference_on,
      time: row.conference_time,
      place: row.conference_place,
      notes: row.conference_notes,
    },
    teacher: { id: teacher.id, name: fullName(teacher) },
    courses: row.courses.map((c) => ({
      subject: c.subject,
      course: c.course,
      grade_band: c.grade_band,
      course_value: c.course_value,
    })),
    policy,
    sections: renderSections(policy),
    addenda,
  };
}

/** Freezes the agreement's current fields as its next version and asks the scholar to sign it. */
export async function freezeVersion(
  tx: Tx,
  row: AgreementRow,
  createdBy: string | null,
  addendum?: { description: string; at: string },
  at: string = addendum?.at ?? new Date().toISOString(),
): Promise<{ id: string; number: number; hash: string }> {
  const [last] = await tx
    .select({ number: independentStudyVersions.number, content: independentStudyVersions.content })
    .from(independentStudyVersions)
    .where(eq(independentStudyVersions.agreement_id, row.id))
    .orderBy(desc(independentStudyVersions.number))
    .limit(1);
  const number = (last?.number ?? 0) + 1;
  const earlier = ((last?.content as AgreementContent | undefined)?.addenda ?? []).slice();
  if (addendum)
    earlier.push({ number: earlier.length + 1, description: addendum.description, created_at: addendum.at });
  const content = await buildContent(tx, row, earlier);
  const hash = hashContent(content);
  const id = uuidv7();
  await tx
    .insert(independentStudyVersions)
    .values({ id, agreement_id: row.id, number, content, hash, created_by: createdBy, created_at: at });
  if (addendum) {
    await tx.insert(independentStudyAddenda).values({
      id: uuidv7(),
      agreement_id: row.id,
      version_id: id,
      number: earlier.length,
      description: addendum.description,
      created_by: createdBy,
      created_at: addendum.at,
    });
  }
  await tx
    .update(independentStudyAgreements)
    .set({ current_version_id: id, state: 'awaiting_scholar', updated_at: at })
    .where(eq(independentStudyAgreements.id, row.id));
  return { id, number, hash };
}

/** The role an account signs in: the scholar's own account, a parent, or a staff member as the teacher. */
export function roleOf(type: string): SignerRole {
  return type === 'student' ? 'scholar' : type === 'parent' ? 'parent' : 'teacher';
}

/** The next to sign in a state. */
const nextSigner = (state: AgreementState): SignerRole | null =>
  state === 'awaiting_scholar'
    ? 'scholar'
    : state === 'awaiting_parent'
      ? 'parent'
      : state === 'awaiting_teacher'
        ? 'teacher'
        : null;

/** The list rows of some agreements, newest first, with their school days and deadline. */
export async function summaries(db: Reader, rows: AgreementRow[], today: string): Promise<AgreementSummary[]> {
  if (!rows.length) return [];
  const [scholars, teachers, versions] = await Promise.all([
    db
      .select()
      .from(demographics)
      .where(
        inArray(
          demographics.id,
          rows.map((r) => r.scholar_id),
        ),
      ),
    db
      .select({ id: users.id, fname: users.fname, lname: users.lname })
      .from(users)
      .where(
        inArray(
          users.id,
          rows.map((r) => r.teacher_id),
        ),
      ),
    db
      .select({ id: independentStudyVersions.id, number: independentStudyVersions.number })
      .from(independentStudyVersions)
      .where(
        inArray(
          independentStudyVersions.agreement_id,
          rows.map((r) => r.id),
        ),
      ),
  ]);
  const from = rows.reduce((m, r) => (r.begins_on < m ? r.begins_on : m), rows[0]?.begins_on ?? today);
  const to = rows.reduce((m, r) => (r.ends_on > m ? r.ends_on : m), rows[0]?.ends_on ?? today);
  const closed = await closedDays(db, from, to);
  const scholarOf = new Map(scholars.map((s) => [s.id, s]));
  const teacherOf = new Map(teachers.map((t) => [t.id, t]));
  const numberOf = new Map(versions.map((v) => [v.id, v.number]));
  return rows.map((r) => {
    const scholar = scholarOf.get(r.scholar_id);
    const teacher = teacherOf.get(r.teacher_id);
    return {
      id: r.id,
      scholar_id: r.scholar_id,
      scholar_name: scholar ? fullName(scholar) : '',
      student_number: scholar?.student_number ?? '',
      grade: scholar?.grade ?? '',
      state: r.state,
      duration: r.duration,
      begins_on: r.begins_on,
      ends_on: r.ends_on,
      ...agreementDeadline(r.begins_on, r.ends_on, closed, r.state, today),
      teacher_id: r.teacher_id,
      teacher_name: teacher ? fullName(teacher) : '',
      version_number: r.current_version_id ? (numberOf.get(r.current_version_id) ?? null) : null,
      updated_at: iso(r.updated_at),
    };
  });
}

/** One agreement as the API answers it: its summary, fields, current version and every signature. */
export async function detailOf(db: Reader, row: AgreementRow, today: string): Promise<AgreementDetail> {
  const [[summary], [version], signatures, versions] = await Promise.all([
    summaries(db, [row], today),
    row.current_version_id
      ? db
          .select()
          .from(independentStudyVersions)
          .where(eq(independentStudyVersions.id, row.current_version_id))
          .limit(1)
      : Promise.resolve([]),
    db
      .select()
      .from(independentStudySignatures)
      .where(eq(independentStudySignatures.agreement_id, row.id))
      .orderBy(asc(independentStudySignatures.signed_at), asc(independentStudySignatures.id)),
    db
      .select({ id: independentStudyVersions.id, number: independentStudyVersions.number })
      .from(independentStudyVersions)
      .where(eq(independentStudyVersions.agreement_id, row.id)),
  ]);
  const numberOf = new Map(versions.map((v) => [v.id, v.number]));
  return {
    ...(summary as AgreementSummary),
    conference_on: row.conference_on,
    conference_time: row.conference_time,
    conference_place: row.conference_place,
    conference_notes: row.conference_notes,
    courses: row.courses,
    version_hash: version?.hash ?? null,
    content: (version?.content as AgreementContent | undefined) ?? null,
    signatures: signatures.map((s) => ({
      id: s.id,
      role: s.role,
      account_id: s.account_id,
      account_name: s.account_name,
      typed_name: s.typed_name,
      consent_text: s.consent_text,
      signed_at: iso(s.signed_at),
      ip: s.ip,
      user_agent: s.user_agent,
      version_number: numberOf.get(s.version_id) ?? 0,
      version_hash: s.version_hash,
    })),
    next_signer: nextSigner(row.state),
  };
}

/** An agreement by id (locked for update inside a transaction), or 404. */
export async function agreementById(db: Reader, id: string, forUpdate = false): Promise<AgreementRow> {
  const query = db.select().from(independentStudyAgreements).where(eq(independentStudyAgreements.id, id)).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw notFound('agreement');
  return row;
}

/** What a signature records about where it came from. */
export interface SignatureEvidence {
  ip: string;
  user_agent: string;
  at?: string;
}

/** The evidence of a request: its address and its device (User-Agent). */
export const evidenceOf = (request: FastifyRequest): SignatureEvidence => ({
  ip: request.ip,
  user_agent: String(request.headers['user-agent'] ?? 'unknown').slice(0, 500),
});

/**
 * Signs the agreement's current version in a role: the agreement must wait for that role, the hash must be the
 * version's, and the typed name the signer's full name on record. Moves the agreement to its next state; the caller
 * writes the audit event.
 */
export async function signAgreement(
  tx: Tx,
  row: AgreementRow,
  role: SignerRole,
  signerId: string,
  body: Required<SignBody>,
  evidence: SignatureEvidence,
  /** Where the guardians' notice of a signature that leaves the agreement waiting for them is written from. */
  notice?: { request: FastifyRequest },
): Promise<{ id: string; state: AgreementState; version_hash: string }> {
  if (row.state !== AWAITING[role] || !row.current_version_id) {
    throw new AppError('conflict', SIGNATURE_MESSAGES.notYourTurn);
  }
  const [version] = await tx
    .select({ hash: independentStudyVersions.hash })
    .from(independentStudyVersions)
    .where(eq(independentStudyVersions.id, row.current_version_id))
    .limit(1);
  if (!version || version.hash !== body.version_hash) throw new AppError('conflict', SIGNATURE_MESSAGES.changed);
  const signer = await personOf(tx, signerId);
  if (!namesMatch(body.typed_name, fullName(signer))) throw invalid('typed_name', SIGNATURE_MESSAGES.nameMismatch);
  const id = uuidv7();
  await tx.insert(independentStudySignatures).values({
    id,
    agreement_id: row.id,
    version_id: row.current_version_id,
    version_hash: version.hash,
    role,
    account_id: signer.id,
    account_name: fullName(signer),
    typed_name: body.typed_name,
    consent_text: CONSENT_TEXTS[body.language],
    ip: evidence.ip,
    user_agent: evidence.user_agent,
    ...(evidence.at ? { signed_at: evidence.at } : {}),
  });
  const state = AFTER_SIGNATURE[role];
  await tx
    .update(independentStudyAgreements)
    .set({ state, updated_at: evidence.at ?? new Date().toISOString() })
    .where(eq(independentStudyAgreements.id, row.id));
  if (state === 'awaiting_parent' && notice) {
    // The guardians are told the agreement waits for them, once per version (an addendum's new version again).
    await enqueueNotices(tx, notice, [
      {
        facts: { kind: 'agreement_to_sign' },
        sourceId: row.id,
        keySuffix: row.current_version_id,
        scholarId: row.scholar_id,
        occurredAt: evidence.at ?? new Date().toISOString(),
      },
    ]);
  }
  return { id, state, version_hash: version.hash };
}
