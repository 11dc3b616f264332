/** The embedded database opens with the settings that keep the server's memory within budget. */
import v8 from 'node:v8';
import { sql } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { openDatabase, PGLITE_SETTINGS, PGLITE_V8_FLAGS } from './client';

it('opens PGlite with its small buffer cache and connection table', async () => {
  const database = await openDatabase({ kind: 'pglite' });
  try {
    for (const setting of PGLITE_SETTINGS) {
      const [name, value] = setting.split('=') as [string, string];
      const result = (await database.db.execute(sql.raw(`show ${name}`))) as unknown as {
        rows: Record<string, string>[];
      };
      expect(Object.values(result.rows[0] ?? {})[0]).toBe(value);
    }
    expect(PGLITE_SETTINGS).toContain('shared_buffers=12MB');
  } finally {
    await database.close();
  }
});

it("sets V8's WebAssembly tiering budget once, before PGlite compiles PostgreSQL", async () => {
  const order: string[] = [];
  const setFlags = vi.spyOn(v8, 'setFlagsFromString').mockImplementation((flags) => {
    order.push(`flags ${flags}`);
  });
  // PGlite compiles and instantiates PostgreSQL's module with WebAssembly.instantiate (Node's global).
  const wasm = (globalThis as unknown as { WebAssembly: { instantiate: (...args: unknown[]) => Promise<unknown> } })
    .WebAssembly;
  const instantiate = wasm.instantiate;
  const spy = vi.spyOn(wasm, 'instantiate').mockImplementation((...args: unknown[]) => {
    order.push('instantiate');
    return instantiate(...args);
  });
  try {
    // A fresh copy of the module: the test above has opened a database with this file's copy.
    vi.resetModules();
    const client = await import('./client');
    const first = await client.openDatabase({ kind: 'pglite' });
    const second = await client.openDatabase({ kind: 'pglite' });
    await Promise.all([first.close(), second.close()]);
    // A thousand times V8's default budget (1.8 million), so a start does not recompile thousands of functions.
    const budget = Number(/^--wasm-tiering-budget=(\d+)$/.exec(PGLITE_V8_FLAGS)?.[1]);
    expect(budget).toBeGreaterThanOrEqual(1_800_000_000);
    expect(budget).toBeLessThan(2 ** 31);
    expect(order[0]).toBe(`flags ${PGLITE_V8_FLAGS}`);
    expect(order.filter((step) => step.startsWith('flags'))).toHaveLength(1);
    expect(order).toContain('instantiate');
  } finally {
    setFlags.mockRestore();
    spy.mockRestore();
  }
});
