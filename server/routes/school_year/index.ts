/**
 * `v2/school_year`: the school's year dates, and the start of a new year (previewed first, then applied once), for
 * administrators (`school_settings-update`). What a new year does is in new-year.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorResponseSchema,
  SchoolYearAppliedResponseSchema,
  SchoolYearApplySchema,
  SchoolYearDatesResponseSchema,
  SchoolYearPreviewResponseSchema,
  SchoolYearPreviewSchema,
} from '../../../src/contract';
import { ERROR_RESPONSES } from '../../lib/resource';
import { schoolDay } from '../../lib/school-day';
import { applyYear, currentYear, planYear } from './new-year';

const errors = { ...ERROR_RESPONSES, 409: ErrorResponseSchema };
const ACCESS = 'school_settings-update';

const routes: FastifyPluginAsyncZod = async (app) => {
  const today = () => schoolDay(new Date(), app.school.timeZone);

  app.get(
    '/',
    { config: { access: ACCESS }, schema: { response: { 200: SchoolYearDatesResponseSchema, ...errors } } },
    async () => {
      const { starts_on, ends_on } = await currentYear(app.db);
      return { data: { starts_on, ends_on } };
    },
  );

  // What the new year would do; writes nothing.
  app.post(
    '/preview',
    {
      config: { access: ACCESS },
      schema: { body: SchoolYearPreviewSchema, response: { 200: SchoolYearPreviewResponseSchema, ...errors } },
    },
    async (request) => ({ data: await planYear(app.db, request.body, today()) }),
  );

  // Starts it, in one transaction: 201 with what was done, or 200 with the stored result for an id already applied.
  app.post(
    '/',
    {
      config: { access: ACCESS },
      schema: {
        body: SchoolYearApplySchema,
        response: { 200: SchoolYearAppliedResponseSchema, 201: SchoolYearAppliedResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { result, created } = await app.db.transaction((tx) => applyYear(tx, request, request.body, today()));
      reply.code(created ? 201 : 200);
      return { data: result };
    },
  );
};

export default routes;
