/**
 * portable-sql.ts on a real dump of the test database (PGlite's pg_dump in the `server` project, the machine's in
 * `server-pg`: each writes something that PostgreSQL 15 refuses), and on the lines it must never touch.
 */
import type { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { DB_KIND, openTestDatabase } from '../../test/helpers';
import { DUMP_ARGS, pgDumpProgram } from './dump';
import { portableDump } from './portable-sql';

async function rawDump(): Promise<string> {
  const { database, drop } = await openTestDatabase({ empty: true });
  try {
    if (DB_KIND === 'pglite') {
      const { pgDump } = await import('@electric-sql/pglite-tools/pg_dump');
      const pg = (database.db as unknown as { $client: PGlite }).$client;
      return await (await pgDump({ pg, args: DUMP_ARGS })).text();
    }
    const { execFileSync } = await import('node:child_process');
    const pool = (database.db as unknown as { $client: { options: { connectionString: string } } }).$client;
    return execFileSync(pgDumpProgram(), [...DUMP_ARGS, '--dbname', pool.options.connectionString], {
      encoding: 'utf8',
      maxBuffer: 1 << 28,
    });
  } finally {
    await drop();
  }
}

describe('portableDump', () => {
  it("removes what PostgreSQL 15 refuses from the real dump's header and trailer, and nothing else", async () => {
    const raw = await rawDump();
    const refused = raw.split('\n').filter((l) => /^SET transaction_timeout = 0;$|^\\(un)?restrict\b/.test(l));
    expect(refused.length).toBeGreaterThan(0);
    const portable = portableDump(raw);
    expect(portable).not.toMatch(/^SET transaction_timeout|^\\(un)?restrict/m);
    expect(portable.split('\n').length).toBe(raw.split('\n').length - refused.length);
    expect(portable).toContain('CREATE TABLE public.users');
  }, 60_000);

  it('keeps a row whose text has lines that look like the header or a meta-command', () => {
    const sql = [
      '\\restrict abc',
      '--',
      'SET statement_timeout = 0;',
      'SET transaction_timeout = 0;',
      '',
      "INSERT INTO public.notes VALUES (1, 'first line",
      'SET transaction_timeout = 0;',
      '\\unrestrict abc',
      "last line');",
      '',
      '--',
      '\\unrestrict abc',
      '',
    ].join('\n');
    expect(portableDump(sql).split('\n')).toEqual([
      '--',
      'SET statement_timeout = 0;',
      '',
      "INSERT INTO public.notes VALUES (1, 'first line",
      'SET transaction_timeout = 0;',
      '\\unrestrict abc',
      "last line');",
      '',
      '--',
      '',
    ]);
  });
});
