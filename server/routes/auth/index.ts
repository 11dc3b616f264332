/**
 * Sign-in routes with the exact paths of DESIGN section 4. Every failed login answers the same 401 message, whatever
 * failed (unknown account, wrong password, bad Google token), so the answer tells an attacker nothing; the log says why.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CheckResponseSchema,
  ErrorResponseSchema,
  GoogleLoginBodySchema,
  LoginBodySchema,
  LoginResponseSchema,
  LogoutResponseSchema,
  MESSAGES,
  ParentLoginBodySchema,
  type UserType,
} from '../../../src/contract';
import { GoogleTokenError } from '../../auth/google';
import { dummyPasswordHash, verifyPassword } from '../../auth/passwords';
import {
  createSession,
  loadPermissions,
  revokeSession,
  type SessionKind,
  toSessionUser,
  type UserRow,
} from '../../auth/sessions';
import { users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { requireAuth } from '../../plugins/access';

const loginFailed = () => new AppError('unauthenticated', MESSAGES.loginFailed);
const errorResponses = { 401: ErrorResponseSchema, 422: ErrorResponseSchema, 429: ErrorResponseSchema };

const routes: FastifyPluginAsyncZod = async (app) => {
  const rateLimit = {
    max: app.config.LOGIN_RATE_LIMIT,
    timeWindow: 60_000,
    // Per address and account: one kiosk's many users do not lock each other out.
    keyGenerator: (request: FastifyRequest) => {
      const email = (request.body as { email?: unknown } | undefined)?.email;
      return `${request.ip}|${typeof email === 'string' ? email.toLowerCase() : 'token'}`;
    },
  };

  async function byPassword(email: string, password: string): Promise<UserRow> {
    const [user] = await app.db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
      .limit(1);
    const ok = await verifyPassword(password, user?.password_hash ?? (await dummyPasswordHash()));
    if (!user?.password_hash || !ok || !user.active) throw loginFailed();
    return user;
  }

  async function byGoogle(idToken: string, request: FastifyRequest): Promise<UserRow> {
    let identity: Awaited<ReturnType<typeof app.googleVerify>>;
    try {
      identity = await app.googleVerify(idToken);
    } catch (err) {
      if (err instanceof GoogleTokenError) {
        request.log.info({ reason: err.message }, 'google sign-in refused');
        throw loginFailed();
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
      if (byEmail?.google_sub && byEmail.google_sub !== identity.sub) throw loginFailed();
      if (byEmail) {
        await app.db.update(users).set({ google_sub: identity.sub }).where(eq(users.id, byEmail.id));
        user = { ...byEmail, google_sub: identity.sub };
      }
    }
    if (!user?.active) {
      request.log.info({ email: identity.email }, 'google sign-in for an unknown or inactive account');
      throw loginFailed();
    }
    return user;
  }

  async function finish(request: FastifyRequest, user: UserRow, kind: SessionKind, allowed?: UserType[]) {
    if (allowed && !allowed.includes(user.type)) throw loginFailed();
    const token = await createSession(app.db, user.id, kind, app.config.SESSION_DAYS);
    await audit(app.db, request, {
      action: 'login',
      resource: 'sessions',
      recordId: user.id,
      userId: user.id,
      changes: { kind },
    });
    return { token, user: toSessionUser(user, await loadPermissions(app.db, user.id)) };
  }

  app.post(
    '/login',
    {
      config: { access: 'public', rateLimit },
      schema: { body: LoginBodySchema, response: { 200: LoginResponseSchema, ...errorResponses } },
    },
    async (request) => finish(request, await byPassword(request.body.email, request.body.password), 'password'),
  );

  for (const path of ['/login-with-gis', '/login-with-google']) {
    app.post(
      path,
      {
        config: { access: 'public', rateLimit },
        schema: { body: GoogleLoginBodySchema, response: { 200: LoginResponseSchema, ...errorResponses } },
      },
      async (request) => finish(request, await byGoogle(request.body.id_token, request), 'google'),
    );
  }

  app.post(
    '/login-parent',
    {
      config: { access: 'public', rateLimit },
      schema: { body: ParentLoginBodySchema, response: { 200: LoginResponseSchema, ...errorResponses } },
    },
    async (request) => {
      const body = request.body;
      const user =
        'id_token' in body ? await byGoogle(body.id_token, request) : await byPassword(body.email, body.password);
      return finish(request, user, 'parent', ['parent']);
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

  for (const path of ['/logout', '/logout-parent']) {
    app.post(
      path,
      {
        config: { access: 'signed_in' },
        schema: { response: { 200: LogoutResponseSchema, 401: ErrorResponseSchema } },
      },
      async (request) => {
        const auth = requireAuth(request);
        await revokeSession(app.db, auth.tokenHash);
        await audit(app.db, request, { action: 'logout', resource: 'sessions', recordId: auth.user.id });
        return { message: 'Signed out.' };
      },
    );
  }
};

export default routes;
