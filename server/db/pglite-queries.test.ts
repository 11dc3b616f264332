/**
 * The server's PGlite statements (server/db/pglite-queries.ts): each one a single round trip read without
 * PGlite's message parser, answering what PGlite's own `query` answers.
 */

import type { PGlite, QueryOptions } from '@electric-sql/pglite';
import * as pglite from '@electric-sql/pglite';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openTestDatabase } from '../test/helpers';
import type { Database } from './client';
import { pgliteClient, statementMessages } from './pglite-queries';
import { demographics } from './schema';

let database: Database;
let drop: () => Promise<void>;
let pg: PGlite;
let client: ReturnType<typeof pgliteClient>;

/** drizzle's options for its statements on PGlite (drizzle-orm/pglite/session.js): dates and timestamps as text. */
const DRIZZLE: QueryOptions = {
  rowMode: 'array',
  parsers: Object.fromEntries([1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182].map((t) => [t, (v: string) => v])),
};

beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  pg = (database.db as unknown as { $client: PGlite }).$client;
  client = pgliteClient(pg, pglite);
  await pg.exec(`
    create table kinds (
      id int primary key, t text, n int8, x numeric, b boolean, j json, jb jsonb, ta text[], ia int4[],
      at timestamptz, d date, u uuid, by bytea, f float8, unique (t)
    );
    insert into kinds values
      (1, 'plain', 9007199254740993, 1.50, true, '{"a":[1,2]}', '{"b":{"c":null}}', '{"x","y z","q\\"uote"}',
       '{1,2,3}', '2026-11-29 03:04:05.678+00', '2026-11-29', 'f47ac10b-58cc-4372-a567-0e02b2c3d479', '\\x00ff', 0.1),
      (2, 'émoji 🍎 and ñ', 42, null, false, null, '[]', '{}', null, null, null, null, null, null),
      (3, null, null, null, null, null, null, null, null, null, null, null, null, null);
  `);
});

afterAll(async () => {
  await pg.exec('drop table if exists kinds');
  await drop();
});

describe('a statement', () => {
  it.each([
    ['select 1', []],
    ['select $1::text, $2::int, $3::text', ['émoji 🍎', '7', null]],
    ['insert into kinds (id, t) values ($1, $2)', ['5', '']],
    ['insert into kinds (id, by) values ($1, $2)', ['6', Buffer.from([0, 255, 92, 120])]],
  ] as const)('is sent as the messages PGlite’s serializer writes: %s', (text, values) => {
    const s = pglite.protocol.serialize;
    const theirs = [
      s.parse({ text }).slice(),
      s.bind({ values: [...values] }).slice(),
      s.describe({ type: 'P' }).slice(),
      s.execute({}).slice(),
      s.sync().slice(),
    ];
    expect(Buffer.from(statementMessages(text, [...values]))).toEqual(Buffer.concat(theirs));
  });

  it.each([
    ['rows as arrays, as drizzle asks', DRIZZLE],
    ['rows by name, with the default parsers', undefined],
    ['rows by name, as drizzle asks for a raw statement', { ...DRIZZLE, rowMode: 'object' as const }],
  ])('answers what PGlite answers: %s', async (_, options) => {
    const text = 'select * from kinds where id >= $1 order by id';
    const mine = await client.query(text, [1], options);
    const theirs = await pg.query(text, [1], options);
    expect(mine).toEqual(theirs);
    expect(mine.rows).toHaveLength(3);
  });

  it('sends strings, numbers, bigints, booleans, dates and nulls as PGlite does', async () => {
    const text = 'select $1::text, $2::int, $3::int8, $4::boolean, $5::timestamptz, $6::text, $7::text, $8::numeric';
    const params = ['a’b', 7, 1234567890123456789n, false, new Date('2026-11-29T03:04:05.678Z'), null, undefined, 2.5];
    expect(await client.query(text, params, DRIZZLE)).toEqual(await pg.query(text, params, DRIZZLE));
  });

  it('sends bytes in binary, which a bytea keeps as PGlite’s own path keeps them', async () => {
    const spy = vi.spyOn(pg, 'query');
    try {
      const bytes = new Uint8Array([0, 255, 92, 120, 39, 10]);
      await client.query('insert into kinds (id, by) values ($1, $2)', [30, bytes]);
      await pg.query('insert into kinds (id, by) values ($1, $2)', [31, bytes]);
      expect(spy).toHaveBeenCalledTimes(1);
      const text = 'select by, by = $1 as same from kinds where id in (30, 31) order by id';
      const mine = await client.query(text, [bytes], DRIZZLE);
      expect(mine).toEqual(await pg.query(text, [bytes], DRIZZLE));
      expect(mine.rows).toEqual([
        [bytes, true],
        [bytes, true],
      ]);
    } finally {
      spy.mockRestore();
      await pg.exec('delete from kinds where id in (30, 31)');
    }
  });

  it('takes PGlite’s own path for a parameter whose text depends on its type (an object, an array)', async () => {
    const spy = vi.spyOn(pg, 'query');
    try {
      const text = 'select $1::jsonb as j, $2::text[] as a';
      const params = [{ a: [1, 'two'] }, ['x', 'y']];
      const mine = await client.query(text, params);
      expect(spy).toHaveBeenCalledTimes(1);
      expect(mine.rows).toEqual([{ j: { a: [1, 'two'] }, a: ['x', 'y'] }]);
    } finally {
      spy.mockRestore();
    }
  });

  it('answers a write with its command and counts', async () => {
    const text = "update kinds set f = f where id in ($1, $2) and t <> 'none'";
    const mine = await client.query(text, [1, 2]);
    const theirs = await pg.query(text, [1, 2]);
    expect(mine).toEqual(theirs);
    expect(mine).toMatchObject({ command: 'UPDATE', affectedRows: 2, rowCount: 2, rows: [] });
  });

  it('refuses with PGlite’s DatabaseError, its fields and the statement; the next statement runs', async () => {
    const text = 'insert into kinds (id, t) values ($1, $2)';
    const mine = await client.query(text, [10, 'plain']).catch((e: unknown) => e);
    const theirs = await pg.query(text, [10, 'plain']).catch((e: unknown) => e);
    expect(mine).toBeInstanceOf(pglite.messages.DatabaseError);
    const fields = ['message', 'severity', 'code', 'detail', 'schema', 'table', 'constraint', 'routine'] as const;
    const pick = (e: unknown) => Object.fromEntries(fields.map((f) => [f, (e as Record<string, unknown>)[f]]));
    expect(pick(mine)).toEqual(pick(theirs));
    expect(mine).toMatchObject({ code: '23505', constraint: 'kinds_t_key', query: text, params: [10, 'plain'] });
    expect((await client.query('select count(*)::int as n from kinds')).rows).toEqual([{ n: 3 }]);
  });
});

describe('a transaction', () => {
  it('reads its own writes, keeps others waiting until it ends, and is undone when it throws', async () => {
    const order: string[] = [];
    let outside: Promise<unknown> = Promise.resolve();
    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into kinds (id, t) values ($1, $2)', [20, 'inside']);
        // A statement outside the transaction waits for it, as PGlite's own query does.
        outside = client
          .query<{ n: number }>('select count(*)::int as n from kinds')
          .then((r) => order.push(`outside ${r.rows[0]?.n}`));
        const seen = await tx.query<{ n: number }>('select count(*)::int as n from kinds');
        order.push(`inside ${seen.rows[0]?.n}`);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    await outside;
    expect(order).toEqual(['inside 4', 'outside 3']);
  });

  it('commits, and a failed statement inside it fails the transaction as on PGlite', async () => {
    await client.transaction(async (tx) => {
      await tx.query('insert into kinds (id, t) values ($1, $2)', [21, 'kept']);
    });
    expect((await client.query('select t from kinds where id = $1', [21])).rows).toEqual([{ t: 'kept' }]);
    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into kinds (id, t) values ($1, $2)', [22, 'kept']).catch(() => undefined);
        await tx.query('select 1');
      }),
    ).rejects.toMatchObject({ code: '25P02' });
    expect((await client.query('select count(*)::int as n from kinds where id = $1', [22])).rows).toEqual([{ n: 0 }]);
    await client.query('delete from kinds where id = $1', [21]);
  });
});

it('is what the server’s database uses: drizzle’s statements do not go through PGlite’s query', async () => {
  const spy = vi.spyOn(pg, 'query');
  try {
    const [row] = await database.db.select({ n: count() }).from(demographics);
    const rows = await database.db.select().from(demographics).limit(3);
    expect(row?.n).toBeGreaterThan(0);
    expect(rows).toHaveLength(3);
    expect(spy).not.toHaveBeenCalled();
  } finally {
    spy.mockRestore();
  }
});
