/**
 * `POST v2/invitations` {user_id}: an administrator (`invitations-create`) invites the person of an account with a
 * one-time set-password link, valid 7 days, which replaces any earlier invitation of theirs. With SMTP_URL the link
 * goes by mail in the person's language and the answer does not hold it; without, or when the mail server fails (the
 * failure is logged), the answer holds the link for the screen's printable letter. Whoever invites may set the
 * account's password through the link, so the caller must hold every permission the account holds (may-manage.ts).
 * Sending again is safe: it makes a new link and the older one stops working.
 */
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorResponseSchema,
  InvitationCreateSchema,
  InvitationResponseSchema,
  PASSWORD_MESSAGES,
} from '../../../src/contract';
import { issuePasswordToken } from '../../auth/password-tokens';
import { users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import { mailPasswordLink, publicBase, setPasswordLink } from '../../lib/mail/deliver';
import { requireAuth } from '../../plugins/access';
import { assertMayManage } from '../users/may-manage';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      config: { access: 'invitations-create' },
      schema: {
        body: InvitationCreateSchema,
        response: {
          201: InvitationResponseSchema,
          403: ErrorResponseSchema,
          404: ErrorResponseSchema,
          409: ErrorResponseSchema,
          422: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { person, issued } = await app.db.transaction(async (tx) => {
        const [person] = await tx.select().from(users).where(eq(users.id, request.body.user_id)).limit(1);
        if (!person) throw notFound('user');
        if (!person.active) throw new AppError('conflict', PASSWORD_MESSAGES.inactive);
        await assertMayManage(tx, request, person.id);
        const issued = await issuePasswordToken(tx, person.id, 'invite', auth.user.id);
        await audit(tx, request, {
          action: 'create',
          resource: 'invitations',
          recordId: person.id,
          changes: { expires_at: issued.expiresAt },
        });
        return { person, issued };
      });
      const link = setPasswordLink(publicBase(app, request), issued.token);
      const answer = { user_id: person.id, email: person.email, expires_at: issued.expiresAt };
      if (app.sendMail) {
        try {
          await mailPasswordLink(app, person, 'invite', link);
          return reply.status(201).send({ data: { ...answer, delivery: 'email' as const } });
        } catch (err) {
          request.log.error({ err, user_id: person.id }, 'invitation mail failed; the screen shows the letter');
        }
      }
      return reply.status(201).send({ data: { ...answer, delivery: 'letter' as const, link } });
    },
  );
};

export default routes;
