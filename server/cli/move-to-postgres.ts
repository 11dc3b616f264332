/**
 * `npm run move-to-postgres -- <DATABASE_URL>`: copies the school in DATA_DIR's PGlite onto an empty PostgreSQL
 * database (15 to 17; lib/backup/restore.ts, moveToPostgres), compares every table's row count and prints the line to
 * start the server with. DATA_DIR is only read (its database is dumped from a copy); refused while a server holds it.
 */
import { moveToPostgres } from '../lib/backup/restore';
import { commandConfig, runCommand } from './common';

await runCommand(async () => {
  const [url, ...rest] = process.argv.slice(2);
  if (!url || rest.length || !/^postgres(ql)?:\/\//.test(url)) {
    throw new Error('Usage: npm run move-to-postgres -- postgres://user:password@host:5432/database');
  }
  const config = commandConfig();
  const result = await moveToPostgres(config.dataDir, url, {
    schoolName: config.SCHOOL_NAME,
    timeZone: config.SCHOOL_TIMEZONE,
  });
  const width = Math.max(...Object.keys(result.tables).map((n) => n.length));
  console.log(`Moved ${config.dataDir} onto PostgreSQL. Rows per table (PGlite = PostgreSQL):`);
  for (const [name, n] of Object.entries(result.tables))
    console.log(`  ${name.padEnd(width)}  ${n} = ${result.moved[name]}`);
  console.log(
    `\nStart the server with (DATA_DIR stays as it is: it still holds the server's files):\n\n  DATABASE_URL=${url}\n`,
  );
});
