/**
 * `v2/setup`: a new school sets itself up from the one-time address the server printed (server/lib/setup.ts).
 * `GET ?token=` answers what the screen starts from; `POST` makes the school's name and time zone and its first
 * administrator in one transaction and signs that person in. After the setup every call answers 409 whatever the
 * token; before it, a token that is not the newest one answers 403; a refused call creates nothing.
 */
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ADMINISTRATOR_ROLE,
  ErrorResponseSchema,
  LoginResponseSchema,
  SETUP_MESSAGES,
  SetupBodySchema,
  SetupInfoSchema,
  SetupQuerySchema,
  uuidv7,
} from '../../../src/contract';
import { hashPassword } from '../../auth/passwords';
import { createSession, loadPermissions, toSessionUser } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { roles, schoolSettings, userRoles, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError, invalid } from '../../lib/errors';
import {
  administratorExists,
  removeSetupAddress,
  SETUP_ADDRESS_FILE,
  setupTokenIsCurrent,
  spendSetupToken,
} from '../../lib/setup';

const errors = {
  403: ErrorResponseSchema,
  409: ErrorResponseSchema,
  422: ErrorResponseSchema,
  429: ErrorResponseSchema,
};
const alreadySetUp = () => new AppError('conflict', SETUP_MESSAGES.done);
const badToken = () => new AppError('forbidden', SETUP_MESSAGES.badToken);

const routes: FastifyPluginAsyncZod = async (app) => {
  // The token carries 192 random bits, so guessing is hopeless anyway; the limit keeps a script from trying.
  const rateLimit = { max: app.config.LOGIN_RATE_LIMIT, timeWindow: 60_000 };

  app.get(
    '/',
    {
      config: { access: 'public', rateLimit },
      schema: { querystring: SetupQuerySchema, response: { 200: SetupInfoSchema, ...errors } },
    },
    async (request) => {
      if (await administratorExists(app.db)) throw alreadySetUp();
      if (!(await setupTokenIsCurrent(app.db, request.query.token))) throw badToken();
      const env = process.env;
      return {
        data: {
          // Only what the machine's owner set: the built-in defaults are no school's own.
          school_name: env.SCHOOL_NAME ? app.config.SCHOOL_NAME : null,
          time_zone: env.SCHOOL_TIMEZONE ? app.config.SCHOOL_TIMEZONE : null,
          google_sign_in: app.config.GOOGLE_CLIENT_ID !== undefined,
        },
      };
    },
  );

  app.post(
    '/',
    {
      config: { access: 'public', rateLimit },
      schema: { body: SetupBodySchema, response: { 201: LoginResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const input = request.body;
      if (!input.password && !app.config.GOOGLE_CLIENT_ID) throw invalid('password', SETUP_MESSAGES.passwordOrGoogle);
      // Hashed before the transaction: scrypt takes a noticeable moment and must not hold the database.
      const passwordHash = input.password ? await hashPassword(input.password) : null;
      const result = await app.db.transaction(async (tx) => {
        if (await administratorExists(tx)) throw alreadySetUp();
        if (!(await spendSetupToken(tx, input.token))) throw badToken();
        const [taken] = await tx
          .select({ id: users.id })
          .from(users)
          .where(sql`lower(${users.email}) = ${input.email}`)
          .limit(1);
        if (taken) throw invalid('email', 'An account with this email already exists.');
        const [role] = await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, ADMINISTRATOR_ROLE)).limit(1);
        if (!role) throw new Error(`The default role "${ADMINISTRATOR_ROLE}" is missing from the catalogue.`);
        const id = uuidv7();
        const [user] = await tx
          .insert(users)
          .values({
            id,
            email: input.email,
            fname: input.fname,
            lname: input.lname,
            type: 'staff',
            password_hash: passwordHash,
          })
          .returning();
        if (!user) throw new Error('The administrator was not stored.');
        await tx.insert(userRoles).values({ user_id: id, role_id: role.id });
        const [before] = await tx
          .select({ school_name: schoolSettings.school_name, time_zone: schoolSettings.time_zone })
          .from(schoolSettings)
          .limit(1);
        const [settings] = await tx
          .update(schoolSettings)
          .set({ school_name: input.school_name, time_zone: input.time_zone, updated_at: new Date().toISOString() })
          .returning({ id: schoolSettings.id });
        const who = { userId: id };
        await audit(tx, request, {
          action: 'create',
          resource: 'users',
          recordId: id,
          changes: { email: input.email, fname: input.fname, lname: input.lname, roles: [ADMINISTRATOR_ROLE] },
          ...who,
        });
        await audit(tx, request, {
          action: 'update',
          resource: 'school_settings',
          recordId: settings?.id ?? null,
          changes: { before, after: { school_name: input.school_name, time_zone: input.time_zone } },
          ...who,
        });
        const token = await createSession(tx as unknown as Db, id, 'password', app.config.SESSION_DAYS);
        return { token, user };
      });
      await app.school.refresh();
      await removeSetupAddress(app.config.DATA_DIR).catch((err: unknown) => {
        request.log.warn({ err }, `could not remove ${SETUP_ADDRESS_FILE}`);
      });
      request.log.info({ user: result.user.id }, 'the school is set up');
      reply.code(201);
      return { token: result.token, user: toSessionUser(result.user, await loadPermissions(app.db, result.user.id)) };
    },
  );
};

export default routes;
