/**
 * `v2/meal_eligibility_imports` (`meal_eligibility-update`): scholars' meal eligibility determinations from a CSV.
 * `POST /` answers a preview (201) and writes nothing; `POST /{id}/apply` takes the same file again and writes it
 * in one transaction. The preview is not stored (no table holds it, and an in-memory one would be lost on a restart
 * and unknown to another instance): its id is the file's SHA-256, so the apply knows the file is the one previewed,
 * and it plans again against the records as they are then (docs/decisions/007-meal-eligibility-import-stateless.md).
 * The rules of the file are in read-csv.ts, what it changes in plan.ts.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorResponseSchema,
  MAX_MEAL_IMPORT_BYTES,
  MEAL_ELIGIBILITY_PERMISSION,
  MEAL_ELIGIBILITY_UPDATE_PERMISSION,
  MEAL_IMPORT_MESSAGES,
  MealImportParamsSchema,
  MealImportResponseSchema,
} from '../../../src/contract';
import { AppError, invalid } from '../../lib/errors';
import { sha256Hex } from '../../lib/photos';
import { ERROR_RESPONSES } from '../../lib/resource';
import { can } from '../../plugins/access';
import { isUploadedFile, type UploadedFile } from '../../plugins/multipart';
import { applyPlan, planImport, summary } from './plan';
import { readMealEligibilityCsv } from './read-csv';

const CsvFileSchema = z.custom<UploadedFile>(isUploadedFile, { message: 'Choose a CSV file.' });
const body = z.object({ file: CsvFileSchema });

const config = {
  access: MEAL_ELIGIBILITY_UPDATE_PERMISSION,
  // One file up to the limit; a larger one arrives cut short, so the answer is a 422 on `file` (not the 413 the
  // photos' 2 MB default would give).
  multipartOptions: { limits: { fileSize: MAX_MEAL_IMPORT_BYTES + 1, files: 1 }, throwFileSizeLimit: false } as never,
};

/** The file's bytes, refused on `file` when larger than the limit. */
function bytesOf(file: UploadedFile): Buffer {
  if (file.data.length > MAX_MEAL_IMPORT_BYTES) throw invalid('file', MEAL_IMPORT_MESSAGES.tooLarge);
  return file.data;
}

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      config,
      schema: { body, response: { 201: MealImportResponseSchema, ...ERROR_RESPONSES } },
    },
    async (request, reply) => {
      const data = bytesOf(request.body.file);
      const file = readMealEligibilityCsv(data);
      // Read in a transaction so the scholars and their histories are one consistent picture; nothing is written.
      const plan = await app.db.transaction((tx) => planImport(tx, file));
      const mayView = can(request, MEAL_ELIGIBILITY_PERMISSION);
      return reply.status(201).send({ data: summary(sha256Hex(data), 'previewed', file, plan, mayView) });
    },
  );

  app.post(
    '/:id/apply',
    {
      config,
      schema: {
        params: MealImportParamsSchema,
        body,
        response: { 200: MealImportResponseSchema, ...ERROR_RESPONSES, 409: ErrorResponseSchema },
      },
    },
    async (request) => {
      const data = bytesOf(request.body.file);
      const sha = sha256Hex(data);
      if (sha !== request.params.id) throw new AppError('conflict', MEAL_IMPORT_MESSAGES.changed);
      const file = readMealEligibilityCsv(data);
      const plan = await app.db.transaction(async (tx) => {
        const planned = await planImport(tx, file, { lock: true });
        await applyPlan(tx, request, planned, sha);
        return planned;
      });
      return { data: summary(sha, 'applied', file, plan, can(request, MEAL_ELIGIBILITY_PERMISSION)) };
    },
  );
};

export default routes;
