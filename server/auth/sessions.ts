/**
 * Sessions: a 256-bit random token goes to the client once; only its SHA-256 is stored, so a copy of the database does
 * not let anyone sign in. Tokens expire after SESSION_DAYS and are revoked on logout, when the account is deactivated,
 * and (all but the one making the change) when the account's password changes.
 *
 * A session also ends when it has been idle too long for its kind of account, measured on the
 * database's clock from `last_seen_at`: an administrator's (an account whose roles hold roles-update or users-update)
 * after 12 idle hours; a staff account's, which is what a station device holds, after 7 idle days, so a station stays
 * signed in through the school day and week; a parent's or a scholar's after 30 idle days. `last_seen_at` is written at
 * most once a minute per session, so a busy device does not write on every request.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { DEFAULT_PROGRAM, type SessionUser } from '../../src/contract';
import type { Db } from '../db/client';
import { rolePermissions, sessions, userRoles, users } from '../db/schema';

export type UserRow = typeof users.$inferSelect;
export type SessionKind = (typeof sessions.$inferInsert)['kind'];

/** Idle limits by kind of account, in seconds. */
export const IDLE_SECONDS = {
  administrator: 12 * 60 * 60,
  staff: 7 * 24 * 60 * 60,
  family: 30 * 24 * 60 * 60,
} as const;
export type SessionClass = keyof typeof IDLE_SECONDS;

/** `last_seen_at` is written when it is older than this, not on every request. */
export const LAST_SEEN_WRITE_SECONDS = 60;

/** Which idle limit applies to an account: who can change roles or accounts is an administrator, whatever its type. */
export function sessionClass(user: Pick<UserRow, 'type'>, permissions: Set<string>): SessionClass {
  if (permissions.has('roles-update') || permissions.has('users-update')) return 'administrator';
  return user.type === 'staff' ? 'staff' : 'family';
}

export interface AuthContext {
  user: UserRow;
  permissions: Set<string>;
  tokenHash: string;
  /** How the session began; 'parent' for a parent's sign-in (on their own or inside a scholar's session). */
  kind: SessionKind;
  /** For a parent's co-session on a scholar's phone: the scholar the parent answers for. */
  forScholarId: string | null;
}

/** SHA-256 of a token, as stored. */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Creates a session and answers the token (the only time it exists in the clear). */
export async function createSession(
  db: Db,
  userId: string,
  kind: SessionKind,
  days: number,
  coSession?: { of: string; scholarId: string },
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(Date.now() + days * 86_400_000).toISOString();
  await db.insert(sessions).values({
    token_hash: hashToken(token),
    user_id: userId,
    kind,
    expires_at: expires,
    co_session_of: coSession?.of ?? null,
    for_scholar_id: coSession?.scholarId ?? null,
  });
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

/**
 * The statement that finds a session by its token's hash, prepared once per database: every request runs
 * it, and building it again each time (drizzle composes its SQL from the query's parts, all of the users columns
 * included) was a measurable share of the server's work under load. On PostgreSQL it is a named prepared statement,
 * which each connection also parses and plans once.
 */
function sessionQuery(db: Db) {
  return db
    .select({
      user: users,
      kind: sessions.kind,
      forScholarId: sessions.for_scholar_id,
      idle: sql<number>`extract(epoch from now() - ${sessions.last_seen_at})::float8`,
      // The account's permissions in the same statement: every request is authenticated, and a second round trip
      // per request was a fifth of the server's work under load. What loadPermissions reads, as text.
      permissions: sql<string[]>`coalesce((
        select array_agg(distinct ${rolePermissions.permission}::text)
        from ${userRoles}
        inner join ${rolePermissions} on ${rolePermissions.role_id} = ${userRoles.role_id}
        where ${userRoles.user_id} = ${users.id}
      ), '{}'::text[])`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(
      and(
        // drizzle's named parameter of a prepared statement (not a stub): the token's hash, given to execute() below.
        eq(sessions.token_hash, sql.placeholder('tokenHash')),
        isNull(sessions.revoked_at),
        gt(sessions.expires_at, sql`now()`),
        eq(users.active, true),
      ),
    )
    .limit(1)
    .prepare('session_by_token');
}

const sessionQueries = new WeakMap<Db, ReturnType<typeof sessionQuery>>();

/** Finds the live session of a token: unexpired, not revoked, not idle too long, its account active. */
export async function authenticate(db: Db, token: string): Promise<AuthContext | null> {
  if (token.length < 20 || token.length > 200) return null;
  const tokenHash = hashToken(token);
  let query = sessionQueries.get(db);
  if (!query) {
    query = sessionQuery(db);
    sessionQueries.set(db, query);
  }
  const [row] = await query.execute({ tokenHash });
  if (!row) return null;
  const permissions = new Set(row.permissions);
  if (row.idle > IDLE_SECONDS[sessionClass(row.user, permissions)]) {
    // Revoked, not only refused: the limit follows the account's roles, and a later, longer one must not revive it.
    await revokeSession(db, tokenHash);
    return null;
  }
  if (row.idle > LAST_SEEN_WRITE_SECONDS) {
    await db
      .update(sessions)
      .set({ last_seen_at: sql`now()` })
      .where(
        and(
          eq(sessions.token_hash, tokenHash),
          lt(sessions.last_seen_at, sql`now() - ${sql.raw(`interval '${LAST_SEEN_WRITE_SECONDS} seconds'`)}`),
        ),
      );
  }
  return { user: row.user, permissions, tokenHash, kind: row.kind, forScholarId: row.forScholarId };
}

/** Revokes one session. */
export async function revokeSession(db: Db, tokenHash: string): Promise<void> {
  // A parent's co-session ends with the scholar's session it was opened in.
  await db
    .update(sessions)
    .set({ revoked_at: sql`now()` })
    .where(
      or(eq(sessions.token_hash, tokenHash), and(eq(sessions.co_session_of, tokenHash), isNull(sessions.revoked_at))),
    );
}

/** Revokes every session of a user (deactivation), or every one but `except` (a password change by its owner). */
export async function revokeUserSessions(db: Db, userId: string, except?: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revoked_at: sql`now()` })
    .where(
      and(
        eq(sessions.user_id, userId),
        isNull(sessions.revoked_at),
        except === undefined ? undefined : ne(sessions.token_hash, except),
      ),
    );
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
    has_station_pin: Boolean(user.station_pin_hash),
  };
}
