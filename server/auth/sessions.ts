/**
 * Sessions: a 256-bit random token goes to the client once; only its SHA-256 is stored, so a copy of the database does
 * not let anyone sign in. Tokens expire after SESSION_DAYS and are revoked on logout or when the account is deactivated.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { DEFAULT_PROGRAM, type SessionUser } from '../../src/contract';
import type { Db } from '../db/client';
import { rolePermissions, sessions, userRoles, users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;
export type SessionKind = (typeof sessions.$inferInsert)['kind'];

export interface AuthContext {
  user: UserRow;
  permissions: Set<string>;
  tokenHash: string;
}

/** SHA-256 of a token, as stored. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Creates a session and answers the token (the only time it exists in the clear). */
export async function createSession(db: Db, userId: string, kind: SessionKind, days: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(Date.now() + days * 86_400_000).toISOString();
  await db.insert(sessions).values({ token_hash: hashToken(token), user_id: userId, kind, expires_at: expires });
  return token;
}

/** The permission strings a user holds through its roles. */
export async function loadPermissions(db: Db, userId: string): Promise<Set<string>> {
  const rows = await db
    .selectDistinct({ permission: rolePermissions.permission })
    .from(userRoles)
    .innerJoin(rolePermissions, eq(rolePermissions.role_id, userRoles.role_id))
    .where(eq(userRoles.user_id, userId));
  return new Set(rows.map((r) => r.permission));
}

/** Finds the live session of a token: unexpired, not revoked, its account active. */
export async function authenticate(db: Db, token: string): Promise<AuthContext | null> {
  if (token.length < 20 || token.length > 200) return null;
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(
      and(
        eq(sessions.token_hash, tokenHash),
        isNull(sessions.revoked_at),
        gt(sessions.expires_at, sql`now()`),
        eq(users.active, true),
      ),
    )
    .limit(1);
  if (!row) return null;
  return { user: row.user, permissions: await loadPermissions(db, row.user.id), tokenHash };
}

/** Revokes one session. */
export async function revokeSession(db: Db, tokenHash: string): Promise<void> {
  await db.update(sessions).set({ revoked_at: sql`now()` }).where(eq(sessions.token_hash, tokenHash));
}

/** Revokes every session of a user (deactivation). */
export async function revokeUserSessions(db: Db, userId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revoked_at: sql`now()` })
    .where(and(eq(sessions.user_id, userId), isNull(sessions.revoked_at)));
}

/** The user object of DESIGN section 4, as login and check answer it. */
export function toSessionUser(user: UserRow, permissions: Set<string>): SessionUser {
  return {
    id: user.id,
    email: user.email,
    nickname: user.nickname,
    fname: user.fname,
    lname: user.lname,
    type: user.type,
    user_number: user.user_number,
    start_date: user.start_date,
    grade: user.grade,
    program: user.program || DEFAULT_PROGRAM,
    permissions: [...permissions].sort(),
  };
}
