/**
 * The same new year sent twice at the same moment (a double click, a retry while the first is still running): one
 * applies it, the other waits its turn on the school's settings row and answers the stored result; nobody moves up
 * twice. Different years sent at once: the second is judged against the first's dates. It takes two connections
 * writing at once: PostgreSQL only (the `server-pg` project runs `*.pg-test.ts`).
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { uuidv7 } from '../../../src/contract';
import { demographics, schoolSettings } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/helpers';

let s: TestServer;
let admin: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin@demo.school');
  await s.database.db.update(schoolSettings).set({ year_starts_on: '2026-08-12', year_ends_on: '2027-06-04' });
});
afterAll(() => s.close());

const apply = (payload: Record<string, unknown>) =>
  s.call({ method: 'POST', url: '/api/v2/school_year', token: admin, payload });

it('applies one of two copies of a request sent at once and answers the other with its result', async () => {
  const [tk] = await s.database.db
    .select({ id: demographics.id })
    .from(demographics)
    .where(and(eq(demographics.active, true), eq(demographics.grade, 'TK')))
    .limit(1);
  const body = { id: uuidv7(), starts_on: '2027-08-11', ends_on: '2028-06-02', homerooms: 'keep' };
  const answers = await Promise.all([apply(body), apply(body)]);
  expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
  expect(answers[0]?.json().data).toEqual(answers[1]?.json().data);
  const [row] = await s.database.db
    .select()
    .from(demographics)
    .where(eq(demographics.id, tk?.id as string));
  expect(row?.grade).toBe('K');
});

it('judges the second of two different years sent at once against the first', async () => {
  const year = { starts_on: '2028-08-16', ends_on: '2029-06-08', homerooms: 'keep' };
  const answers = await Promise.all([apply({ id: uuidv7(), ...year }), apply({ id: uuidv7(), ...year })]);
  expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 422]);
  expect(answers.find((a) => a.statusCode === 422)?.json().errors).toEqual({
    starts_on: ["The new year starts after the current year's first day."],
  });
});
