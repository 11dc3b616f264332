import { createHash } from 'node:crypto';
import { and, asc, count, desc, eq, gt, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditEvents, demographics, mealEligibilityHistory, rolePermissions, roles } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/helpers';

let s: TestServer;
let food: string;
let scholars: (typeof demographics.$inferSelect)[];

const form = (text: string | Uint8Array, name = 'eligibility.csv') => {
  const body = new FormData();
  body.append('file', new Blob([text], { type: 'text/csv' }), name);
  return body as never;
};
const preview = (text: string | Uint8Array, token = food) =>
  s.call({ method: 'POST', url: '/api/v2/meal_eligibility_imports', token, payload: form(text) });
const apply = (id: string, text: string | Uint8Array, token = food) =>
  s.call({ method: 'POST', url: `/api/v2/meal_eligibility_imports/${id}/apply`, token, payload: form(text) });

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/** Each scholar's history, oldest first, as `date category`. */
const historyOf = async (id: string) =>
  (
    await s.database.db
      .select()
      .from(mealEligibilityHistory)
      .where(eq(mealEligibilityHistory.scholar_id, id))
      .orderBy(asc(mealEligibilityHistory.effective_from))
  ).map((h) => `${h.effective_from} ${h.eligibility}`);
const currentOf = async (id: string) => {
  const [row] = await s.database.db
    .select({ e: demographics.meal_eligibility, d: demographics.meal_eligibility_effective })
    .from(demographics)
    .where(eq(demographics.id, id));
  return `${row?.d} ${row?.e}`;
};
const number = (i: number) => scholars[i]?.student_number as string;
const id = (i: number) => scholars[i]?.id as string;

beforeAll(async () => {
  s = await startTestServer();
  food = await s.login('foodservice@demo.school');
  scholars = await s.database.db.select().from(demographics).orderBy(asc(demographics.student_number)).limit(6);
});
afterAll(() => s.close());

// Each test starts from the same determinations: every scholar paid from 2026-08-15, the first reduced from then.
beforeEach(async () => {
  const ids = scholars.map((x) => x.id);
  await s.database.db
    .update(demographics)
    .set({ meal_eligibility: 'paid', meal_eligibility_effective: '2026-08-15' })
    .where(inArray(demographics.id, ids));
  await s.database.db.delete(mealEligibilityHistory).where(inArray(mealEligibilityHistory.scholar_id, ids));
  await s.database.db
    .insert(mealEligibilityHistory)
    .values(ids.map((scholar_id) => ({ scholar_id, eligibility: 'paid' as const, effective_from: '2026-08-15' })));
  await s.database.db
    .update(demographics)
    .set({ meal_eligibility: 'reduced' })
    .where(eq(demographics.id, ids[0] as string));
});

describe('POST v2/meal_eligibility_imports', () => {
  it('previews without writing; the apply adds every row to the history and the latest of each as current', async () => {
    // A byte order mark, CRLF line ends, lenient header names, quoted cells, a quoted line break in a cell of its own
    // column, F/R/P and Spanish words, both date forms.
    const csv = [
      '\uFEFFStudent Number,Eligibility,Notes,Effective Date',
      `${number(1)},Free,"approved, direct certification",2026-09-01`,
      `"${number(2)}",R,"two`,
      `lines",9/3/2026`,
      `${number(2)},gratis,,2026-10-01`,
      `${number(3)},PAID,,2025-01-15`,
      `${number(0)},reduced,,2026-08-15`,
      ``,
      `${number(4)}, reducido ,,2026-08-15`,
    ].join('\r\n');
    const [{ value: historyBefore } = { value: 0 }] = await s.database.db
      .select({ value: count() })
      .from(mealEligibilityHistory);
    const [{ id: auditBefore } = { id: 0 }] = await s.database.db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .orderBy(desc(auditEvents.id))
      .limit(1);
    const res = await preview(csv);
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({ id: sha(csv), status: 'previewed', rows: 6, changes: 5, current: 3, unchanged: 1 });
    expect(data.errors).toEqual([]);
    const name = (i: number) => `${scholars[i]?.fname} ${scholars[i]?.lname}`;
    expect(data.sample).toEqual([
      {
        line: 2,
        student_number: number(1),
        name: name(1),
        from: 'paid',
        to: 'free',
        effective_from: '2026-09-01',
        current: true,
      },
      {
        line: 3,
        student_number: number(2),
        name: name(2),
        from: 'paid',
        to: 'reduced',
        effective_from: '2026-09-03',
        current: false,
      },
      {
        line: 5,
        student_number: number(2),
        name: name(2),
        from: 'paid',
        to: 'free',
        effective_from: '2026-10-01',
        current: true,
      },
      // Before any determination on file a day counts as paid, so an older paid row is history alone.
      {
        line: 6,
        student_number: number(3),
        name: name(3),
        from: 'paid',
        to: 'paid',
        effective_from: '2025-01-15',
        current: false,
      },
      {
        line: 9,
        student_number: number(4),
        name: name(4),
        from: 'paid',
        to: 'reduced',
        effective_from: '2026-08-15',
        current: true,
      },
    ]);
    // The preview wrote nothing.
    const [{ value: historyAfter } = { value: 0 }] = await s.database.db
      .select({ value: count() })
      .from(mealEligibilityHistory);
    expect(historyAfter).toBe(historyBefore);
    expect(await currentOf(id(1))).toBe('2026-08-15 paid');
    expect(await s.database.db.select().from(auditEvents).where(gt(auditEvents.id, auditBefore))).toEqual([]);

    const applied = await apply(data.id, csv);
    expect(applied.statusCode).toBe(200);
    expect(applied.json().data).toMatchObject({ status: 'applied', changes: 5, current: 3, unchanged: 1 });
    // A later date becomes current; of two rows the later wins, the earlier stays in the history.
    expect(await currentOf(id(1))).toBe('2026-09-01 free');
    expect(await historyOf(id(1))).toEqual(['2026-08-15 paid', '2026-09-01 free']);
    expect(await currentOf(id(2))).toBe('2026-10-01 free');
    expect(await historyOf(id(2))).toEqual(['2026-08-15 paid', '2026-09-03 reduced', '2026-10-01 free']);
    // An older row adds history only.
    expect(await currentOf(id(3))).toBe('2026-08-15 paid');
    expect(await historyOf(id(3))).toEqual(['2025-01-15 paid', '2026-08-15 paid']);
    // A row of the current determination's own date corrects it.
    expect(await currentOf(id(4))).toBe('2026-08-15 reduced');
    expect(await historyOf(id(4))).toEqual(['2026-08-15 reduced']);
    // Audited once per scholar changed, with the current eligibility before and after.
    const events = await s.database.db
      .select()
      .from(auditEvents)
      .where(gt(auditEvents.id, auditBefore))
      .orderBy(asc(auditEvents.id));
    expect(events.map((e) => [e.resource, e.action, e.record_id]).sort()).toEqual(
      [1, 2, 3, 4].map((i) => ['demographics', 'update', id(i)]).sort(),
    );
    expect(events.find((e) => e.record_id === id(2))?.changes).toEqual({
      before: { meal_eligibility: 'paid', meal_eligibility_effective: '2026-08-15' },
      after: { meal_eligibility: 'free', meal_eligibility_effective: '2026-10-01' },
      determinations: [
        { eligibility: 'reduced', effective_from: '2026-09-03' },
        { eligibility: 'free', effective_from: '2026-10-01' },
      ],
      meal_eligibility_import: sha(csv),
    });

    // The same file again: every row is in the history as it is.
    const again = await apply(data.id, csv);
    expect(again.json().data).toMatchObject({ changes: 0, current: 0, unchanged: 6, sample: [] });
  });

  it('lists the rows it cannot use by line and column, and applies the others', async () => {
    const csv = [
      'student_number;category;effective',
      `${number(1)};free;2026-09-01`,
      `999999999;free;2026-09-01`,
      `${number(2)};maybe;2026-09-01`,
      `${number(3)};reduced;2026-02-30`,
      `${number(4)};reduced;`,
      `"${number(5)}";"reduced";"13/1/2026"`,
      `${number(1)};paid;2026-09-01`,
    ].join('\n');
    const res = await preview(csv);
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data).toMatchObject({ rows: 7, changes: 1, current: 1, unchanged: 0 });
    expect(data.errors).toEqual([
      {
        line: 3,
        column: 'student_number',
        code: 'unknown_student',
        value: '999999999',
        message: 'No scholar has the student number 999999999.',
      },
      {
        line: 4,
        column: 'category',
        code: 'unknown_category',
        value: 'maybe',
        message: '"maybe" is not free, reduced or paid.',
      },
      {
        line: 5,
        column: 'effective',
        code: 'bad_date',
        value: '2026-02-30',
        message: '"2026-02-30" is not a date as YYYY-MM-DD or M/D/YYYY.',
      },
      { line: 6, column: 'effective', code: 'missing_value', value: '', message: 'This cell is empty.' },
      {
        line: 7,
        column: 'effective',
        code: 'bad_date',
        value: '13/1/2026',
        message: '"13/1/2026" is not a date as YYYY-MM-DD or M/D/YYYY.',
      },
      {
        line: 8,
        column: 'effective',
        code: 'repeated_row',
        value: '2026-09-01',
        message: "The scholar's determination for 2026-09-01 is on an earlier line already.",
      },
    ]);
    const applied = await apply(data.id, csv);
    expect(applied.json().data).toMatchObject({ changes: 1, errors: data.errors });
    expect(await currentOf(id(1))).toBe('2026-09-01 free');
    expect(await currentOf(id(2))).toBe('2026-08-15 paid');
  });

  it('applies only the file it previewed (409 for another), and plans again against the records as they are', async () => {
    const csv = `student id,date,category\n${number(1)},2026-09-01,free\n`;
    const { data } = (await preview(csv)).json();
    const other = await apply(data.id, `${csv}${number(2)},2026-09-01,free\n`);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe('This is not the file that was previewed: preview it again.');
    expect(await currentOf(id(2))).toBe('2026-08-15 paid');
    // A later determination entered meanwhile: the file's row is then history only.
    await s.database.db
      .update(demographics)
      .set({ meal_eligibility: 'reduced', meal_eligibility_effective: '2026-10-01' })
      .where(eq(demographics.id, id(1)));
    const applied = await apply(data.id, csv);
    expect(applied.json().data).toMatchObject({ changes: 1, current: 0 });
    expect(await currentOf(id(1))).toBe('2026-10-01 reduced');
    expect(await historyOf(id(1))).toEqual(['2026-08-15 paid', '2026-09-01 free', '2026-10-01 reduced']);
  });

  it('answers 422 on the file for no file, a spreadsheet, binary data, a header without the columns', async () => {
    const none = await s.call({ method: 'POST', url: '/api/v2/meal_eligibility_imports', token: food, payload: {} });
    expect(none.statusCode).toBe(422);
    expect(Object.keys(none.json().errors)).toEqual(['file']);
    const cases: [string | Uint8Array, string][] = [
      [
        new Uint8Array([0x50, 0x4b, 3, 4, 20, 0]),
        'This is a spreadsheet file: save it as CSV (UTF-8) and choose that file.',
      ],
      [
        new Uint8Array([0xff, 0xfe, 0x41, 0x00]),
        'The file is not UTF-8 text: save it as CSV (UTF-8) and choose that file.',
      ],
      ['a,b\u0000c\n1,2\n', 'The file is not a CSV file.'],
      [
        'student_number,category\n1,free\n',
        'The header row has no column for the effective date (effective_date, effective, date).',
      ],
      ['student_number,category,date\n', 'The file has a header row but no scholars below it.'],
      [
        'student_number,category,date\n1,"free,2026-01-01\n',
        'The file is not a CSV file: it cannot be read from line 2 on.',
      ],
    ];
    for (const [text, message] of cases) {
      const res = await preview(text);
      expect(res.statusCode, message).toBe(422);
      expect(res.json().errors).toEqual({ file: [message] });
    }
  });

  it('is for those who keep eligibility: the cafeteria gets 403 on both, and nothing changes', async () => {
    const cafeteria = await s.login('cafeteria@demo.school');
    const csv = `student_number,category,date\n${number(1)},free,2026-09-01\n`;
    expect((await preview(csv, cafeteria)).statusCode).toBe(403);
    expect((await apply(sha(csv), csv, cafeteria)).statusCode).toBe(403);
    expect(await currentOf(id(1))).toBe('2026-08-15 paid');
    const office = await s.login('office@demo.school');
    expect((await preview(csv, office)).statusCode).toBe(201);
  });

  it('hides the eligibility a row replaces from whoever may change it but not see it', async () => {
    const [office] = await s.database.db.select().from(roles).where(eq(roles.name, 'Front Office'));
    await s.database.db
      .delete(rolePermissions)
      .where(
        and(eq(rolePermissions.role_id, office?.id as string), eq(rolePermissions.permission, 'meal_eligibility-view')),
      );
    const office2 = await s.login('office@demo.school');
    const csv = `student_number,category,date\n${number(1)},free,2026-09-01\n`;
    const res = await preview(csv, office2);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.sample).toMatchObject([{ from: null, to: 'free' }]);
  });
});
