/**
 * A new school's first run (README "Run it for your school"). While no account may administer the school, every start
 * makes a fresh one-time setup address, prints it and writes it to DATA_DIR/setup-address.txt for a headless install;
 * the previous address stops working, since only the newest token's hash is kept. The setup itself is
 * server/routes/setup.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, count, eq } from 'drizzle-orm';
import { ADMINISTER_PERMISSION } from '../../src/contract';
import { hashToken } from '../auth/sessions';
import type { Db, Tx } from '../db/client';
import { rolePermissions, setupTokens, userRoles, users } from '../db/schema';

/** 24 random bytes: 192 bits, above the 128 a one-time secret address needs, URL-safe as base64url. */
const TOKEN_BYTES = 24;
export const SETUP_ADDRESS_FILE = 'setup-address.txt';

/** Whether any active account holds the permission that administers the school. */
export async function administratorExists(db: Pick<Tx, 'select'>): Promise<boolean> {
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.user_id, users.id))
    .innerJoin(rolePermissions, eq(rolePermissions.role_id, userRoles.role_id))
    .where(and(eq(users.active, true), eq(rolePermissions.permission, ADMINISTER_PERMISSION)));
  return Number(row?.n ?? 0) > 0;
}

/** Makes a new setup token, replacing any earlier one, and answers it (only its hash is stored). */
export async function issueSetupToken(db: Db): Promise<string> {
  const token = randomBytes(TOKEN_BYTES).toString('base64url');
  const row = { id: 1, token_hash: hashToken(token), created_at: new Date().toISOString() };
  await db.insert(setupTokens).values(row).onConflictDoUpdate({ target: setupTokens.id, set: row });
  return token;
}

/** Spends the token inside the setup's transaction: true when it was the current one. */
export async function spendSetupToken(tx: Tx, token: string): Promise<boolean> {
  const spent = await tx
    .delete(setupTokens)
    .where(eq(setupTokens.token_hash, hashToken(token)))
    .returning({ id: setupTokens.id });
  return spent.length > 0;
}

/** Whether the token is the current one, without spending it. */
export async function setupTokenIsCurrent(db: Pick<Tx, 'select'>, token: string): Promise<boolean> {
  const [row] = await db
    .select({ id: setupTokens.id })
    .from(setupTokens)
    .where(eq(setupTokens.token_hash, hashToken(token)))
    .limit(1);
  return row !== undefined;
}

export const setupAddress = (base: string, token: string) => `${base}/setup?token=${token}`;

/** Writes the address for a headless install (readable by the server's user only: it lets anyone set up the school). */
export async function writeSetupAddress(dataDir: string, address: string): Promise<void> {
  await mkdir(dataDir, { recursive: true });
  await writeFile(join(dataDir, SETUP_ADDRESS_FILE), `${address}\n`, { mode: 0o600 });
}

/** Removes the written address once the school is set up. */
export async function removeSetupAddress(dataDir: string): Promise<void> {
  await rm(join(dataDir, SETUP_ADDRESS_FILE), { force: true });
}

/**
 * What a start does about setup, before it listens: while no administrator exists, a fresh token (the earlier address
 * stops working); once set up, nothing, and a stale written address is removed. Answers the token, or null.
 */
export async function setupAtStart(db: Db, dataDir: string): Promise<string | null> {
  if (await administratorExists(db)) {
    await removeSetupAddress(dataDir);
    return null;
  }
  return issueSetupToken(db);
}
