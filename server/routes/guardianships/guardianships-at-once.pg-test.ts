/**
 * Two offices making the same link, or two guardians with the same email, at the same moment: one is made and the
 * other answered 409 with what is in the way, never a unique violation's 500. It takes two connections writing at
 * once: PostgreSQL only (the `server-pg` project runs `*.pg-test.ts`).
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { uuidv7 } from '../../../src/contract';
import { demographics } from '../../db/schema';
import { startTestServer, type TestServer } from '../../test/helpers';

let s: TestServer;
let office: string;
beforeAll(async () => {
  s = await startTestServer();
  office = await s.login('office@demo.school');
});
afterAll(() => s.close());

const post = (url: string, payload: Record<string, unknown>) =>
  s.call({ method: 'POST', url: `/api/v2/${url}`, token: office, payload });

it('makes one guardian of two creates with the same email at once, answering the other 409 with it', async () => {
  const email = `twice.${uuidv7().slice(-8)}@example.com`;
  const answers = await Promise.all(
    ['Ana', 'Eva'].map((fname) => post('guardians', { id: uuidv7(), fname, lname: 'Twice', email, language: 'en' })),
  );
  expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  const made = answers.find((a) => a.statusCode === 201)?.json().data;
  expect(answers.find((a) => a.statusCode === 409)?.json().record).toMatchObject({ id: made.id, type: 'parent' });
});

it('makes one link of two links of the same guardian and scholar at once', async () => {
  const made = await post('guardians', {
    fname: 'Once',
    lname: 'Linked',
    email: `once.${uuidv7().slice(-8)}@example.com`,
    language: 'en',
  });
  const [scholar] = await s.database.db
    .select({ id: demographics.id })
    .from(demographics)
    .where(eq(demographics.active, true))
    .limit(1);
  const answers = await Promise.all(
    (['mother', 'guardian'] as const).map((relationship) =>
      post('guardianships', {
        id: uuidv7(),
        parent_id: made.json().data.id,
        scholar_id: scholar?.id,
        relationship,
        may_pick_up: true,
      }),
    ),
  );
  expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  const link = answers.find((a) => a.statusCode === 201)?.json().data;
  expect(answers.find((a) => a.statusCode === 409)?.json().record.id).toBe(link.id);
});
