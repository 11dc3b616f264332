/**
 * A family's data on request, on the seeded demo school (PGlite, and PostgreSQL in the server-pg project): the export
 * zip of the demo scholar's sibling (a signed agreement, a photo) read back file by file; the erase refused for an
 * enrolled scholar and for a wrong confirmation; after an erase, a scan of every table of the public schema as text
 * (bytea as hex too) finds the scholar nowhere but the change log's one removal, while the daily meal counts and the
 * day's attendance counts are what they were; a station's pull drops the record; a guardian left with no child goes;
 * the reminder list follows the setting; only the Administrator may do any of it.
 */
import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { and, eq, like, ne, sql } from 'drizzle-orm';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shiftDate, uuidv7 } from '../../../src/contract';
import {
  absenceReports,
  auditEvents,
  demographics,
  erasures,
  guardianships,
  independentStudyAgreements,
  photos,
  rosterImports,
  users,
} from '../../db/schema';
import { daysAgo, localInstant, mondayWeeksAgo } from '../../test/dates';
import { startTestServer, type TestServer } from '../../test/helpers';

const TZ = 'America/Los_Angeles';
let s: TestServer;
let admin: string;
let office: string;
let cafeteria: string;
let foodService: string;
beforeAll(async () => {
  s = await startTestServer({ SCHOOL_TIMEZONE: TZ });
  [admin, office, cafeteria, foodService] = await Promise.all([
    s.login('admin@demo.school'),
    s.login('office@demo.school'),
    s.login('cafeteria@demo.school'),
    s.login('foodservice@demo.school'),
  ]);
});
afterAll(() => s.close());

const db = () => s.database.db;
type Scholar = typeof demographics.$inferSelect;

/** The demo scholar's sibling: the one with the signed agreement, a photo and a portal account of their own. */
async function sibling(): Promise<Scholar> {
  const [parent] = await db().select().from(users).where(eq(users.email, 'parent@demo.school'));
  const [me] = await db().select().from(users).where(eq(users.email, 'scholar@demo.school'));
  const [row] = await db()
    .select({ d: demographics })
    .from(guardianships)
    .innerJoin(demographics, eq(demographics.id, guardianships.scholar_id))
    .where(and(eq(guardianships.parent_id, parent?.id ?? ''), ne(demographics.user_id, me?.id ?? '')));
  if (!row) throw new Error('the demo sibling is missing');
  return row.d;
}

const shownName = (x: Pick<Scholar, 'fname' | 'lname' | 'nickname'>) => `${x.nickname || x.fname} ${x.lname}`;

const exportOf = (id: string, token = admin) =>
  s.call({ method: 'GET', url: `/api/v2/demographics/${id}/data_export`, token });
const erase = (id: string, payload: Record<string, unknown>, token = admin) =>
  s.call({ method: 'POST', url: `/api/v2/demographics/${id}/erase`, token, payload });
const withdraw = (id: string, withdrawn_on: string) =>
  s.call({
    method: 'POST',
    url: `/api/v2/demographics/${id}/withdraw`,
    token: admin,
    payload: { withdrawn_on, reason: 'Moved away' },
  });

const csvOf = (files: Record<string, Uint8Array>, name: string): Record<string, string>[] => {
  const file = files[name];
  if (!file) throw new Error(`${name} is not in the zip`);
  return parse(strFromU8(file), { columns: true, skip_empty_lines: true });
};

describe('the export of one scholar', () => {
  it('is one zip of CSV files, the photos and the signed agreement’s PDF, with a README, and is audited', async () => {
    const scholar = await sibling();
    // A guardian's report about the scholar is the family's data too.
    const reportId = uuidv7();
    await db().insert(absenceReports).values({
      id: reportId,
      report_id: uuidv7(),
      scholar_id: scholar.id,
      kind: 'absent',
      starts_on: '2026-03-09',
      ends_on: '2026-03-10',
      reason: 'ill',
      note: 'Fever since last night',
    });
    const res = await exportOf(scholar.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      new RegExp(`attachment; filename="scholar-data-${scholar.student_number}-\\d{4}-\\d{2}-\\d{2}\\.zip"`),
    );
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const names = Object.keys(files);
    for (const name of [
      'README.txt',
      'scholar.csv',
      'account.csv',
      'guardians.csv',
      'pick_up_adults.csv',
      'check_ins.csv',
      'meals.csv',
      'screenings.csv',
      'absence_reports.csv',
      'notices.csv',
      'agreements.csv',
      'agreement_signatures.csv',
      'enrolments.csv',
      'work.csv',
      'audit_trail.csv',
    ]) {
      expect(names, name).toContain(name);
    }
    const [record] = csvOf(files, 'scholar.csv');
    expect(record).toMatchObject({ id: scholar.id, student_number: scholar.student_number, lname: scholar.lname });
    const [account] = csvOf(files, 'account.csv');
    expect(account?.id).toBe(scholar.user_id);
    expect(Object.keys(account ?? {})).not.toContain('password_hash');
    expect(csvOf(files, 'guardians.csv').map((g) => g.email)).toContain('parent@demo.school');
    expect(csvOf(files, 'absence_reports.csv')).toEqual([
      expect.objectContaining({
        id: reportId,
        kind: 'absent',
        starts_on: '2026-03-09',
        note: 'Fever since last night',
      }),
    ]);

    // The signed agreement: its row, its three signatures and its PDF with the certificate page.
    const [agreement] = await db()
      .select()
      .from(independentStudyAgreements)
      .where(eq(independentStudyAgreements.scholar_id, scholar.id));
    expect(agreement?.state).toBe('signed');
    expect(csvOf(files, 'agreements.csv').map((a) => a.id)).toEqual([agreement?.id]);
    expect(
      csvOf(files, 'agreement_signatures.csv')
        .map((x) => x.role)
        .toSorted(),
    ).toEqual(['parent', 'scholar', 'teacher']);
    const pdfName = names.find((n) => n.startsWith('agreements/') && n.endsWith('.pdf'));
    expect(pdfName).toBeDefined();
    const pdf = await PDFDocument.load(files[pdfName as string] as Uint8Array);
    expect(pdf.getPageCount()).toBeGreaterThan(1);

    // The photo, byte for byte as stored.
    const [photo] = await db()
      .select()
      .from(photos)
      .where(eq(photos.id, scholar.photo_id ?? ''));
    const photoName = names.find((n) => n.startsWith('photos/scholar-'));
    expect(photoName).toBeDefined();
    const bytes = files[photoName as string] as Uint8Array;
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(photo?.sha256);

    const readme = strFromU8(files['README.txt'] as Uint8Array);
    expect(readme).toContain(`${scholar.fname} ${scholar.lname}`);
    for (const name of ['scholar.csv', 'guardians.csv', 'agreement_signatures.csv', 'photos/', 'agreements/']) {
      expect(readme, name).toContain(name);
    }

    const [event] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.resource, 'scholar_data_exports'), eq(auditEvents.record_id, scholar.id)));
    expect(event?.action).toBe('create');
  });

  it('is the Administrator’s alone, and 404 for no such scholar', async () => {
    const scholar = await sibling();
    for (const token of [office, cafeteria, foodService])
      expect((await exportOf(scholar.id, token)).statusCode).toBe(403);
    expect((await exportOf(uuidv7())).statusCode).toBe(404);
  });
});

/** The rows of a raw query, as either driver answers them. */
const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

/** Every row of every table of the public schema as text (bytea as hex), with its table. */
async function everyRow(): Promise<{ table: string; text: string }[]> {
  const tables = await db().execute<{ table_name: string }>(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  const out: { table: string; text: string }[] = [];
  for (const { table_name } of rowsOf<{ table_name: string }>(tables)) {
    const rows = await db().execute<{ text: string }>(sql`select t::text as text from ${sql.identifier(table_name)} t`);
    for (const r of rowsOf<{ text: string }>(rows)) out.push({ table: table_name, text: r.text });
  }
  return out;
}

const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');
const bounded = (v: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${v.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'iu');

describe('the erase of a withdrawn scholar', () => {
  it('is refused for an enrolled scholar (409) and for a confirmation that is not their name (422)', async () => {
    const scholar = await sibling();
    const body = {
      id: uuidv7(),
      requested_by: 'guardian',
      note: 'Asked at the front desk',
      confirmation: shownName(scholar),
    };
    const enrolled = await erase(scholar.id, body);
    expect(enrolled.statusCode).toBe(409);
    expect((await erase(scholar.id, body, office)).statusCode).toBe(403);
    expect((await withdraw(scholar.id, daysAgo(3))).statusCode).toBe(200);
    const wrong = await erase(scholar.id, { ...body, confirmation: `${scholar.fname} Someone` });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.confirmation).toBeDefined();
    const missing = await erase(scholar.id, { ...body, requested_by: 'neighbour' });
    expect(missing.statusCode).toBe(422);
    expect((await db().select().from(demographics).where(eq(demographics.id, scholar.id))).length).toBe(1);
    expect(await db().select().from(erasures)).toEqual([]);
  });

  it('leaves no trace of the scholar in any table, keeps the day’s counts, and a station drops the record', async () => {
    const scholar = await sibling();
    const [account] = await db()
      .select()
      .from(users)
      .where(eq(users.id, scholar.user_id ?? ''));
    if (!account) throw new Error('the sibling has no account');
    // A sourcedId as an import would have set, and records of a day: an arrival, a late departure, a lunch.
    const sourcedId = `sis-${uuidv7()}`;
    await db().update(demographics).set({ sourced_id: sourcedId }).where(eq(demographics.id, scholar.id));
    const monday = mondayWeeksAgo(6);
    const arrive = await s.call({
      method: 'POST',
      url: '/api/v2/check_ins',
      token: office,
      payload: {
        id: uuidv7(),
        kind: 'arrival',
        method: 'kiosk',
        scholar_id: scholar.id,
        occurred_at: localInstant(monday, '07:50', TZ),
      },
    });
    expect(arrive.statusCode).toBe(201);
    const lunch = await s.call({
      method: 'POST',
      url: '/api/v2/nslp_records',
      token: cafeteria,
      payload: {
        id: uuidv7(),
        scholar_id: scholar.id,
        meal_type: 'lunch',
        served_at: localInstant(monday, '12:00', TZ),
      },
    });
    expect(lunch.statusCode).toBe(201);
    const pickUp = await s.call({
      method: 'POST',
      url: '/api/v2/authorized_pick_ups',
      token: office,
      payload: { id: uuidv7(), scholar_id: scholar.id, full_name: 'Rosalind Quintero-Erase', relationship: 'Aunt' },
    });
    expect(pickUp.statusCode).toBe(201);
    // Two kept roster packages: one that holds the scholar (its bytes must go), one that does not.
    const holding = uuidv7();
    const other = uuidv7();
    const pkg = (rows: string) => zipSync({ 'users.csv': strToU8(`sourcedId,identifier,givenName\n${rows}\n`) });
    await db()
      .insert(rosterImports)
      .values([
        {
          id: holding,
          kind: 'oneroster',
          format: '1.1',
          status: 'previewed',
          package: pkg(`${sourcedId},${scholar.student_number},${scholar.fname}`),
          package_sha256: 'a',
          counts: {},
        },
        {
          id: other,
          kind: 'oneroster',
          format: '1.1',
          status: 'previewed',
          package: pkg('someone-else,999999999,Zed'),
          package_sha256: 'b',
          counts: {},
        },
      ]);
    const [photo] = await db()
      .select()
      .from(photos)
      .where(eq(photos.id, scholar.photo_id ?? ''));

    // A station's cursor from before, and the counts the reports show.
    const snapshot = await s.call({ method: 'GET', url: '/api/v2/sync/pull?limit=5', token: office });
    const cursor = snapshot.json().cursor as number;
    const countsFrom = shiftDate(monday, -28);
    const countsTo = daysAgo(0);
    const dailyCounts = async () =>
      (
        await s.call({
          method: 'GET',
          url: `/api/v2/nslp_records/daily_counts?from=${countsFrom}&to=${countsTo}`,
          token: foodService,
        })
      ).json();
    const attendance = async () => {
      const out: Record<string, number> = {};
      for (const kind of ['', 'arrival', 'departure', 'sign_out']) {
        const filter = kind ? `&filter[kind]=${kind}` : '';
        const res = await s.call({
          method: 'GET',
          url: `/api/v2/check_ins?filter[school_day]=${monday}${filter}&per_page=1`,
          token: office,
        });
        out[kind || 'all'] = res.json().meta.total;
      }
      return out;
    };
    const mealsBefore = await dailyCounts();
    const attendanceBefore = await attendance();
    expect(attendanceBefore.arrival).toBeGreaterThan(0);
    expect(mealsBefore.data.length).toBeGreaterThan(0);

    const body = {
      id: uuidv7(),
      requested_by: 'guardian',
      note: `Email from the mother of ${scholar.fname} ${scholar.lname}`,
      confirmation: `  ${shownName(scholar).toUpperCase()} `,
    };
    const res = await erase(scholar.id, body);
    expect(res.statusCode).toBe(200);
    const erased = res.json().data;
    expect(erased).toMatchObject({ id: body.id, requested_by: 'guardian', withdrawn_on: daysAgo(3) });
    expect(erased.request_note).toBe('Email from the mother of [erased]');
    expect(erased.removed).toMatchObject({
      demographics: 1,
      users: 1,
      independent_study_agreements: 1,
      independent_study_signatures: 3,
      check_ins_kept: expect.any(Number),
      nslp_records_kept: expect.any(Number),
      roster_import_packages: 1,
    });
    expect(erased.removed.check_ins_kept).toBeGreaterThanOrEqual(1);
    expect(erased.removed.guardians ?? 0).toBe(0);
    // The same request again (its answer lost) answers the same erase.
    const again = await erase(scholar.id, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(body.id);

    // The counts the reports show are the same.
    expect(await dailyCounts()).toEqual(mealsBefore);
    expect(await attendance()).toEqual(attendanceBefore);

    // The shared guardian stays (the demo scholar is still theirs); the package without the scholar keeps its bytes.
    expect((await db().select().from(users).where(eq(users.email, 'parent@demo.school'))).length).toBe(1);
    const imports = await db().select().from(rosterImports);
    expect(imports.find((i) => i.id === holding)?.package).toBeNull();
    expect(imports.find((i) => i.id === other)?.package).not.toBeNull();

    // No name, number, photo, signature or id of the scholar anywhere, but the change log's one removal.
    const tokens = {
      name: `${scholar.fname} ${scholar.lname}`.toLowerCase(),
      email: account.email.toLowerCase(),
      id: scholar.id,
      userId: account.id,
      sourcedId: sourcedId.toLowerCase(),
      sha256: photo?.sha256 ?? 'no photo',
    };
    const short = { student_number: bounded(scholar.student_number), badge_code: bounded(scholar.badge_code) };
    const hits: string[] = [];
    for (const row of await everyRow()) {
      const text = row.text.toLowerCase();
      for (const [what, value] of Object.entries(tokens)) {
        if (text.includes(value) || text.includes(hex(value)))
          hits.push(`${row.table} ${what}: ${row.text.slice(0, 160)}`);
      }
      for (const [what, re] of Object.entries(short)) {
        if (
          re.test(text) ||
          text.includes(hex(what === 'student_number' ? scholar.student_number : scholar.badge_code).toLowerCase())
        )
          hits.push(`${row.table} ${what}: ${row.text.slice(0, 160)}`);
      }
    }
    expect(hits).toEqual([
      expect.stringMatching(new RegExp(`^changes id: \\(\\d+,demographics,${scholar.id},delete,`)),
    ]);

    // A station that last pulled before the erase drops the record and the pick-up adult.
    const pulled: { resource: string; id: string; op: string }[] = [];
    let since = cursor;
    for (let i = 0; i < 20; i++) {
      const page = (await s.call({ method: 'GET', url: `/api/v2/sync/pull?since=${since}`, token: office })).json();
      pulled.push(...page.changes);
      since = page.cursor;
      if (!page.more) break;
    }
    expect(pulled).toContainEqual({ resource: 'demographics', id: scholar.id, op: 'delete' });
    expect(pulled).toContainEqual({ resource: 'authorized_pick_ups', id: pickUp.json().data.id, op: 'delete' });
    expect(pulled.some((c) => c.op === 'upsert' && JSON.stringify(c).includes(scholar.lname))).toBe(false);

    // The log lists it, naming only the administrator.
    const log = (await s.call({ method: 'GET', url: '/api/v2/erasures', token: admin })).json();
    expect(log.meta.total).toBe(1);
    expect(log.data[0]).toMatchObject({ id: body.id, erased_by_name: expect.any(String) });
    expect((await s.call({ method: 'GET', url: '/api/v2/erasures', token: office })).statusCode).toBe(403);

    // The anonymous record that holds the counts is nobody: not among the withdrawn scholars, and never re-enrolled.
    const [anonymous] = await db()
      .select({ id: demographics.id })
      .from(demographics)
      .where(like(demographics.student_number, 'erased-%'));
    if (!anonymous) throw new Error('no anonymous record');
    const withdrawn = await s.call({
      method: 'GET',
      url: '/api/v2/demographics?active=false&per_page=100',
      token: admin,
    });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().data.map((r: { id: string }) => r.id)).not.toContain(anonymous.id);
    const reenrol = await s.call({
      method: 'POST',
      url: `/api/v2/demographics/${anonymous.id}/reenrol`,
      token: admin,
      payload: { enrolled_on: monday },
    });
    expect(reenrol.statusCode).toBe(409);
  });

  it('removes a guardian left with no child, and keeps one who still has another', async () => {
    const [single] = await db()
      .select({ parent_id: guardianships.parent_id, scholar_id: guardianships.scholar_id })
      .from(guardianships)
      .innerJoin(users, eq(users.id, guardianships.parent_id))
      .where(
        and(
          eq(users.type, 'parent'),
          sql`(select count(*) from guardianships g where g.parent_id = ${guardianships.parent_id}) = 1`,
          sql`(select count(*) from guardianships g where g.scholar_id = ${guardianships.scholar_id}) = 1`,
        ),
      )
      .limit(1);
    if (!single) throw new Error('no one-child family in the demo');
    const [scholar] = await db().select().from(demographics).where(eq(demographics.id, single.scholar_id));
    if (!scholar) throw new Error('no scholar');
    expect((await withdraw(scholar.id, daysAgo(100))).statusCode).toBe(200);
    const res = await erase(scholar.id, {
      id: uuidv7(),
      requested_by: 'school',
      note: 'Records request',
      confirmation: `${scholar.fname} ${scholar.lname}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.removed.guardians).toBe(1);
    expect(await db().select().from(users).where(eq(users.id, single.parent_id))).toEqual([]);
  });
});

describe('the reminder list', () => {
  it('lists the withdrawn scholars whose withdrawal is more than the setting’s days ago, and follows the setting', async () => {
    const settings = (days: number, token = admin) =>
      s.call({
        method: 'POST',
        url: '/api/v2/erasures/settings',
        token,
        payload: { _method: 'PATCH', erase_after_days: days },
      });
    expect((await settings(30)).statusCode).toBe(200);
    expect((await settings(30, office)).statusCode).toBe(403);
    expect((await settings(0)).statusCode).toBe(422);
    const scholars = await db()
      .select()
      .from(demographics)
      .where(and(eq(demographics.active, true), eq(demographics.grade, '3')))
      .orderBy(demographics.id)
      .limit(2);
    const [due, early] = scholars as [Scholar, Scholar];
    const list = async () =>
      (await s.call({ method: 'GET', url: '/api/v2/erasures/due?per_page=200', token: admin })).json();
    const today = (await list()).meta.today as string;
    expect((await withdraw(due.id, shiftDate(today, -31))).statusCode).toBe(200);
    expect((await withdraw(early.id, shiftDate(today, -30))).statusCode).toBe(200);
    let ids = (await list()).data.map((d: { id: string }) => d.id);
    expect(ids).toContain(due.id);
    expect(ids).not.toContain(early.id);
    const first = (await list()).data.find((d: { id: string }) => d.id === due.id);
    expect(first).toMatchObject({ withdrawn_on: shiftDate(today, -31), due_on: shiftDate(today, -1) });
    expect((await list()).meta.erase_after_days).toBe(30);
    expect((await settings(29)).statusCode).toBe(200);
    ids = (await list()).data.map((d: { id: string }) => d.id);
    expect(ids).toContain(early.id);
    expect((await settings(60)).statusCode).toBe(200);
    ids = (await list()).data.map((d: { id: string }) => d.id);
    expect(ids).not.toContain(due.id);
    // The erased ones are not on it, nor their anonymous records.
    const page = await s.call({ method: 'GET', url: '/api/v2/erasures/due?per_page=1&page=1', token: admin });
    expect(page.json().data.length).toBeLessThanOrEqual(1);
    expect((await s.call({ method: 'GET', url: '/api/v2/erasures/due', token: office })).statusCode).toBe(403);
    const read = await s.call({ method: 'GET', url: '/api/v2/erasures/settings', token: admin });
    expect(read.json().data.erase_after_days).toBe(60);
  });
});
