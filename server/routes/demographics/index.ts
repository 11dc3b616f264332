/**
 * `v2/demographics`: the scholars. Staff with the permission see every scholar; the scholar portal has its own routes
 * scoped to the signed-in scholar or parent. A photo can come with a create or update as multipart form data.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, gt, ne } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BadgeParamsSchema,
  DEMOGRAPHIC_SORT_FIELDS,
  type DemographicCreate,
  DemographicCreateSchema,
  type DemographicRecord,
  DemographicRecordSchema,
  type DemographicUpdate,
  DemographicUpdateSchema,
  GRADES,
  IdParamsSchema,
  MEAL_ELIGIBILITY_PERMISSION,
  MEAL_ELIGIBILITY_UPDATE_PERMISSION,
  MealEligibilityUpdateSchema,
  singleResponse,
} from '../../../src/contract';
import type { Tx } from '../../db/client';
import { demographics, mealEligibilityHistory } from '../../db/schema';
import { AppError, invalid, notFound } from '../../lib/errors';
import { UploadedFileSchema } from '../../lib/files';
import { storePhoto } from '../../lib/photos';
import { ERROR_RESPONSES, eqFilter, iso, type ResourceDefinition, resourceRoutes, updateOne } from '../../lib/resource';
import { schoolDay } from '../../lib/school-day';
import { can } from '../../plugins/access';
import { isUploadedFile } from '../../plugins/multipart';

type Row = typeof demographics.$inferSelect;

const BASE32 = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** An opaque badge code for the QR card: random, no personal data. */
export function newBadgeCode(): string {
  return Array.from(randomBytes(12), (b) => BASE32[b % BASE32.length]).join('');
}

/** A stored row as the API answers it. */
export function toDemographicRecord(row: Row): DemographicRecord {
  return {
    ...row,
    grade: row.grade as DemographicRecord['grade'],
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

/** The record as this caller may see it: without meal eligibility unless they may see it (DESIGN section 7). */
export function presentDemographic(record: DemographicRecord, request: FastifyRequest): DemographicRecord {
  if (can(request, MEAL_ELIGIBILITY_PERMISSION)) return record;
  const { meal_eligibility, meal_eligibility_effective, ...rest } = record;
  void meal_eligibility;
  void meal_eligibility_effective;
  return rest;
}

/**
 * A change of eligibility without its own effective date takes effect on today's school day, so that the history a
 * trigger keeps (migration 0005) gets a new row instead of rewriting the previous determination's.
 */
function withEffectiveDate<T extends { meal_eligibility?: string; meal_eligibility_effective?: string | null }>(
  input: T,
  request: FastifyRequest,
  current: { meal_eligibility: string },
): T {
  const changes = input.meal_eligibility !== undefined && input.meal_eligibility !== current.meal_eligibility;
  if (!changes || input.meal_eligibility_effective) return input;
  return { ...input, meal_eligibility_effective: schoolDay(new Date(), request.server.school.timeZone) };
}

/**
 * Refuses a determination that a later one on file of another category would contradict: the history keeps every
 * row (migration 0005's trigger), so a category backdated before it would show on the scholar while the claim counts
 * the later row from its date on. Moving the current determination's date earlier keeps its category and passes.
 */
async function checkNoLaterDetermination(
  tx: Tx,
  existing: Row,
  input: { meal_eligibility?: string; meal_eligibility_effective?: string | null },
): Promise<void> {
  if (input.meal_eligibility === undefined && input.meal_eligibility_effective === undefined) return;
  const eligibility = (input.meal_eligibility ?? existing.meal_eligibility) as Row['meal_eligibility'];
  const from = input.meal_eligibility_effective ?? existing.meal_eligibility_effective;
  if (!from) return;
  const [later] = await tx
    .select({ effective_from: mealEligibilityHistory.effective_from, eligibility: mealEligibilityHistory.eligibility })
    .from(mealEligibilityHistory)
    .where(
      and(
        eq(mealEligibilityHistory.scholar_id, existing.id),
        gt(mealEligibilityHistory.effective_from, from),
        ne(mealEligibilityHistory.eligibility, eligibility),
      ),
    )
    .limit(1);
  if (later) {
    throw invalid(
      'meal_eligibility_effective',
      `A determination of ${later.eligibility} takes effect on ${later.effective_from}; a new one takes effect on or after that day.`,
    );
  }
}

/**
 * A scholar's eligibility is written only by those who keep it (MEAL_ELIGIBILITY_UPDATE_PERMISSION): a create by
 * anyone else stays at the default, paid (no benefit without a determination), and an update may not touch it.
 */
function checkEligibilityWrite(
  request: FastifyRequest,
  input: { meal_eligibility?: string; meal_eligibility_effective?: string | null },
  created: boolean,
): void {
  const touches = created
    ? (input.meal_eligibility ?? 'paid') !== 'paid' || !!input.meal_eligibility_effective
    : input.meal_eligibility !== undefined || input.meal_eligibility_effective !== undefined;
  if (touches && !can(request, MEAL_ELIGIBILITY_UPDATE_PERMISSION)) {
    throw new AppError('forbidden', 'Only those who keep meal eligibility may change it.');
  }
}

const sortFields = Object.fromEntries(DEMOGRAPHIC_SORT_FIELDS.map((f) => [f, demographics[f]]));

const demographicsResource = {
  name: 'demographics',
  table: demographics,
  idColumn: demographics.id,
  record: DemographicRecordSchema,
  create: DemographicCreateSchema.extend({ photo: UploadedFileSchema.optional() }),
  update: DemographicUpdateSchema.extend({ photo: UploadedFileSchema.optional() }),
  sortFields,
  defaultSort: 'lname',
  filters: {
    grade: eqFilter(demographics.grade, GRADES),
    homeroom: eqFilter(demographics.homeroom),
    program: eqFilter(demographics.program),
    badge_code: (value: string) => eq(demographics.badge_code, badgeKey(value)),
    active: eqFilter(demographics.active, 'boolean'),
  },
  searchColumns: [demographics.fname, demographics.lname, demographics.nickname, demographics.student_number],
  toRecords: async (rows) => (rows as Row[]).map(toDemographicRecord),
  present: presentDemographic,
  prepareCreate: ({ photo, ...input }, { request }) => {
    checkEligibilityWrite(request, input, true);
    return { ...input, badge_code: newBadgeCode() };
  },
  async prepareUpdate({ photo, ...input }, existing, { tx, request }) {
    checkEligibilityWrite(request, input, false);
    const values = withEffectiveDate(input, request, existing as { meal_eligibility: string });
    await checkNoLaterDetermination(tx, existing as Row, values);
    return values;
  },
  async afterWrite(id, input, { tx, request }) {
    const photo = (input as { photo?: unknown }).photo;
    if (!isUploadedFile(photo)) return;
    const photoId = await storePhoto(tx, request, { type: 'demographics', id }, photo);
    await tx.update(demographics).set({ photo_id: photoId }).where(eq(demographics.id, id));
  },
  remove: 'deactivate',
} satisfies ResourceDefinition<
  DemographicRecord,
  DemographicCreate & { photo?: unknown },
  DemographicUpdate & { photo?: unknown }
>;

/** A badge code as scanned or typed: spaces around it dropped, letters upper-cased (the codes are upper-case). */
export const badgeKey = (code: string) => code.trim().toUpperCase();

const routes: FastifyPluginAsyncZod = async (app) => {
  // The scan at the kiosk and the pick-up line (F4, F5) when a device has no roster yet; the roster a device pulls
  // carries every badge_code, so a scan works offline too. Same permission as reading one scholar.
  app.get(
    '/by_badge/:code',
    {
      config: { access: 'demographics-view' },
      schema: {
        params: BadgeParamsSchema,
        response: { 200: singleResponse(DemographicRecordSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const [row] = await app.db
        .select()
        .from(demographics)
        .where(eq(demographics.badge_code, badgeKey(request.params.code)))
        .limit(1);
      if (!row) throw notFound('badge');
      return { data: presentDemographic(toDemographicRecord(row), request) };
    },
  );
  // The food service manager's way to record a determination: the eligibility alone, without the right to change
  // the rest of a scholar's record.
  app.post(
    '/:id/meal_eligibility',
    {
      config: { access: MEAL_ELIGIBILITY_UPDATE_PERMISSION },
      schema: {
        params: IdParamsSchema,
        body: MealEligibilityUpdateSchema,
        response: { 200: singleResponse(DemographicRecordSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const record = await app.db.transaction((tx) =>
        updateOne(demographicsResource, { tx, request }, request.params.id, request.body),
      );
      return { data: presentDemographic(record, request) };
    },
  );
  await app.register(resourceRoutes(demographicsResource));
};

export default routes;
