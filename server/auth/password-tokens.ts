/**
 * One-time set-password links (DESIGN section 11): an invitation (valid 7 days) or a reset (1 hour). The token is 32
 * random bytes (256 bits) in base64url, given out once; only its SHA-256 is stored, as sessions' are. A link is spent
 * by the statement that uses it (so two uses at once cannot both succeed), and a newer link of the same purpose for
 * the same person replaces the older in the same transaction as it is made. Times are the database's clock.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { PASSWORD_TOKEN_SECONDS, type PasswordTokenPurpose } from '../../src/contract';
import type { Db, Tx } from '../db/client';
import { passwordTokens, users } from '../db/schema';
import { hashToken } from './sessions';

export interface IssuedToken {
  token: string;
  expiresAt: string;
}

/** Makes a new link for a person, replacing their live one of the same purpose; answers the token in the clear. */
export async function issuePasswordToken(
  tx: Tx,
  userId: string,
  purpose: PasswordTokenPurpose,
  createdBy: string | null,
): Promise<IssuedToken> {
  // The account's row is locked first: two links made at once for one person wait for each other, so one replaces
  // the other instead of both meeting the one-live-link index.
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  await tx
    .update(passwordTokens)
    .set({ replaced_at: sql`now()` })
    .where(
      and(
        eq(passwordTokens.user_id, userId),
        eq(passwordTokens.purpose, purpose),
        isNull(passwordTokens.used_at),
        isNull(passwordTokens.replaced_at),
      ),
    );
  const token = randomBytes(32).toString('base64url');
  const seconds = PASSWORD_TOKEN_SECONDS[purpose];
  const [row] = await tx
    .insert(passwordTokens)
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      purpose,
      expires_at: sql`now() + ${sql.raw(`interval '${seconds} seconds'`)}`,
      created_by: createdBy,
    })
    .returning({ expires_at: passwordTokens.expires_at });
  return { token, expiresAt: new Date(row?.expires_at ?? Date.now()).toISOString() };
}

/** A live link's conditions: unused, not replaced, unexpired, for an active account. */
const live = (tokenHash: string) =>
  and(
    eq(passwordTokens.token_hash, tokenHash),
    isNull(passwordTokens.used_at),
    isNull(passwordTokens.replaced_at),
    gt(passwordTokens.expires_at, sql`now()`),
  );

/** The person and purpose of a live link, or null (used, expired, replaced, unknown, or the account inactive). */
export async function findPasswordToken(
  db: Db,
  token: string,
): Promise<{ user: typeof users.$inferSelect; purpose: PasswordTokenPurpose } | null> {
  const [row] = await db
    .select({ user: users, purpose: passwordTokens.purpose })
    .from(passwordTokens)
    .innerJoin(users, eq(users.id, passwordTokens.user_id))
    .where(and(live(hashToken(token)), eq(users.active, true)))
    .limit(1);
  return row ?? null;
}

/**
 * Spends a live link, in the caller's transaction, and answers whose it was and for what; null when it is not live.
 * The one update both checks and spends, so of two uses at once only one gets the row.
 */
export async function spendPasswordToken(
  tx: Tx,
  token: string,
): Promise<{ userId: string; purpose: PasswordTokenPurpose } | null> {
  const [row] = await tx
    .update(passwordTokens)
    .set({ used_at: sql`now()` })
    .where(
      and(
        live(hashToken(token)),
        sql`exists (select 1 from ${users} where ${users.id} = ${passwordTokens.user_id} and ${users.active})`,
      ),
    )
    .returning({ userId: passwordTokens.user_id, purpose: passwordTokens.purpose });
  return row ?? null;
}
