/**
 * Sign-in routes with the exact paths of DESIGN section 4. Every failed login answers the same 401 message, whatever
 * failed (unknown account, wrong password, bad Google token), so the answer tells an attacker nothing; the log says why.
 * Every sign-in goes through the login limits kept in the database (auth/login-limits.ts): too many failures for the
 * account or from the address answer 429 with Retry-After, before any password is checked. An in-memory limit per
 * instance (LOGIN_RATE_LIMIT attempts a minute per address and account) sits in front to spare the hashing a flood.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CheckResponseSchema,
  ErrorResponseSchema,
  GoogleLoginBodySchema,
  LoginBodySchema,
  LoginResponseSchema,
  LogoutResponseSchema,
  MESSAGES,
  PARENT_MESSAGES,
  ParentLoginBodySchema,
  STATION_PIN_MESSAGES,
  StationPinBodySchema,
  StationPinCheckBodySchema,
  StationPinResponseSchema,
  type UserType,
} from '../../../src/contract';
import { GoogleTokenError } from '../../auth/google';
import { beginLoginAttempt, endLoginAttempt, type LoginAttempt } from '../../auth/login-limits';
import { dummyPasswordHash, hashPassword, needsRehash, verifyPassword } from '../../auth/passwords';
import {
  createSession,
  loadPermissions,
  revokeSession,
  type SessionKind,
  toSessionUser,
  type UserRow,
} from '../../auth/sessions';
import { guardianships, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError, invalid } from '../../lib/errors';
import { scholarsOf } from '../../lib/scholar-scope';
import { requireAuth } from '../../plugins/access';
import { removeSessionSubscriptions } from '../notices/index';
import { signInRateLimit } from './rate-limit';

const loginFailed = () => new AppError('unauthenticated', MESSAGES.loginFailed);
const TOO_MANY = 'Too many sign-in attempts. Please wait and try again.';
const errorResponses = { 401: ErrorResponseSchema, 422: ErrorResponseSchema, 429: ErrorResponseSchema };

const routes: FastifyPluginAsyncZod = async (app) => {
  const rateLimit = signInRateLimit(app.config);

  const limits = {
    accountFreeFailures: app.config.LOGIN_ACCOUNT_FAILURES,
    addressFailures: app.config.LOGIN_ADDRESS_FAILURES,
  };

  /** Starts the attempt (counted until it succeeds); 429 with Retry-After while the account or the address must wait. */
  async function begin(attempt: LoginAttempt, reply: FastifyReply): Promise<void> {
    const wait = await beginLoginAttempt(app.db, attempt, limits);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      throw new AppError('rate_limited', TOO_MANY);
    }
  }

  /** Leaves the attempt counted as a failure, then answers the one 401. */
  async function failed(attempt: LoginAttempt): Promise<never> {
    await endLoginAttempt(app.db, attempt, { ok: false });
    throw loginFailed();
  }

  async function byPassword(request: FastifyRequest, reply: FastifyReply, email: string, password: string) {
    const attempt = { email, ip: request.ip };
    await begin(attempt, reply);
    const [user] = await app.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      .limit(1);
    const ok = await verifyPassword(password, user?.password_hash ?? (await dummyPasswordHash()));
    if (!user?.password_hash || !ok || !user.active) return failed(attempt);
    await endLoginAttempt(app.db, attempt, { ok: true, email: user.email });
    if (needsRehash(user.password_hash)) {
      // An older hash (weaker parameters) is replaced now that the password is known; only if it is still the one
      // stored, so a password changed meanwhile is not overwritten.
      const rehashed = await hashPassword(password);
      await app.db
        .update(users)
        .set({ password_hash: rehashed })
        .where(and(eq(users.id, user.id), eq(users.password_hash, user.password_hash)));
    }
    return user;
  }

  async function byGoogle(request: FastifyRequest, reply: FastifyReply, idToken: string): Promise<UserRow> {
    const attempt = { email: null, ip: request.ip };
    await begin(attempt, reply);
    let identity: Awaited<ReturnType<typeof app.googleVerify>>;
    try {
      identity = await app.googleVerify(idToken);
    } catch (err) {
      if (err instanceof GoogleTokenError) {
        request.log.info({ reason: err.message }, 'google sign-in refused');
        return failed(attempt);
      }
      throw err;
    }
    const [bySub] = await app.db.select().from(users).where(eq(users.google_sub, identity.sub)).limit(1);
    let user = bySub;
    if (!user) {
      const [byEmail] = await app.db
        .select()
        .from(users)
        .where(sql`lower(${users.email}) = ${identity.email}`)
        .limit(1);
      if (byEmail?.google_sub && byEmail.google_sub !== identity.sub) return failed(attempt);
      if (byEmail) {
        await app.db.update(users).set({ google_sub: identity.sub }).where(eq(users.id, byEmail.id));
        user = { ...byEmail, google_sub: identity.sub };
      }
    }
    if (!user?.active) {
      request.log.info({ email: identity.email }, 'google sign-in for an unknown or inactive account');
      return failed(attempt);
    }
    await endLoginAttempt(app.db, attempt, { ok: true, email: user.email });
    return user;
  }

  async function finish(
    request: FastifyRequest,
    user: UserRow,
    kind: SessionKind,
    allowed?: UserType[],
    coSession?: { of: string; scholarId: string },
  ) {
    if (allowed && !allowed.includes(user.type)) throw loginFailed();
    const token = await createSession(app.db, user.id, kind, app.config.SESSION_DAYS, coSession);
    await audit(app.db, request, {
      action: 'login',
      resource: 'sessions',
      recordId: user.id,
      userId: user.id,
      changes: coSession ? { kind, for_scholar_id: coSession.scholarId } : { kind },
    });
    return { token, user: toSessionUser(user, await loadPermissions(app.db, user.id)) };
  }

  app.post(
    '/login',
    {
      config: { access: 'public', rateLimit },
      schema: { body: LoginBodySchema, response: { 200: LoginResponseSchema, ...errorResponses } },
    },
    async (request, reply) =>
      finish(request, await byPassword(request, reply, request.body.email, request.body.password), 'password'),
  );

  for (const path of ['/login-with-gis', '/login-with-google']) {
    app.post(
      path,
      {
        config: { access: 'public', rateLimit },
        schema: { body: GoogleLoginBodySchema, response: { 200: LoginResponseSchema, ...errorResponses } },
      },
      async (request, reply) => finish(request, await byGoogle(request, reply, request.body.id_token), 'google'),
    );
  }

  /**
   * A parent signs in on their own (no token, or a parent's), or on a scholar's phone inside the scholar's session
   * (the scholar's token in Authorization): then only a guardian of that scholar is accepted, and the
   * parent's session is tied to the scholar's (it answers `scholar_id`, and ends when the scholar's ends).
   */
  app.post(
    '/login-parent',
    {
      config: { access: 'public', rateLimit },
      schema: {
        body: ParentLoginBodySchema,
        response: { 200: LoginResponseSchema, 403: ErrorResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const scholarSession = request.auth?.user.type === 'student' ? request.auth : null;
      const user =
        'id_token' in body
          ? await byGoogle(request, reply, body.id_token)
          : await byPassword(request, reply, body.email, body.password);
      if (!scholarSession) return finish(request, user, 'parent', ['parent']);
      if (user.type !== 'parent') throw loginFailed();
      const [scholar] = await scholarsOf(app.db, scholarSession.user);
      const [guardian] = scholar
        ? await app.db
            .select({ id: guardianships.parent_id })
            .from(guardianships)
            .where(and(eq(guardianships.parent_id, user.id), eq(guardianships.scholar_id, scholar.id)))
            .limit(1)
        : [];
      if (!scholar || !guardian) throw new AppError('forbidden', PARENT_MESSAGES.notGuardian);
      const result = await finish(request, user, 'parent', ['parent'], {
        of: scholarSession.tokenHash,
        scholarId: scholar.id,
      });
      return { ...result, scholar_id: scholar.id };
    },
  );

  app.get(
    '/check',
    { config: { access: 'signed_in' }, schema: { response: { 200: CheckResponseSchema, 401: ErrorResponseSchema } } },
    async (request) => {
      const auth = requireAuth(request);
      return { user: toSessionUser(auth.user, auth.permissions) };
    },
  );

  /**
   * Station PINs: a staff member sets their own, and a station they started checks it before it
   * leaves station mode. Hashed like a password; wrong PINs are limited like sign-ins (per account, under a key of its
   * own so that guessing a PIN never locks the password, and per address), in the database so instances share them.
   */
  app.post(
    '/station-pin',
    {
      config: { access: 'signed_in', userTypes: ['staff'] },
      schema: { body: StationPinBodySchema, response: { 200: StationPinResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const auth = requireAuth(request);
      await app.db
        .update(users)
        .set({ station_pin_hash: await hashPassword(request.body.pin) })
        .where(eq(users.id, auth.user.id));
      await audit(app.db, request, {
        action: 'update',
        resource: 'users',
        recordId: auth.user.id,
        changes: { station_pin: 'set' },
      });
      return { message: STATION_PIN_MESSAGES.saved };
    },
  );

  app.post(
    '/station-pin/check',
    {
      config: { access: 'signed_in', userTypes: ['staff'], rateLimit },
      schema: { body: StationPinCheckBodySchema, response: { 200: StationPinResponseSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const attempt = { email: `pin:${auth.user.email}`, ip: request.ip };
      const wait = await beginLoginAttempt(app.db, attempt, limits);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw new AppError('rate_limited', STATION_PIN_MESSAGES.tooMany);
      }
      const [row] = await app.db
        .select({ hash: users.station_pin_hash })
        .from(users)
        .where(eq(users.id, auth.user.id))
        .limit(1);
      const ok = await verifyPassword(request.body.pin, row?.hash ?? (await dummyPasswordHash()));
      if (!row?.hash || !ok) {
        await endLoginAttempt(app.db, attempt, { ok: false });
        const message = row?.hash ? STATION_PIN_MESSAGES.wrong : STATION_PIN_MESSAGES.none;
        throw invalid('pin', message);
      }
      await endLoginAttempt(app.db, attempt, { ok: true, email: attempt.email });
      return { message: STATION_PIN_MESSAGES.right };
    },
  );

  app.post(
    '/logout',
    {
      config: { access: 'signed_in' },
      schema: { response: { 200: LogoutResponseSchema, 401: ErrorResponseSchema } },
    },
    async (request) => {
      const auth = requireAuth(request);
      await revokeSession(app.db, auth.tokenHash);
      // This device stops receiving the account's notices (its push subscriptions belong to the session).
      await removeSessionSubscriptions(app.db, auth.tokenHash);
      await audit(app.db, request, { action: 'logout', resource: 'sessions', recordId: auth.user.id });
      return { message: 'Signed out.' };
    },
  );

  /** Ends a parent's session (sent with the parent's token); a scholar's or staff session is refused and stays. */
  app.post(
    '/logout-parent',
    {
      config: { access: 'signed_in' },
      schema: { response: { 200: LogoutResponseSchema, 401: ErrorResponseSchema, 409: ErrorResponseSchema } },
    },
    async (request) => {
      const auth = requireAuth(request);
      if (auth.kind !== 'parent') throw new AppError('conflict', PARENT_MESSAGES.notParentSession);
      await revokeSession(app.db, auth.tokenHash);
      await removeSessionSubscriptions(app.db, auth.tokenHash);
      await audit(app.db, request, { action: 'logout', resource: 'sessions', recordId: auth.user.id });
      return { message: 'Signed out.' };
    },
  );
};

export default routes;
