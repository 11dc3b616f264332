/**
 * The portal's side of the Independent Study Learning Agreements, registered under
 * `v2/scholar`: a scholar or a parent reads the agreements of their own scholars (drafts are the staff's), signs the
 * one waiting for them (a scholar's account as the scholar, a parent's, on their own phone or through the parent login
 * on the scholar's, as the parent) and downloads the signed PDF. An agreement of a scholar outside the caller's scope
 * answers 404, like the rest of the portal (lib/scholar-scope.ts).
 */
import { and, desc, eq, ne } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AgreementResponseSchema,
  IdParamsSchema,
  PortalAgreementsResponseSchema,
  PortalScholarParamsSchema,
  SIGNATURE_MESSAGES,
  SignBodySchema,
} from '../../../src/contract';
import { independentStudyAgreements } from '../../db/schema';
import { renderAgreementPdf } from '../../lib/agreement-pdf';
import { AppError, notFound } from '../../lib/errors';
import { ERROR_RESPONSES } from '../../lib/resource';
import { scholarInScope } from '../../lib/scholar-scope';
import { schoolDay } from '../../lib/school-day';
import { agreementById, detailOf, evidenceOf, roleOf, signAgreement } from './agreements';
import { auditSignature } from './audit-signature';

const PORTAL = { access: 'signed_in', userTypes: ['student', 'parent'] } as const;
const errors = ERROR_RESPONSES;

const routes: FastifyPluginAsyncZod = async (app) => {
  const school = app.school;
  const today = () => schoolDay(new Date(), school.timeZone);

  /** A sent agreement of one of the caller's scholars, or 404. */
  const visible = async (request: Parameters<typeof scholarInScope>[1], id: string) => {
    const row = await agreementById(app.db, id);
    if (row.state === 'draft') throw notFound('agreement');
    await scholarInScope(app.db, request, row.scholar_id);
    return row;
  };

  app.get(
    '/scholars/:id/independent_study',
    {
      config: PORTAL,
      schema: { params: PortalScholarParamsSchema, response: { 200: PortalAgreementsResponseSchema, ...errors } },
    },
    async (request) => {
      const scholar = await scholarInScope(app.db, request, request.params.id);
      const rows = await app.db
        .select()
        .from(independentStudyAgreements)
        .where(
          and(eq(independentStudyAgreements.scholar_id, scholar.id), ne(independentStudyAgreements.state, 'draft')),
        )
        .orderBy(desc(independentStudyAgreements.begins_on), desc(independentStudyAgreements.id));
      const day = today();
      return { data: await Promise.all(rows.map((r) => detailOf(app.db, r, day))) };
    },
  );

  app.post(
    '/independent_study/:id/sign',
    {
      config: PORTAL,
      schema: { params: IdParamsSchema, body: SignBodySchema, response: { 200: AgreementResponseSchema, ...errors } },
    },
    async (request) => {
      const user = request.auth?.user as { id: string; type: string };
      await visible(request, request.params.id);
      const evidence = evidenceOf(request);
      const row = await app.db.transaction(async (tx) => {
        const current = await agreementById(tx, request.params.id, true);
        const role = roleOf(user.type);
        const signed = await signAgreement(tx, current, role, user.id, request.body, evidence, { request });
        await auditSignature(tx, request, current.id, role, signed);
        return agreementById(tx, current.id);
      });
      return { data: await detailOf(app.db, row, today()) };
    },
  );

  app.get(
    '/independent_study/:id/pdf',
    {
      config: PORTAL,
      schema: { params: IdParamsSchema, response: { 200: z.any(), ...errors } },
    },
    async (request, reply) => {
      const row = await visible(request, request.params.id);
      if (row.state !== 'signed') throw new AppError('conflict', SIGNATURE_MESSAGES.pdfNotSigned);
      const detail = await detailOf(app.db, row, today());
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="independent-study-${detail.student_number}.pdf"`)
        .send(Buffer.from(await renderAgreementPdf(detail, school.timeZone)));
    },
  );
};

export default routes;
