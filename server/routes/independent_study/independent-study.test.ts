/**
 * The Independent Study Learning Agreement: an agreement's life from draft to signed and an
 * addendum after it, each signature's evidence, frozen versions, the deadline, the PDF, and scoping: a scholar or a
 * parent reads and signs only their own, staff by permission, the countersignature only by the supervising teacher.
 */
import { createHash } from 'node:crypto';
import { and, eq, gte, inArray, lte, ne } from 'drizzle-orm';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AgreementDetail,
  type AgreementListResponse,
  CONSENT_TEXTS,
  COURSE_VALUE_GRADES_MESSAGE,
  isoWeekday,
  type PortalAgreementsResponse,
  type PortalScholarsResponse,
  SIGNATURE_MESSAGES,
  shiftDate,
  uuidv7,
} from '../../../src/contract';
import { createSession } from '../../auth/sessions';
import {
  auditEvents,
  demographics,
  guardianships,
  independentStudyAddenda,
  independentStudyAgreements,
  independentStudySignatures,
  independentStudyVersions,
  schoolNonWorkDays,
  users,
} from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/helpers';
import { canonicalJson } from './agreements';

let s: TestServer;
let scholar: string;
let parent: string;
let office: string;
let teacher: string;
let cafeteria: string;
let me: { id: string; name: string };
let sibling: { id: string };
let teacherId: string;
let today: string;

type Res = { statusCode: number; json<T>(): T; body: string; headers: Record<string, unknown>; rawPayload: Buffer };
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: unknown) =>
  s.call({
    method,
    url: `/api/v2/${url}`,
    token,
    payload: payload as never,
    headers: { 'user-agent': 'Vitest phone' },
  }) as Promise<Res>;
const ok = async <T>(res: Promise<Res>, status = 200): Promise<T> => {
  const r = await res;
  if (r.statusCode !== status) throw new Error(`answered ${r.statusCode}: ${r.body}`);
  return r.json<T>();
};
const monday = (date: string) => shiftDate(date, (8 - isoWeekday(date)) % 7);

const draft = (overrides: Record<string, unknown> = {}) => ({
  scholar_id: me.id,
  duration: 'Spring term',
  begins_on: monday(shiftDate(today, 30)),
  ends_on: shiftDate(monday(shiftDate(today, 30)), 39),
  conference_on: shiftDate(today, 3),
  conference_time: '15:30',
  conference_place: 'Room 4',
  conference_notes: null,
  teacher_id: teacherId,
  courses: [
    { subject: 'Mathematics', course: 'Algebra 1', grade_band: '7-12', course_value: 5 },
    { subject: 'Science', grade_band: '7-12' },
  ],
  ...overrides,
});

beforeAll(async () => {
  s = await startTestServer();
  [scholar, parent, office, teacher, cafeteria] = await Promise.all([
    s.login('scholar@demo.school'),
    s.login('parent@demo.school'),
    s.login('office@demo.school'),
    s.login('teacher@demo.school'),
    s.login('cafeteria@demo.school'),
  ]);
  const mine = await ok<PortalScholarsResponse>(call('GET', 'scholar/scholars', scholar));
  const first = mine.data[0] as { id: string; fname: string; lname: string };
  me = { id: first.id, name: `${first.fname} ${first.lname}` };
  today = mine.today;
  const family = await ok<PortalScholarsResponse>(call('GET', 'scholar/scholars', parent));
  sibling = family.data.find((c) => c.id !== me.id) as { id: string };
  const [t] = await s.database.db.select().from(users).where(eq(users.email, 'teacher@demo.school'));
  teacherId = t?.id as string;
});
afterAll(() => s.close());

/**
 * The text drawn on a page of a PDF made by pdf-lib: its content streams inflated, each shown string (pdf-lib writes
 * Helvetica's text as hex strings in WinAnsi, Latin-1 for the names here) decoded and joined by single spaces (a long
 * line wraps at a space).
 */
function pageText(pdf: PDFDocument, index: number): string {
  const contents = pdf.getPage(index).node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => pdf.context.lookup(r)) : [contents];
  const ops = streams
    .filter((x): x is PDFRawStream => x instanceof PDFRawStream)
    .map((x) => Buffer.from(decodePDFRawStream(x).decode()).toString('latin1'))
    .join('\n');
  return [...ops.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)]
    .map((m) => Buffer.from(m[1] as string, 'hex').toString('latin1'))
    .join(' ')
    .replace(/\s+/g, ' ');
}

/** The account's full name on record. */
async function nameOf(email: string): Promise<string> {
  const [u] = await s.database.db.select().from(users).where(eq(users.email, email));
  return `${u?.fname} ${u?.lname}`;
}

describe('the demo family', () => {
  it("the demo scholar's agreement awaits the parent; the sibling's is signed by all three", async () => {
    const family = await ok<PortalAgreementsResponse>(
      call('GET', `scholar/scholars/${me.id}/independent_study`, parent),
    );
    const waiting = family.data.find((a) => a.state === 'awaiting_parent');
    expect(waiting?.signatures.map((x) => x.role)).toEqual(['scholar']);
    expect(waiting?.deadline).toBe(waiting?.begins_on);
    const siblings = await ok<PortalAgreementsResponse>(
      call('GET', `scholar/scholars/${sibling.id}/independent_study`, parent),
    );
    const signed = siblings.data.find((a) => a.state === 'signed');
    expect(signed?.signatures.map((x) => x.role)).toEqual(['scholar', 'parent', 'teacher']);
    for (const sig of signed?.signatures ?? []) {
      expect(sig.version_hash).toBe(signed?.version_hash);
      expect(sig.consent_text).toBe(CONSENT_TEXTS.en);
      expect(sig.ip).toMatch(/^192\.0\.2\./);
      expect(sig.signed_at < `${signed?.begins_on}`).toBe(true);
    }
  });

  it('staff list the agreements with their state, school days and deadline, and filter them', async () => {
    const all = await ok<AgreementListResponse>(call('GET', 'independent_study?per_page=100', office));
    expect(all.data.map((a) => a.state).sort()).toEqual(expect.arrayContaining(['awaiting_parent', 'signed']));
    for (const a of all.data) expect(a.school_days).toBeGreaterThanOrEqual(15);
    const signed = await ok<AgreementListResponse>(call('GET', 'independent_study?filter[state]=signed', teacher));
    expect(signed.data.every((a) => a.state === 'signed')).toBe(true);
    expect(signed.meta.total).toBeGreaterThan(0);
    const mine = await ok<AgreementListResponse>(call('GET', 'independent_study?filter[mine]=1', teacher));
    expect(mine.data.every((a) => a.teacher_id === teacherId)).toBe(true);
    const found = await ok<AgreementListResponse>(
      call('GET', `independent_study?search=${encodeURIComponent(me.name.split(' ')[0] as string)}`, office),
    );
    expect(found.data.map((a) => a.scholar_id)).toContain(me.id);
  });

  it('the signed agreement downloads as a PDF with a certificate page', async () => {
    const siblings = await ok<PortalAgreementsResponse>(
      call('GET', `scholar/scholars/${sibling.id}/independent_study`, parent),
    );
    const signed = siblings.data.find((a) => a.state === 'signed') as AgreementDetail;
    for (const [url, token] of [
      [`scholar/independent_study/${signed.id}/pdf`, parent],
      [`independent_study/${signed.id}/pdf`, office],
    ] as const) {
      const res = await call('GET', url, token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      const pdf = await PDFDocument.load(res.rawPayload);
      expect(pdf.getPageCount()).toBeGreaterThanOrEqual(2);
      expect(pdf.getSubject()).toContain(signed.version_hash);
      // The agreement's first page holds its header; the last one is the certificate with each signature's evidence.
      expect(pageText(pdf, 0)).toContain(signed.scholar_name);
      const certificate = pageText(pdf, pdf.getPageCount() - 1);
      expect(certificate).toContain('Certificate of signatures');
      expect(signed.signatures.map((x) => x.role)).toEqual(['scholar', 'parent', 'teacher']);
      for (const x of signed.signatures) {
        expect(certificate).toContain(`: ${x.typed_name}`);
        expect(certificate).toContain(`Account: ${x.account_name} (${x.account_id})`);
        expect(certificate).toContain(`IP address: ${x.ip}`);
        expect(certificate).toContain(`Device: ${x.user_agent}`);
        expect(certificate).toContain(`Version ${x.version_number}, SHA-256: ${x.version_hash}`);
        expect(certificate).toContain(`Consent shown: ${x.consent_text.split(' ').slice(0, 4).join(' ')}`);
      }
      expect(certificate.split('Signed: ')).toHaveLength(4);
    }
  });
});

describe("an agreement's life", () => {
  let id: string;
  let hash: string;

  it('a draft: the form says which fields are missing; staff create and edit it; the portal does not see it', async () => {
    const empty = await call('POST', 'independent_study', office, { scholar_id: me.id, courses: [] });
    expect(empty.statusCode).toBe(422);
    const errors = empty.json<{ errors: Record<string, string[]> }>().errors;
    expect(errors.duration).toBeDefined();
    expect(errors.conference_place).toBeDefined();
    expect(errors.courses).toEqual(['Add at least one subject.']);
    const blank = await call('POST', 'independent_study', office, draft({ duration: ' ' }));
    expect(blank.json<{ errors: Record<string, string[]> }>().errors.duration).toEqual(['This field is required.']);
    const early = await call('POST', 'independent_study', office, draft({ ends_on: shiftDate(today, 1) }));
    expect(early.statusCode).toBe(422);
    const tkValue = await call(
      'POST',
      'independent_study',
      office,
      draft({ courses: [{ subject: 'Math', grade_band: 'TK-6', course_value: 5 }] }),
    );
    expect(tkValue.statusCode).toBe(422);
    // Band 7-12 holds grades 7 and 8 too: their courses earn no credits.
    const [younger] = await s.database.db
      .select({ id: demographics.id })
      .from(demographics)
      .where(inArray(demographics.grade, ['7', '8']))
      .limit(1);
    const eighth = await call(
      'POST',
      'independent_study',
      office,
      draft({
        scholar_id: younger?.id,
        courses: [
          { subject: 'Science', grade_band: '7-12' },
          { subject: 'Math', grade_band: '7-12', course_value: 5 },
        ],
      }),
    );
    expect(eighth.statusCode).toBe(422);
    expect(eighth.json<{ errors: Record<string, string[]> }>().errors).toEqual({
      'courses.1.course_value': [COURSE_VALUE_GRADES_MESSAGE],
    });
    expect(
      (
        await call(
          'POST',
          'independent_study',
          office,
          draft({ scholar_id: younger?.id, courses: [{ subject: 'Math', grade_band: '7-12' }] }),
        )
      ).statusCode,
    ).toBe(201);
    const notStaff = await call('POST', 'independent_study', office, draft({ teacher_id: me.id }));
    expect(notStaff.statusCode).toBe(422);

    const created = await ok<{ data: AgreementDetail }>(call('POST', 'independent_study', office, draft()), 201);
    id = created.data.id;
    expect(created.data.state).toBe('draft');
    expect(created.data.version_hash).toBeNull();
    const edited = await ok<{ data: AgreementDetail }>(
      call('POST', `independent_study/${id}`, office, { _method: 'PATCH', conference_notes: 'Wants mornings.' }),
    );
    expect(edited.data.conference_notes).toBe('Wants mornings.');
    const portal = await ok<PortalAgreementsResponse>(
      call('GET', `scholar/scholars/${me.id}/independent_study`, scholar),
    );
    expect(portal.data.map((a) => a.id)).not.toContain(id);
    expect(
      (
        await call('POST', `scholar/independent_study/${id}/sign`, scholar, {
          typed_name: me.name,
          version_hash: '0'.repeat(64),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('a create sent again answers the stored draft; four at once make one draft and never a 500', async () => {
    const body = draft({ id: uuidv7(), conference_place: 'Room 9' });
    const first = await call('POST', 'independent_study', office, body);
    expect(first.statusCode).toBe(201);
    const again = await call('POST', 'independent_study', office, body);
    expect(again.statusCode).toBe(200);
    expect(again.json<{ data: AgreementDetail }>().data).toEqual(first.json<{ data: AgreementDetail }>().data);
    const other = await call('POST', 'independent_study', office, { ...body, conference_place: 'Room 10' });
    expect(other.statusCode).toBe(409);
    for (let round = 0; round < 10; round++) {
      const sameId = uuidv7();
      const same = draft({ id: sameId, conference_notes: `Round ${round}` });
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => call('POST', 'independent_study', office, same)),
      );
      expect(answers.map((a) => a.statusCode).toSorted()).toEqual([200, 200, 200, 201]);
      expect(new Set(answers.map((a) => a.json<{ data: AgreementDetail }>().data.id))).toEqual(new Set([sameId]));
    }
  });

  it('sending freezes version 1: its hash is the SHA-256 of its content; the draft no longer changes', async () => {
    const sent = await ok<{ data: AgreementDetail }>(call('POST', `independent_study/${id}/send`, office));
    expect(sent.data.state).toBe('awaiting_scholar');
    expect(sent.data.version_number).toBe(1);
    hash = sent.data.version_hash as string;
    expect(hash).toBe(createHash('sha256').update(canonicalJson(sent.data.content)).digest('hex'));
    expect(sent.data.content?.sections.map((x) => x.number)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(sent.data.content?.sections.find((x) => x.key === 'assignments')?.body).toContain(
      'No more than 20 school days',
    );
    expect(sent.data.content?.scholar.name).toBe(me.name);
    const change = await call('PATCH', `independent_study/${id}`, office, { duration: 'Other' });
    expect(change.statusCode).toBe(409);
    expect(change.json<{ message: string }>().message).toBe(SIGNATURE_MESSAGES.frozen);
    expect((await call('DELETE', `independent_study/${id}`, office)).statusCode).toBe(409);
    expect((await call('POST', `independent_study/${id}/send`, office)).statusCode).toBe(409);
    await expect(
      s.database.db
        .update(independentStudyVersions)
        .set({ hash: 'x' })
        .where(eq(independentStudyVersions.agreement_id, id)),
    ).rejects.toThrow();
  });

  it('the scholar signs first, with their full name on record and the hash they read', async () => {
    const byParent = await call('POST', `scholar/independent_study/${id}/sign`, parent, {
      typed_name: await nameOf('parent@demo.school'),
      version_hash: hash,
    });
    expect(byParent.statusCode).toBe(409);
    expect(byParent.json<{ message: string }>().message).toBe(SIGNATURE_MESSAGES.notYourTurn);
    const wrongName = await call('POST', `scholar/independent_study/${id}/sign`, scholar, {
      typed_name: 'Someone Else',
      version_hash: hash,
    });
    expect(wrongName.statusCode).toBe(422);
    expect(wrongName.json<{ errors: Record<string, string[]> }>().errors.typed_name).toEqual([
      SIGNATURE_MESSAGES.nameMismatch,
    ]);
    const otherVersion = await call('POST', `scholar/independent_study/${id}/sign`, scholar, {
      typed_name: me.name,
      version_hash: 'a'.repeat(64),
    });
    expect(otherVersion.statusCode).toBe(409);
    const signed = await ok<{ data: AgreementDetail }>(
      call('POST', `scholar/independent_study/${id}/sign`, scholar, {
        typed_name: `  ${me.name.toUpperCase()} `,
        version_hash: hash,
        language: 'es',
      }),
    );
    expect(signed.data.state).toBe('awaiting_parent');
    const [sig] = signed.data.signatures;
    expect(sig).toMatchObject({
      role: 'scholar',
      account_name: me.name,
      typed_name: `${me.name.toUpperCase()}`,
      consent_text: CONSENT_TEXTS.es,
      user_agent: 'Vitest phone',
      version_hash: hash,
      version_number: 1,
    });
    expect(sig?.ip).toBeTruthy();
    expect(Date.now() - Date.parse(sig?.signed_at as string)).toBeLessThan(60_000);
    const again = await call('POST', `scholar/independent_study/${id}/sign`, scholar, {
      typed_name: me.name,
      version_hash: hash,
    });
    expect(again.statusCode).toBe(409);
    expect((await call('GET', `independent_study/${id}/pdf`, office)).statusCode).toBe(409);
  });

  it("the parent signs through the parent login on the scholar's phone", async () => {
    const login = await call('POST', 'auth/login-parent', scholar, { email: 'parent@demo.school', password: 'demo' });
    expect(login.statusCode).toBe(200);
    const coSession = login.json<{ token: string }>().token;
    const signed = await ok<{ data: AgreementDetail }>(
      call('POST', `scholar/independent_study/${id}/sign`, coSession, {
        typed_name: await nameOf('parent@demo.school'),
        version_hash: hash,
      }),
    );
    expect(signed.data.state).toBe('awaiting_teacher');
    expect(signed.data.signatures.map((x) => [x.role, x.account_name])).toEqual([
      ['scholar', me.name],
      ['parent', await nameOf('parent@demo.school')],
    ]);
  });

  it('only the supervising teacher countersigns; then the agreement is signed and its PDF downloads', async () => {
    const byOffice = await call('POST', `independent_study/${id}/countersign`, office, {
      typed_name: await nameOf('office@demo.school'),
      version_hash: hash,
    });
    expect(byOffice.statusCode).toBe(403);
    expect(byOffice.json<{ message: string }>().message).toBe(SIGNATURE_MESSAGES.notTeacher);
    const signed = await ok<{ data: AgreementDetail }>(
      call('POST', `independent_study/${id}/countersign`, teacher, {
        typed_name: await nameOf('teacher@demo.school'),
        version_hash: hash,
      }),
    );
    expect(signed.data.state).toBe('signed');
    expect(signed.data.next_signer).toBeNull();
    expect(signed.data.signatures.map((x) => x.role)).toEqual(['scholar', 'parent', 'teacher']);
    // Signed is frozen: no edit through the API (an addendum instead), and the database refuses to change evidence.
    const edit = await call('PATCH', `independent_study/${id}`, office, { conference_notes: 'Changed later.' });
    expect(edit.statusCode).toBe(409);
    expect(edit.json<{ message: string }>().message).toBe(SIGNATURE_MESSAGES.frozen);
    await expect(
      s.database.db
        .update(independentStudySignatures)
        .set({ typed_name: 'Someone Else' })
        .where(eq(independentStudySignatures.agreement_id, id)),
    ).rejects.toThrow();
    // Nor can evidence be deleted, directly or by deleting what it belongs to.
    const db = s.database.db;
    await expect(
      db.delete(independentStudySignatures).where(eq(independentStudySignatures.agreement_id, id)),
    ).rejects.toThrow();
    await expect(
      db.delete(independentStudyVersions).where(eq(independentStudyVersions.agreement_id, id)),
    ).rejects.toThrow();
    await expect(db.delete(independentStudyAgreements).where(eq(independentStudyAgreements.id, id))).rejects.toThrow();
    await expect(db.delete(demographics).where(eq(demographics.id, me.id))).rejects.toThrow();
    const kept = await db
      .select()
      .from(independentStudySignatures)
      .where(eq(independentStudySignatures.agreement_id, id));
    expect(kept).toHaveLength(3);
    const pdf = await call('GET', `scholar/independent_study/${id}/pdf`, scholar);
    expect(pdf.statusCode).toBe(200);
    const audited = await s.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.resource, 'independent_study_signatures'))
      .orderBy(auditEvents.id);
    const mine = audited.filter((e) => (e.changes as { agreement_id?: string } | null)?.agreement_id === id);
    expect(mine.map((e) => (e.changes as { role: string }).role)).toEqual(['scholar', 'parent', 'teacher']);
  });

  it('a change after signing is an addendum: version 2, signed again; the earlier signatures stay', async () => {
    const bad = await call('POST', `independent_study/${id}/addenda`, office, { description: '' });
    expect(bad.statusCode).toBe(422);
    const added = await ok<{ data: AgreementDetail }>(
      call('POST', `independent_study/${id}/addenda`, office, {
        description: 'Adds History–Social Science.',
        courses: [
          { subject: 'Mathematics', course: 'Algebra 1', grade_band: '7-12', course_value: 5 },
          { subject: 'History–Social Science', grade_band: '7-12', course_value: 5 },
        ],
      }),
    );
    expect(added.data.state).toBe('awaiting_scholar');
    expect(added.data.version_number).toBe(2);
    expect(added.data.version_hash).not.toBe(hash);
    expect(added.data.content?.addenda).toEqual([
      expect.objectContaining({ number: 1, description: 'Adds History–Social Science.' }),
    ]);
    expect(added.data.courses.map((c) => c.subject)).toContain('History–Social Science');
    expect(added.data.signatures.map((x) => [x.role, x.version_number])).toEqual([
      ['scholar', 1],
      ['parent', 1],
      ['teacher', 1],
    ]);
    const stale = await call('POST', `scholar/independent_study/${id}/sign`, scholar, {
      typed_name: me.name,
      version_hash: hash,
    });
    expect(stale.json<{ message: string }>().message).toBe(SIGNATURE_MESSAGES.changed);
    const again = await ok<{ data: AgreementDetail }>(
      call('POST', `scholar/independent_study/${id}/sign`, scholar, {
        typed_name: me.name,
        version_hash: added.data.version_hash,
      }),
    );
    expect(again.data.state).toBe('awaiting_parent');
    expect(again.data.signatures.filter((x) => x.version_number === 2).map((x) => x.role)).toEqual(['scholar']);
    // The addendum is evidence too: it neither changes nor goes.
    const addenda = eq(independentStudyAddenda.agreement_id, id);
    await expect(
      s.database.db.update(independentStudyAddenda).set({ description: 'Other' }).where(addenda),
    ).rejects.toThrow();
    await expect(s.database.db.delete(independentStudyAddenda).where(addenda)).rejects.toThrow();
    expect(await s.database.db.select().from(independentStudyAddenda).where(addenda)).toHaveLength(1);
  });
});

describe('deadline', () => {
  it('15 or more school days: signed before the first day; fewer: no deadline; closed days do not count', async () => {
    const begins = monday(shiftDate(today, 60));
    // The counts below are of weekdays: the demo school's closed days in those weeks (a holiday in January, say,
    // depending on today's date) are taken out first, and one is added back below on purpose.
    await s.database.db
      .delete(schoolNonWorkDays)
      .where(and(lte(schoolNonWorkDays.starts_on, shiftDate(begins, 18)), gte(schoolNonWorkDays.ends_on, begins)));
    const short = await ok<{ data: AgreementDetail }>(
      call('POST', 'independent_study', office, draft({ begins_on: begins, ends_on: shiftDate(begins, 17) })),
      201,
    );
    expect(short.data.school_days).toBe(14);
    expect(short.data.deadline).toBeNull();
    const long = await ok<{ data: AgreementDetail }>(
      call('POST', 'independent_study', office, draft({ begins_on: begins, ends_on: shiftDate(begins, 18) })),
      201,
    );
    expect(long.data.school_days).toBe(15);
    expect(long.data.deadline).toBe(begins);
    await s.database.db.insert(schoolNonWorkDays).values({
      id: '01890000-0000-7000-8000-0000000000aa',
      name: 'Test holiday',
      kind: 'holiday',
      starts_on: begins,
      ends_on: begins,
    });
    const closed = await ok<{ data: AgreementDetail }>(call('GET', `independent_study/${long.data.id}`, office));
    expect(closed.data.school_days).toBe(14);
    expect(closed.data.deadline).toBeNull();
    const past = await ok<{ data: AgreementDetail }>(
      call(
        'POST',
        'independent_study',
        office,
        draft({ begins_on: shiftDate(today, -1), ends_on: shiftDate(today, 40) }),
      ),
      201,
    );
    expect(past.data.overdue).toBe(true);
    expect((await call('DELETE', `independent_study/${past.data.id}`, office)).statusCode).toBe(200);
    expect((await call('GET', `independent_study/${past.data.id}`, office)).statusCode).toBe(404);
  });
});

describe('scoping', () => {
  it('a scholar reads only their own; another family reads none; staff do not use the portal routes', async () => {
    const siblings = await ok<PortalAgreementsResponse>(
      call('GET', `scholar/scholars/${sibling.id}/independent_study`, parent),
    );
    const theirs = siblings.data[0] as AgreementDetail;
    expect((await call('GET', `scholar/scholars/${sibling.id}/independent_study`, scholar)).statusCode).toBe(404);
    expect((await call('GET', `scholar/independent_study/${theirs.id}/pdf`, scholar)).statusCode).toBe(404);
    const [other] = await s.database.db
      .select()
      .from(guardianships)
      .where(and(ne(guardianships.scholar_id, me.id), ne(guardianships.scholar_id, sibling.id)))
      .limit(1);
    const stranger = await createSession(s.database.db, other?.parent_id as string, 'password', 1);
    expect((await call('GET', `scholar/scholars/${me.id}/independent_study`, stranger)).statusCode).toBe(404);
    expect((await call('GET', `scholar/independent_study/${theirs.id}/pdf`, stranger)).statusCode).toBe(404);
    const mine = await ok<PortalAgreementsResponse>(call('GET', `scholar/scholars/${me.id}/independent_study`, parent));
    const waiting = mine.data.find((a) => a.state === 'awaiting_parent') as AgreementDetail;
    const strangerSigns = await call('POST', `scholar/independent_study/${waiting.id}/sign`, stranger, {
      typed_name: 'Any Name',
      version_hash: waiting.version_hash,
    });
    expect(strangerSigns.statusCode).toBe(404);
    expect((await call('GET', `scholar/scholars/${me.id}/independent_study`, office)).statusCode).toBe(403);
    expect((await call('GET', 'independent_study', scholar)).statusCode).toBe(403);
    expect((await call('GET', 'independent_study', parent)).statusCode).toBe(403);
    expect((await call('GET', 'independent_study', cafeteria)).statusCode).toBe(403);
    expect((await call('POST', 'independent_study', teacher, draft())).statusCode).toBe(403);
    expect((await call('POST', `independent_study/${waiting.id}/countersign`, scholar, {})).statusCode).toBe(403);
  });

  it("the school's policy numbers fill the texts of the next version", async () => {
    expect((await call('POST', 'independent_study/policy', teacher, { records_kept_years: 5 })).statusCode).toBe(403);
    const policy = await ok<{ data: Record<string, number> }>(
      call('POST', 'independent_study/policy', office, { max_school_days_to_progress: 15 }),
    );
    expect(policy.data).toMatchObject({ max_school_days_to_progress: 15, missed_assignments_for_conference: 10 });
    const created = await ok<{ data: AgreementDetail }>(call('POST', 'independent_study', office, draft()), 201);
    const sent = await ok<{ data: AgreementDetail }>(call('POST', `independent_study/${created.data.id}/send`, office));
    expect(sent.data.content?.sections.find((x) => x.key === 'assignments')?.body).toContain(
      'No more than 15 school days',
    );
    expect(sent.data.content?.policy.records_kept_years).toBe(3);
  });
});
