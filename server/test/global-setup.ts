/**
 * Builds the test database once per run: migrated, catalogue synced and the demo school seeded. On PGlite it is a
 * data-directory dump that each test file loads (far faster than creating a database); on PostgreSQL it is a template
 * database that each test file copies with CREATE DATABASE ... TEMPLATE.
 */

import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { prepareDatabase } from '../db/prepare';
import { adminUrl, TEMPLATE_PREFIX } from './pg';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    /** The same before the demo school is seeded: a new school's database (migrated, catalogue, no one in it). */
    pgliteEmptySnapshot: string;
    pgEmptyTemplate: string;
    /** The PostgreSQL template database of this run: each run has its own, so two runs at once do not drop each other's. */
    pgTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const kind = project.config.env?.TEST_DB_KIND ?? 'pglite';
  if (kind === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DATABASE_URL is not set');
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    const suffix = randomBytes(4).toString('hex');
    const TEMPLATE_DB = `${TEMPLATE_PREFIX}${suffix}`;
    const EMPTY_DB = `${TEMPLATE_PREFIX}empty_${suffix}`;
    await admin.query(`CREATE DATABASE ${EMPTY_DB}`);
    const empty = await openDatabase({ kind: 'postgres', url: adminUrl(url, EMPTY_DB), max: 2 });
    await prepareDatabase(empty, {
      seedDemo: false,
      schoolName: 'Test School',
      timeZone: loadConfig({}).SCHOOL_TIMEZONE,
    });
    await empty.close();
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB} TEMPLATE ${EMPTY_DB}`);
    const database = await openDatabase({ kind: 'postgres', url: adminUrl(url, TEMPLATE_DB), max: 2 });
    await prepareDatabase(database, {
      seedDemo: true,
      schoolName: 'Test School',
      timeZone: loadConfig({}).SCHOOL_TIMEZONE,
    });
    await database.close();
    project.provide('pgliteSnapshot', '');
    project.provide('pgliteEmptySnapshot', '');
    project.provide('pgTemplate', TEMPLATE_DB);
    project.provide('pgEmptyTemplate', EMPTY_DB);
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
      await admin.query(`DROP DATABASE IF EXISTS ${EMPTY_DB} WITH (FORCE)`);
      await admin.end();
    };
  }
  const database = await openDatabase({ kind: 'pglite' });
  const client = (database.db as unknown as { $client: import('@electric-sql/pglite').PGlite }).$client;
  await prepareDatabase(database, {
    seedDemo: false,
    schoolName: 'Test School',
    timeZone: loadConfig({}).SCHOOL_TIMEZONE,
  });
  const emptyDump = await client.dumpDataDir('none');
  await prepareDatabase(database, {
    seedDemo: true,
    schoolName: 'Test School',
    timeZone: loadConfig({}).SCHOOL_TIMEZONE,
  });
  const dump = await client.dumpDataDir('none');
  await database.close();
  const dir = join(tmpdir(), 'school-ops-tests');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `snapshot-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  const emptyFile = join(dir, `snapshot-empty-${process.pid}.tar`);
  writeFileSync(emptyFile, Buffer.from(await emptyDump.arrayBuffer()));
  project.provide('pgliteSnapshot', file);
  project.provide('pgliteEmptySnapshot', emptyFile);
  project.provide('pgTemplate', '');
  project.provide('pgEmptyTemplate', '');
  return () => {
    rmSync(file, { force: true });
    rmSync(emptyFile, { force: true });
  };
}
