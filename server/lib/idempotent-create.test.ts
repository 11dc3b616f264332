/**
 * The generic create (createOne, and the createMany of the sync push) under concurrency, on PGlite and PostgreSQL:
 * the same create with the same client id sent by many requests at once answers the stored record (or a 409), never a
 * duplicate-key 500, and leaves exactly one row. PostgreSQL is where the requests really overlap (PGlite runs one
 * transaction at a time), so the server-pg run is the one that would show the race.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../src/contract';
import { auditEvents, checkIns, demographics, nslpRecords } from '../db/schema';
import { startTestServer, type TestServer } from '../test/helpers';

const AT_ONCE = 160;

let s: TestServer;
let office: string;
let cafeteria: string;
let scholars: string[];
beforeAll(async () => {
  s = await startTestServer();
  office = await s.login('office@demo.school');
  cafeteria = await s.login('cafeteria@demo.school');
  scholars = (
    await s.database.db.select({ id: demographics.id }).from(demographics).orderBy(demographics.id).limit(10)
  ).map((r) => r.id);
});
afterAll(() => s.close());

/** Sends the same request AT_ONCE times at once; answers the status codes and the bodies. */
async function atOnce(url: string, token: string, payload: Record<string, unknown>) {
  const answers = await Promise.all(
    Array.from({ length: AT_ONCE }, () => s.call({ method: 'POST', url, token, payload })),
  );
  return answers.map((a) => ({ status: a.statusCode, body: a.json() }));
}

const rowsWithId = async (table: typeof checkIns | typeof nslpRecords, id: string) =>
  Number((await s.database.db.select({ n: sql<number>`count(*)` }).from(table).where(eq(table.id, id)))[0]?.n);

const auditsOf = async (id: string) =>
  Number(
    (await s.database.db.select({ n: sql<number>`count(*)` }).from(auditEvents).where(eq(auditEvents.record_id, id)))[0]
      ?.n,
  );

describe('the same create sent by many requests at once', () => {
  it('POST v2/check_ins: one row, one 201, the stored record for the rest, no 5xx', async () => {
    const id = uuidv7();
    const answers = await atOnce('/api/v2/check_ins', office, {
      id,
      kind: 'arrival',
      scholar_id: scholars[0],
      occurred_at: new Date().toISOString(),
      method: 'kiosk',
      reason: 'Transportation',
    });
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.every((a) => a.status === 201 || a.status === 200 || a.status === 409)).toBe(true);
    expect(answers.filter((a) => a.status !== 409).every((a) => a.body.data.id === id)).toBe(true);
    expect(await rowsWithId(checkIns, id)).toBe(1);
    expect(await auditsOf(id)).toBe(1);
  });

  it('POST v2/nslp_records: one row, one 201, the stored record for the rest, no 5xx', async () => {
    const id = uuidv7();
    const answers = await atOnce('/api/v2/nslp_records', cafeteria, {
      id,
      scholar_id: scholars[1],
      meal_type: 'lunch',
      served_at: new Date().toISOString(),
    });
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.every((a) => a.status === 201 || a.status === 200 || a.status === 409)).toBe(true);
    expect(answers.filter((a) => a.status !== 409).every((a) => a.body.data.id === id)).toBe(true);
    expect(await rowsWithId(nslpRecords, id)).toBe(1);
    expect(await auditsOf(id)).toBe(1);
  });

  it('POST v2/sync/push of the same meal: applied once, duplicate for the rest, no 5xx', async () => {
    const id = uuidv7();
    const item = {
      id,
      resource: 'nslp_records',
      action: 'create',
      recorded_at: new Date().toISOString(),
      data: { id, scholar_id: scholars[2], meal_type: 'breakfast', served_at: new Date().toISOString() },
    };
    const answers = await atOnce('/api/v2/sync/push', cafeteria, { device_id: 'tablet-a', items: [item] });
    expect(answers.filter((a) => a.status !== 200).map((a) => a.status)).toEqual([]);
    const statuses = answers.map((a) => a.body.results[0].status as string);
    expect(statuses.filter((st) => st === 'applied')).toHaveLength(1);
    expect(statuses.filter((st) => st !== 'applied' && st !== 'duplicate')).toEqual([]);
    expect(await rowsWithId(nslpRecords, id)).toBe(1);
    expect(await auditsOf(id)).toBe(1);
  });
});
