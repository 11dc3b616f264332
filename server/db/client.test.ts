/** The embedded database opens with the settings that keep the server's memory within budget (issue X1). */
import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { openDatabase, PGLITE_SETTINGS } from './client';

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
