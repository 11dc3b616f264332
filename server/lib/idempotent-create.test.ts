/**
 * The generic create (createOne, and the createMany of the sync push) under concurrency, on PGlite and PostgreSQL:
 * the same create with the same client id sent by many requests at once answers the stored record (or a 409), never a
 * duplicate-key 500, and leaves exactly one row. PostgreSQL is where the requests really overlap (PGlite runs one
 * transaction at a time), so the server-pg run is the one that would show the race.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../src/contract';
import type { Tx } from '../db/client';
import { auditEvents, checkIns, demographics, nslpRecords } from '../db/schema';
import { checkInsResource } from '../routes/check_ins/index';
import { nslpRecordsResource } from '../routes/nslp_records/index';
import { startTestServer, type TestServer } from '../test/helpers';
import type { CreateOutcome, ResourceDefinition } from './resource';

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

/**
 * A transaction whose first read from `table` hands back its rows only after `meanwhile` has run: what the database
 * shows a push when the same entry, pushed by another request, commits right after the push's read (each statement
 * reads what is committed when it starts), before its insert. PGlite runs one transaction at a time, so `meanwhile`
 * writes in the same transaction, which the later statements then see as they would see the other request's commit.
 */
function committedAfterFirstRead(tx: Tx, table: unknown, meanwhile: () => Promise<unknown>): Tx {
  let fired = false;
  const select = (...args: Parameters<Tx['select']>) => {
    const builder = tx.select(...args);
    const from = builder.from.bind(builder);
    return Object.assign(builder, {
      from(source: Parameters<typeof from>[0]) {
        const query = from(source);
        if (source !== table || fired) return query;
        fired = true;
        const then = query.then.bind(query);
        return Object.assign(query, {
          // biome-ignore lint/suspicious/noThenProperty: the query is a thenable; its answer is held back on purpose.
          then: (resolve: (rows: unknown) => unknown, reject: (err: unknown) => unknown) =>
            then(async (rows: unknown) => {
              await meanwhile();
              return rows;
            }).then(resolve, reject),
        });
      },
    });
  };
  return new Proxy(tx, {
    get(target, prop) {
      if (prop === 'select') return select;
      const value = Reflect.get(target, prop);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Runs `work` in a transaction that is rolled back after it: the database is left as it was. */
async function rolledBack<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  let out: T | undefined;
  const rollback = new Error('rolled back on purpose');
  await s.database.db
    .transaction(async (tx) => {
      out = await work(tx);
      throw rollback;
    })
    .catch((err) => {
      if (err !== rollback) throw err;
    });
  return out as T;
}

describe("the same entry committed by another request between a push's read and its insert", () => {
  // A request as the sync push hands the batch create one: the school's clock, and who sent it.
  const request = () => ({ server: s.app, headers: {}, ip: '127.0.0.1', auth: undefined }) as unknown as FastifyRequest;

  // `read`: the table the batch create first reads the entries' rows through (check-ins: the scholars, joined with
  // their check-ins; meals: the meals by id).
  async function raced(
    // biome-ignore lint/suspicious/noExplicitAny: the two definitions' record types differ; each is called with its own.
    def: ResourceDefinition<any, any, any>,
    table: unknown,
    input: Record<string, unknown>,
    read: unknown = table,
  ) {
    const createMany = def.createMany as NonNullable<typeof def.createMany>;
    const parsed = def.create.parse(input);
    return rolledBack(async (tx) => {
      const other = () => createMany([parsed], { tx, request: request() });
      const ours: CreateOutcome<unknown>[] = await createMany([parsed], {
        tx: committedAfterFirstRead(tx, read, other),
        request: request(),
      });
      // The table given (check_ins or nslp_records): both have an `id` column.
      const rowsTable = table as typeof checkIns;
      const [row] = await tx.select({ n: sql<number>`count(*)` }).from(rowsTable).where(eq(rowsTable.id, parsed.id));
      return { ours, rows: Number(row?.n) };
    });
  }

  it("an arrival: answered as the entry's replay ('same'), not as the day's arrival held by another record", async () => {
    const id = uuidv7();
    const { ours, rows } = await raced(
      checkInsResource,
      checkIns,
      {
        id,
        kind: 'arrival',
        scholar_id: scholars[8],
        occurred_at: new Date().toISOString(),
        method: 'kiosk',
        reason: 'Transportation',
      },
      demographics,
    );
    expect(ours.map((o) => o.status)).toEqual(['same']);
    expect((ours[0] as { record: { id: string } }).record.id).toBe(id);
    expect(rows).toBe(1);
  });

  it("a meal: answered as the entry's replay ('same'), not as the day's meal held by another record", async () => {
    const id = uuidv7();
    const { ours, rows } = await raced(nslpRecordsResource, nslpRecords, {
      id,
      scholar_id: scholars[9],
      meal_type: 'lunch',
      served_at: new Date().toISOString(),
    });
    expect(ours.map((o) => o.status)).toEqual(['same']);
    expect((ours[0] as { record: { id: string } }).record.id).toBe(id);
    expect(rows).toBe(1);
  });
});
