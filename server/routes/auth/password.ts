/**
 * Setting a password with a one-time link (DESIGN section 11), under `v2/auth`:
 *
 * - `POST password_reset` {email}: always 202 with the one message, whether or not an account uses the address, and
 *   limited like sign-ins (the same in-memory limit per address and account, and the database's counts under a key
 *   of its own per account, so asking for resets never locks the password). The link is made and mailed after the
 *   answer has gone, so neither the answer nor its timing tells whether the account exists; a mail failure is logged.
 * - `GET password_token?token=`: whether a link still works (the person's first name and its purpose), else 410.
 * - `POST password` {token, password}: sets the password, spends the link (and ends the person's other live links),
 *   ends the account's sessions, and signs the person in, answering as a sign-in does; 410 for a link that does not
 *   work (used, expired, replaced, unknown, or the account inactive).
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorResponseSchema,
  PASSWORD_MESSAGES,
  PasswordResetBodySchema,
  PasswordResetResponseSchema,
  PasswordTokenInfoSchema,
  PasswordTokenQuerySchema,
  SetPasswordBodySchema,
  SetPasswordResponseSchema,
} from '../../../src/contract';
import { beginLoginAttempt, endLoginAttempt } from '../../auth/login-limits';
import { findPasswordToken, issuePasswordToken, spendPasswordToken } from '../../auth/password-tokens';
import { hashPassword } from '../../auth/passwords';
import { createSession, loadPermissions, revokeUserSessions, toSessionUser } from '../../auth/sessions';
import { passwordTokens, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { mailPasswordLink, publicBase, setPasswordLink } from '../../lib/mail/deliver';
import { signInRateLimit } from './rate-limit';

const TOO_MANY = 'Too many requests. Please wait and try again.';
const linkGone = () => new AppError('gone', PASSWORD_MESSAGES.linkGone);

const routes: FastifyPluginAsyncZod = async (app) => {
  const rateLimit = signInRateLimit(app.config);
  const limits = {
    accountFreeFailures: app.config.LOGIN_ACCOUNT_FAILURES,
    addressFailures: app.config.LOGIN_ADDRESS_FAILURES,
  };
  /** Resets being made and mailed after their answer; closing the server waits for them. */
  const pending = new Set<Promise<void>>();
  app.addHook('onClose', async () => {
    await Promise.allSettled([...pending]);
  });

  app.post(
    '/password_reset',
    {
      config: { access: 'public', rateLimit },
      schema: {
        body: PasswordResetBodySchema,
        response: { 202: PasswordResetResponseSchema, 422: ErrorResponseSchema, 429: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      // Counted like a failed sign-in and never taken back: each address may ask a few times, then waits longer.
      const attempt = { email: `reset:${email}`, ip: request.ip };
      const wait = await beginLoginAttempt(app.db, attempt, limits);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw new AppError('rate_limited', TOO_MANY);
      }
      await endLoginAttempt(app.db, attempt, { ok: false });
      const base = publicBase(app, request);
      const task = (async () => {
        const [person] = await app.db
          .select()
          .from(users)
          .where(and(sql`lower(${users.email}) = ${email}`, eq(users.active, true)))
          .limit(1);
        if (!person) {
          request.log.info('password reset for an unknown or inactive address');
          return;
        }
        if (!app.sendMail) {
          request.log.warn({ user_id: person.id }, 'password reset asked, but SMTP_URL is not set: nothing sent');
          return;
        }
        const issued = await app.db.transaction(async (tx) => {
          const issued = await issuePasswordToken(tx, person.id, 'reset', null);
          await audit(tx, request, {
            action: 'create',
            resource: 'password_resets',
            recordId: person.id,
            userId: null,
            changes: { expires_at: issued.expiresAt },
          });
          return issued;
        });
        await mailPasswordLink(app, person, 'reset', setPasswordLink(base, issued.token));
      })().catch((err: unknown) => {
        request.log.error({ err }, 'password reset mail failed');
      });
      pending.add(task);
      void task.finally(() => pending.delete(task));
      return reply.status(202).send({ message: PASSWORD_MESSAGES.resetAccepted });
    },
  );

  app.get(
    '/password_token',
    {
      config: { access: 'public', rateLimit },
      schema: {
        querystring: PasswordTokenQuerySchema,
        response: { 200: PasswordTokenInfoSchema, 410: ErrorResponseSchema, 422: ErrorResponseSchema },
      },
    },
    async (request) => {
      const found = await findPasswordToken(app.db, request.query.token);
      if (!found) throw linkGone();
      return { first_name: found.user.nickname || found.user.fname, purpose: found.purpose };
    },
  );

  app.post(
    '/password',
    {
      config: { access: 'public', rateLimit },
      schema: {
        body: SetPasswordBodySchema,
        response: { 200: SetPasswordResponseSchema, 410: ErrorResponseSchema, 422: ErrorResponseSchema },
      },
    },
    async (request) => {
      const { token, password } = request.body;
      // A link that does not work costs no scrypt; one spent meanwhile is caught by the spending update below.
      if (!(await findPasswordToken(app.db, token))) throw linkGone();
      const passwordHash = await hashPassword(password);
      const spent = await app.db.transaction(async (tx) => {
        const spent = await spendPasswordToken(tx, token);
        if (!spent) return null;
        await tx
          .update(users)
          .set({ password_hash: passwordHash, updated_at: sql`now()` })
          .where(eq(users.id, spent.userId));
        // The password is set: the person's other links (an older reset beside an invitation) stop working too.
        await tx
          .update(passwordTokens)
          .set({ replaced_at: sql`now()` })
          .where(
            and(
              eq(passwordTokens.user_id, spent.userId),
              isNull(passwordTokens.used_at),
              isNull(passwordTokens.replaced_at),
            ),
          );
        await revokeUserSessions(tx, spent.userId);
        await audit(tx, request, {
          action: 'update',
          resource: 'users',
          recordId: spent.userId,
          userId: spent.userId,
          changes: { password: 'set', by_link: spent.purpose },
        });
        return spent;
      });
      if (!spent) throw linkGone();
      const [user] = await app.db.select().from(users).where(eq(users.id, spent.userId)).limit(1);
      if (!user) throw linkGone();
      const session = await createSession(app.db, user.id, 'password', app.config.SESSION_DAYS);
      await audit(app.db, request, {
        action: 'login',
        resource: 'sessions',
        recordId: user.id,
        userId: user.id,
        changes: { kind: 'password', by_link: spent.purpose },
      });
      return { token: session, user: toSessionUser(user, await loadPermissions(app.db, user.id)) };
    },
  );
};

export default routes;
