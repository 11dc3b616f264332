/**
 * Brings a database to a usable state: migrations, the permission catalogue, and the demo school when asked for and
 * the database has no users yet. Used by main.ts on every start and by the test snapshot builder.
 */
import { count } from 'drizzle-orm';
import { ensureCatalogue } from './catalogue';
import { type Database, migrate } from './client';
import { users } from './schema';

export interface PrepareResult {
  seeded: boolean;
  scholars: number;
}

/** Migrates, syncs the catalogue and seeds the demo school into an empty database. */
export async function prepareDatabase(
  database: Database,
  opts: { seedDemo: boolean; schoolName: string; timeZone: string },
): Promise<PrepareResult> {
  await migrate(database);
  await ensureCatalogue(database.db);
  if (!opts.seedDemo) return { seeded: false, scholars: 0 };
  const [row] = await database.db.select({ n: count() }).from(users);
  if (Number(row?.n ?? 0) > 0) return { seeded: false, scholars: 0 };
  // Loaded only when seeding: a usual start does not parse the generator.
  const { seedDemo } = await import('./demo/seed-demo');
  const result = await seedDemo(database.db, { schoolName: opts.schoolName, timeZone: opts.timeZone });
  return { seeded: true, scholars: result.scholars };
}
