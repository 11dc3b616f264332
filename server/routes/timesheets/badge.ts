/**
 * `POST v2/timesheets/badge`: a new staff badge, for oneself (`timesheets-view`) or for any staff
 * member (`timesheets-view_any`). The code is random (144 bits, base64url) and replaces the old one, which stops
 * working at once; it is answered this once and never written to the audit trail.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { StaffBadgeIssueSchema, StaffBadgeResponseSchema, staffBadgeText } from '../../../src/contract';
import { users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { forbidden } from '../../lib/errors';
import { ERROR_RESPONSES } from '../../lib/resource';
import { can, requireAuth } from '../../plugins/access';
import { lockPerson } from './shared';

/** A new badge code: 18 random bytes, 24 characters of base64url. */
export const newStaffBadgeCode = () => randomBytes(18).toString('base64url');

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      config: { access: 'timesheets-view' },
      schema: { body: StaffBadgeIssueSchema, response: { 200: StaffBadgeResponseSchema, ...ERROR_RESPONSES } },
    },
    async (request) => {
      const me = requireAuth(request).user.id;
      const userId = request.body.user_id ?? me;
      if (userId !== me && !can(request, 'timesheets-view_any')) throw forbidden();
      return app.db.transaction(async (tx) => {
        await lockPerson(tx, userId, 'user_id', { active: true });
        const code = newStaffBadgeCode();
        await tx
          .update(users)
          .set({ badge_code: code, updated_at: new Date().toISOString() })
          .where(eq(users.id, userId));
        await audit(tx, request, {
          action: 'update',
          resource: 'users',
          recordId: userId,
          changes: { badge_code: '[new badge]' },
        });
        return { data: { user_id: userId, code, text: staffBadgeText(code) } };
      });
    },
  );
};

export default routes;
