/**
 * `v2/dismissal`: the day's dismissal list, who goes how (DESIGN section 12: changes are seen at the curb). Every
 * enrolled scholar with their default plan and, where a confirmed change covers the day, the change applied
 * (`planOn`: the latest asked wins). Two queries for the whole school.
 */
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DismissalDayQuerySchema, DismissalDayResponseSchema, planOn } from '../../../src/contract';
import { demographics, dismissalChanges } from '../../db/schema';
import { ERROR_RESPONSES } from '../../lib/resource';
import { schoolDay } from '../../lib/school-day';
import { toChanges } from '../dismissal_changes/model';

const routes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'dismissal-view_any' },
      schema: {
        querystring: DismissalDayQuerySchema,
        response: { 200: DismissalDayResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const day = request.query.date ?? schoolDay(new Date(), app.school.timeZone);
      const [scholars, rows] = await Promise.all([
        app.db
          .select()
          .from(demographics)
          .where(eq(demographics.active, true))
          .orderBy(asc(demographics.lname), asc(demographics.fname), asc(demographics.id)),
        app.db
          .select()
          .from(dismissalChanges)
          .where(
            and(
              eq(dismissalChanges.status, 'confirmed'),
              lte(dismissalChanges.starts_on, day),
              gte(dismissalChanges.ends_on, day),
            ),
          ),
      ]);
      const changes = await toChanges(app.db, rows);
      const byScholar = new Map<string, typeof changes>();
      for (const c of changes) byScholar.set(c.scholar_id, [...(byScholar.get(c.scholar_id) ?? []), c]);
      return {
        date: day,
        data: scholars.map((s) => {
          const change = planOn(byScholar.get(s.id) ?? [], day);
          return {
            scholar_id: s.id,
            name: `${s.nickname ?? s.fname} ${s.lname}`,
            grade: s.grade,
            homeroom: s.homeroom,
            default_plan: s.dismissal_plan,
            default_detail: s.dismissal_detail,
            plan: change?.plan ?? s.dismissal_plan,
            detail: change ? change.detail : s.dismissal_detail,
            pick_up_name: change?.pick_up_name ?? null,
            change_id: change?.id ?? null,
          };
        }),
      };
    },
  );
};

export default routes;
