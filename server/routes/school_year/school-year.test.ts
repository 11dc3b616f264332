/**
 * `v2/school_year`: the preview writes nothing; the apply moves every active scholar up a grade, graduates the twelfth
 * graders (off the rosters, still readable), keeps or clears homerooms, sets the year's dates, adds its non-work days
 * and ends the old year's open agreements, all audited; the same request again changes nothing; refusals name their
 * fields; only administrators may do it; the stations pull the new grades.
 */
import { and, count, eq, max, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GRADES, type SchoolYearApplyInput, uuidv7 } from '../../../src/contract';
import {
  auditEvents,
  changes,
  demographics,
  independentStudyAgreements,
  schoolNonWorkDays,
  schoolSettings,
  users,
} from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/helpers';

let s: TestServer;
let admin: string;
let office: string;
beforeAll(async () => {
  s = await startTestServer({ SCHOOL_TIMEZONE: 'America/Los_Angeles' });
  [admin, office] = await Promise.all([s.login('admin@demo.school'), s.login('office@demo.school')]);
});
afterAll(() => s.close());

const db = () => s.database.db;

/** The year the school is in: it holds today's date of the test database's demo data. */
const CURRENT = { starts_on: '2026-08-12', ends_on: '2027-06-04' };
const NEXT = { starts_on: '2027-08-11', ends_on: '2028-06-02' };

const setYear = (year: { starts_on: string | null; ends_on: string | null }) =>
  db().update(schoolSettings).set({ year_starts_on: year.starts_on, year_ends_on: year.ends_on });

const preview = (payload: unknown, token = admin) =>
  s.call({ method: 'POST', url: '/api/v2/school_year/preview', token, payload: payload as object });
const apply = (payload: unknown, token = admin) =>
  s.call({ method: 'POST', url: '/api/v2/school_year', token, payload: payload as object });

/** One active scholar of a grade. */
async function scholarIn(grade: string) {
  const [row] = await db()
    .select()
    .from(demographics)
    .where(and(eq(demographics.active, true), eq(demographics.grade, grade)))
    .orderBy(demographics.id)
    .limit(1);
  if (!row) throw new Error(`no active scholar in grade ${grade}`);
  return row;
}

const activeByGrade = async () =>
  new Map(
    (
      await db()
        .select({ grade: demographics.grade, n: count() })
        .from(demographics)
        .where(eq(demographics.active, true))
        .groupBy(demographics.grade)
    ).map((r) => [r.grade, r.n]),
  );

const countOf = async (table: typeof auditEvents | typeof schoolNonWorkDays) =>
  (await db().select({ n: count() }).from(table))[0]?.n ?? 0;

/** The one value a hashing query answers. */
const hash = async (query: SQL) => ((await db().execute(query)) as unknown as { rows: { h: string }[] }).rows[0]?.h;

/** Everything a write would touch, as one comparable value. */
const fingerprint = async () => ({
  audit: await countOf(auditEvents),
  days: await countOf(schoolNonWorkDays),
  changes: (
    await db()
      .select({ seq: max(changes.seq) })
      .from(changes)
  )[0]?.seq,
  scholars: await hash(
    sql`select md5(string_agg(id::text || grade || active::text || coalesce(homeroom, ''), ',' order by id)) as h from demographics`,
  ),
  settings: await db()
    .select({ s: schoolSettings.year_starts_on, e: schoolSettings.year_ends_on })
    .from(schoolSettings),
  agreements: await hash(
    sql`select md5(string_agg(id::text || ends_on::text, ',' order by id)) as h from independent_study_agreements`,
  ),
});

describe('permissions', () => {
  it('answers 401 without a token and 403 to the front office, on every route', async () => {
    const body = { id: uuidv7(), ...NEXT, homerooms: 'keep' };
    for (const token of [undefined, office]) {
      const status = token ? 403 : 401;
      expect((await s.call({ method: 'GET', url: '/api/v2/school_year', token })).statusCode).toBe(status);
      for (const url of ['/api/v2/school_year/preview', '/api/v2/school_year']) {
        expect((await s.call({ method: 'POST', url, token, payload: body })).statusCode).toBe(status);
      }
    }
  });
});

describe('validation', () => {
  it('names each field it refuses, from the schema', async () => {
    await setYear(CURRENT);
    const bad = await preview({ starts_on: '2027-13-01', ends_on: '2027-08-01', homerooms: 'burn' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['homerooms', 'starts_on']);

    const backwards = await preview({ starts_on: '2027-08-11', ends_on: '2027-08-01', homerooms: 'keep' });
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors).toEqual({ ends_on: ['The last day is after the first day.'] });

    const days = await preview({
      ...NEXT,
      homerooms: 'keep',
      non_work_days: [
        { name: 'Summer', kind: 'break', starts_on: '2027-07-01', ends_on: '2027-07-05' },
        { name: 'Past the end', kind: 'holiday', starts_on: '2028-06-01', ends_on: '2028-06-09' },
        { name: 'Labor Day', kind: 'holiday', starts_on: '2027-09-06', ends_on: '2027-09-06' },
        { name: 'Labor Day again', kind: 'holiday', starts_on: '2027-09-06', ends_on: '2027-09-06' },
      ],
    });
    expect(days.statusCode).toBe(422);
    expect(days.json().errors).toMatchObject({
      'non_work_days.0.starts_on': ['A non-work day falls inside the new year.'],
      'non_work_days.1.ends_on': ['A non-work day falls inside the new year.'],
      'non_work_days.3.starts_on': ['Another non-work day of this list covers some of these days.'],
    });
    // A day's own fields are checked first; the year's rules then apply to days that are whole.
    const day = await preview({
      ...NEXT,
      homerooms: 'keep',
      non_work_days: [
        { name: ' ', kind: 'party', starts_on: '2027-10-01', ends_on: '2027-10-01' },
        { name: 'Backwards', kind: 'other', starts_on: '2027-10-05', ends_on: '2027-10-04' },
      ],
    });
    expect(day.json().errors).toEqual({
      'non_work_days.0.name': ['This field is required.'],
      'non_work_days.0.kind': ['Choose holiday, break or other.'],
      'non_work_days.1.ends_on': ['The last day is on or after the first.'],
    });

    const many = Array.from({ length: 61 }, (_, i) => ({
      name: `Day ${i}`,
      kind: 'other',
      starts_on: `2027-09-${String((i % 28) + 1).padStart(2, '0')}`,
      ends_on: `2027-09-${String((i % 28) + 1).padStart(2, '0')}`,
    }));
    const tooMany = await preview({ ...NEXT, homerooms: 'keep', non_work_days: many });
    expect(tooMany.statusCode).toBe(422);
    expect(tooMany.json().errors.non_work_days).toEqual(['Add at most 60 non-work days at a time.']);

    const long = await preview({ starts_on: '2027-08-11', ends_on: '2028-08-11', homerooms: 'keep' });
    expect(long.json().errors).toEqual({ ends_on: ['A school year is at most 366 days.'] });
  });

  it('refuses a year that does not start after the current one, and a day over one on the calendar', async () => {
    await setYear(CURRENT);
    const early = await preview({ starts_on: CURRENT.starts_on, ends_on: '2027-06-01', homerooms: 'keep' });
    expect(early.statusCode).toBe(422);
    expect(early.json().errors).toEqual({ starts_on: ["The new year starts after the current year's first day."] });
    const applied = await apply({ id: uuidv7(), starts_on: '2026-01-05', ends_on: '2026-06-01', homerooms: 'keep' });
    expect(applied.statusCode).toBe(422);
    expect(Object.keys(applied.json().errors)).toEqual(['starts_on']);

    const stored = uuidv7();
    await db()
      .insert(schoolNonWorkDays)
      .values({ id: stored, name: 'Thanksgiving', kind: 'break', starts_on: '2027-11-25', ends_on: '2027-11-26' });
    try {
      const over = await preview({
        ...NEXT,
        homerooms: 'keep',
        non_work_days: [
          { name: 'Veterans Day', kind: 'holiday', starts_on: '2027-11-11', ends_on: '2027-11-11' },
          { name: 'Fall break', kind: 'break', starts_on: '2027-11-22', ends_on: '2027-11-26' },
        ],
      });
      expect(over.statusCode).toBe(422);
      expect(over.json().errors).toEqual({
        'non_work_days.1.starts_on': ['A non-work day already on the calendar covers some of these days.'],
      });
    } finally {
      await db().delete(schoolNonWorkDays).where(eq(schoolNonWorkDays.id, stored));
    }
  });
});

describe('a new year', () => {
  it('previews without writing, applies once, answers a replay with the stored result, and the stations follow', async () => {
    await setYear(CURRENT);
    const [teacher] = await db().select({ id: users.id }).from(users).where(eq(users.email, 'teacher@demo.school'));
    const tk = await scholarIn('TK');
    const k = await scholarIn('K');
    const eleventh = await scholarIn('11');
    const twelfth = await scholarIn('12');
    // Three agreements of one scholar: running past the old year's end (ends then), over before it, and next year's.
    const agreement = (begins_on: string, ends_on: string) => ({
      id: uuidv7(),
      scholar_id: eleventh.id,
      duration: '4 weeks',
      begins_on,
      ends_on,
      conference_on: begins_on,
      conference_time: '15:30',
      conference_place: 'Office',
      teacher_id: teacher?.id as string,
    });
    const open = agreement('2027-05-10', '2027-07-02');
    const over = agreement('2027-03-01', '2027-03-26');
    const later = agreement('2027-08-16', '2027-09-10');
    await db().insert(independentStudyAgreements).values([open, over, later]);
    const [openBefore] = await db()
      .select({ n: count() })
      .from(independentStudyAgreements)
      .where(
        and(
          sql`${independentStudyAgreements.begins_on} <= ${CURRENT.ends_on}`,
          sql`${independentStudyAgreements.ends_on} > ${CURRENT.ends_on}`,
        ),
      );

    const body: SchoolYearApplyInput = {
      id: uuidv7(),
      ...NEXT,
      homerooms: 'keep',
      non_work_days: [
        { name: 'Labor Day', kind: 'holiday', starts_on: '2027-09-06', ends_on: '2027-09-06' },
        { name: 'Winter break', kind: 'break', starts_on: '2027-12-20', ends_on: '2027-12-31' },
      ],
    };
    const counts = await activeByGrade();
    const before = await fingerprint();
    const shown = await preview({ ...body, id: undefined });
    expect(shown.statusCode).toBe(200);
    const summary = shown.json().data;
    expect(await fingerprint()).toEqual(before);
    expect(summary).toMatchObject({
      ...NEXT,
      graduate: counts.get('12'),
      closes_on: CURRENT.ends_on,
      agreements_ending: openBefore?.n,
      non_work_days: 2,
      homerooms_cleared: 0,
      current: CURRENT,
    });
    expect(summary.promote).toEqual(
      GRADES.slice(0, -1).map((from, i) => ({ from, to: GRADES[i + 1], count: counts.get(from) })),
    );
    expect(summary.graduates).toHaveLength(Math.min(50, counts.get('12') ?? 0));
    expect(summary.graduates[0]).toEqual({
      id: expect.any(String),
      name: expect.any(String),
      student_number: expect.any(String),
    });

    const snapshot = (await s.call({ method: 'GET', url: '/api/v2/sync/pull?limit=5000', token: office })).json();
    const movable = [...counts.values()].reduce((a, b) => a + b, 0);
    const auditBefore = await countOf(auditEvents);
    const done = await apply(body);
    expect(done.statusCode).toBe(201);
    const result = done.json().data;
    expect(result).toMatchObject({ ...summary, applied_at: expect.any(String) });
    // One event per scholar, per agreement ended, per day added, the settings' and the year's own.
    expect((await countOf(auditEvents)) - auditBefore).toBe(movable + (openBefore?.n ?? 0) + 2 + 2);

    const read = async (id: string) => (await db().select().from(demographics).where(eq(demographics.id, id)))[0];
    expect((await read(tk.id))?.grade).toBe('K');
    expect((await read(k.id))?.grade).toBe('1');
    // A scholar's portal account carries the new grade too.
    const [own] = await db()
      .select({ account: users.grade, record: demographics.grade })
      .from(users)
      .innerJoin(demographics, eq(demographics.user_id, users.id))
      .where(eq(users.email, 'scholar@demo.school'));
    expect(own?.account).toBe(own?.record);
    expect(await read(eleventh.id)).toMatchObject({ grade: '12', active: true, homeroom: eleventh.homeroom });
    expect(await read(twelfth.id)).toMatchObject({
      grade: '12',
      active: false,
      withdrawn_on: CURRENT.ends_on,
      withdrawal_reason: 'Graduated',
      homeroom: twelfth.homeroom,
    });
    // The graduate's record stays readable by id; the active roster of the twelfth grade is last year's eleventh.
    const graduate = await s.call({ method: 'GET', url: `/api/v2/demographics/${twelfth.id}`, token: office });
    expect(graduate.statusCode).toBe(200);
    expect(graduate.json().data).toMatchObject({ active: false, withdrawal_reason: 'Graduated' });
    expect((await activeByGrade()).get('12')).toBe(counts.get('11'));
    expect((await activeByGrade()).get('TK')).toBeUndefined();

    const [audited] = await db()
      .select({ changes: auditEvents.changes })
      .from(auditEvents)
      .where(and(eq(auditEvents.resource, 'demographics'), eq(auditEvents.record_id, twelfth.id)))
      .orderBy(sql`${auditEvents.id} desc`)
      .limit(1);
    expect(audited?.changes).toEqual({
      before: { grade: '12', active: true, withdrawn_on: null, withdrawal_reason: null },
      after: { grade: '12', active: false, withdrawn_on: CURRENT.ends_on, withdrawal_reason: 'Graduated' },
    });
    const [moved] = await db()
      .select({ changes: auditEvents.changes })
      .from(auditEvents)
      .where(and(eq(auditEvents.resource, 'demographics'), eq(auditEvents.record_id, k.id)))
      .orderBy(sql`${auditEvents.id} desc`)
      .limit(1);
    expect(moved?.changes).toEqual({ before: { grade: 'K' }, after: { grade: '1' } });

    const ends = new Map((await db().select().from(independentStudyAgreements)).map((a) => [a.id, a.ends_on] as const));
    expect([ends.get(open.id), ends.get(over.id), ends.get(later.id)]).toEqual([
      CURRENT.ends_on,
      over.ends_on,
      later.ends_on,
    ]);
    const days = await db().select().from(schoolNonWorkDays).where(sql`${schoolNonWorkDays.starts_on} >= '2027-08-11'`);
    expect(days.map((d) => [d.name, d.kind, d.starts_on, d.ends_on]).sort()).toEqual([
      ['Labor Day', 'holiday', '2027-09-06', '2027-09-06'],
      ['Winter break', 'break', '2027-12-20', '2027-12-31'],
    ]);
    const year = await s.call({ method: 'GET', url: '/api/v2/school_year', token: admin });
    expect(year.json()).toEqual({ data: NEXT });

    // The stations: the delta carries the new grades and takes the graduates off the roster.
    const delta = (
      await s.call({ method: 'GET', url: `/api/v2/sync/pull?since=${snapshot.cursor}&limit=5000`, token: office })
    ).json();
    const pulled = new Map(
      delta.changes
        .filter((c: { resource: string }) => c.resource === 'demographics')
        .map((c: { id: string; op: string; record?: { grade: string } }) => [c.id, c]),
    );
    expect(pulled.get(tk.id)).toMatchObject({ op: 'upsert', record: { grade: 'K' } });
    expect(pulled.get(eleventh.id)).toMatchObject({ op: 'upsert', record: { grade: '12' } });
    expect(pulled.get(twelfth.id)).toMatchObject({ op: 'delete' });
    expect(pulled.size).toBe(movable);

    // The same request again: the stored result, nobody promoted twice, nothing written.
    const again = await apply(body);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(result);
    const afterReplay = await fingerprint();
    expect((await read(tk.id))?.grade).toBe('K');
    expect((await read(eleventh.id))?.grade).toBe('12');
    const replayedAgain = await apply(body);
    expect(replayedAgain.json().data).toEqual(result);
    expect(await fingerprint()).toEqual(afterReplay);
    // The same id with other choices is refused with the stored result.
    const other = await apply({ ...body, homerooms: 'clear' });
    expect(other.statusCode).toBe(409);
    expect(other.json().record).toEqual(result);
  });

  it('clears homerooms when asked, only of the scholars who stay', async () => {
    await setYear(NEXT);
    const k = await scholarIn('K');
    const twelfth = await scholarIn('12');
    const withRoom = (
      await db()
        .select({ n: count() })
        .from(demographics)
        .where(
          and(
            eq(demographics.active, true),
            sql`${demographics.grade} <> '12'`,
            sql`${demographics.homeroom} is not null`,
          ),
        )
    )[0]?.n;
    expect(withRoom).toBeGreaterThan(0);
    const body = { id: uuidv7(), starts_on: '2028-08-16', ends_on: '2029-06-08', homerooms: 'clear' };
    const shown = await preview({ ...body, id: undefined });
    expect(shown.json().data).toMatchObject({ homerooms_cleared: withRoom, closes_on: NEXT.ends_on, non_work_days: 0 });
    const done = await apply(body);
    expect(done.statusCode).toBe(201);
    expect(done.json().data.homerooms_cleared).toBe(withRoom);
    const read = async (id: string) => (await db().select().from(demographics).where(eq(demographics.id, id)))[0];
    expect(await read(k.id)).toMatchObject({ grade: '1', homeroom: null });
    expect(await read(twelfth.id)).toMatchObject({ active: false, homeroom: twelfth.homeroom });
    const [left] = await db()
      .select({ n: count() })
      .from(demographics)
      .where(and(eq(demographics.active, true), sql`${demographics.homeroom} is not null`));
    expect(left?.n).toBe(0);
    const [audited] = await db()
      .select({ changes: auditEvents.changes })
      .from(auditEvents)
      .where(and(eq(auditEvents.resource, 'demographics'), eq(auditEvents.record_id, k.id)))
      .orderBy(sql`${auditEvents.id} desc`)
      .limit(1);
    expect(audited?.changes).toEqual({
      before: { grade: 'K', homeroom: k.homeroom },
      after: { grade: '1', homeroom: null },
    });
  });
});
