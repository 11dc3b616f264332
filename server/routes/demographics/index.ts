/**
 * `v2/demographics`: the scholars. Staff with the permission see every scholar; the scholar portal has its own routes
 * scoped to the signed-in scholar or parent. A photo can come with a create or update as multipart form data.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, ne, notLike } from 'drizzle-orm';
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
  DISMISSAL_MESSAGES,
  GRADES,
  IdParamsSchema,
  MEAL_ELIGIBILITY_PERMISSION,
  MEAL_ELIGIBILITY_UPDATE_PERMISSION,
  MealEligibilityHistoryResponseSchema,
  MealEligibilityUpdateSchema,
  PLANS_WITH_DETAIL,
  ReenrolSchema,
  type StudentNumberHolder,
  singleResponse,
  WithdrawSchema,
} from '../../../src/contract';
import type { Tx } from '../../db/client';
import { demographics, mealEligibilityHistory } from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError, invalid, notFound } from '../../lib/errors';
import { UploadedFileSchema } from '../../lib/files';
import { storePhoto } from '../../lib/photos';
import { ERROR_RESPONSES, eqFilter, iso, type ResourceDefinition, resourceRoutes, updateOne } from '../../lib/resource';
import { ANONYMOUS_SCHOLAR } from '../../lib/scholar-data/erase';
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

/**
 * A scholar's default dismissal plan as kept: a bus gives its route and a program its name (422 on dismissal_detail
 * without one); the other plans keep no detail. `current` is the stored row of an update.
 */
function withDismissalPlan<T extends { dismissal_plan?: string; dismissal_detail?: string | null }>(
  input: T,
  current?: { dismissal_plan: string; dismissal_detail: string | null },
): T {
  if (input.dismissal_plan === undefined && input.dismissal_detail === undefined) return input;
  const plan = input.dismissal_plan ?? current?.dismissal_plan ?? 'pick_up';
  const detail = input.dismissal_detail === undefined ? (current?.dismissal_detail ?? null) : input.dismissal_detail;
  if (!(PLANS_WITH_DETAIL as readonly string[]).includes(plan)) return { ...input, dismissal_detail: null };
  if (!detail) throw invalid('dismissal_detail', DISMISSAL_MESSAGES.detail);
  return { ...input, dismissal_detail: detail };
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

/** The message of a student number held by another scholar (the unique index's own words, plugins/errors.ts). */
const STUDENT_NUMBER_TAKEN = 'This student number is already in use.';

/**
 * Refuses a student number that another scholar holds, naming that scholar (`record`: id, names and number) so the
 * screen can say whose it is and link to them. The unique index still decides when two saves race (422, no record).
 */
async function checkStudentNumberFree(tx: Tx, studentNumber: string | undefined, ownId?: string): Promise<void> {
  if (studentNumber === undefined) return;
  const [holder] = await tx
    .select({
      id: demographics.id,
      fname: demographics.fname,
      lname: demographics.lname,
      student_number: demographics.student_number,
    })
    .from(demographics)
    .where(
      ownId
        ? and(eq(demographics.student_number, studentNumber), ne(demographics.id, ownId))
        : eq(demographics.student_number, studentNumber),
    )
    .limit(1);
  if (!holder) return;
  const record: StudentNumberHolder = holder;
  throw new AppError('validation', STUDENT_NUMBER_TAKEN, {
    errors: { student_number: [STUDENT_NUMBER_TAKEN] },
    record,
  });
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
  // The anonymous records an erase leaves (server/lib/scholar-data/erase.ts) hold an erased scholar's meals and check-ins
  // for the school's counts; they are nobody, so the scholars list never shows them.
  listScope: () => notLike(demographics.student_number, `${ANONYMOUS_SCHOLAR.numberPrefix}%`),
  toRecords: async (rows) => (rows as Row[]).map(toDemographicRecord),
  present: presentDemographic,
  async prepareCreate({ photo, ...input }, { tx, request }) {
    checkEligibilityWrite(request, input, true);
    await checkStudentNumberFree(tx, input.student_number);
    return { ...withDismissalPlan(input), badge_code: newBadgeCode() };
  },
  async prepareUpdate({ photo, ...input }, existing, { tx, request }) {
    checkEligibilityWrite(request, input, false);
    await checkStudentNumberFree(tx, input.student_number, (existing as Row).id);
    const values = withDismissalPlan(
      withEffectiveDate(input, request, existing as { meal_eligibility: string }),
      existing as Row,
    );
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

type EnrolmentChange = Pick<Row, 'active'> & Partial<Pick<Row, 'withdrawn_on' | 'withdrawal_reason' | 'enrolled_on'>>;

/**
 * Withdraws or re-enrols a scholar under a row lock: `change` gives the new values, or null when the scholar is
 * already so (a repeat), which answers the record as it is without writing. The audit event holds before and after.
 */
async function changeEnrolment(
  tx: Tx,
  request: FastifyRequest,
  id: string,
  change: (row: Row) => EnrolmentChange | null,
): Promise<DemographicRecord> {
  const [row] = await tx.select().from(demographics).where(eq(demographics.id, id)).limit(1).for('update');
  if (!row) throw notFound('scholar');
  const values = change(row);
  if (!values) return toDemographicRecord(row);
  const [updated] = await tx
    .update(demographics)
    .set({ ...values, updated_at: new Date().toISOString() })
    .where(eq(demographics.id, id))
    .returning();
  const before = Object.fromEntries(Object.keys(values).map((k) => [k, row[k as keyof Row]]));
  await audit(tx, request, {
    action: 'update',
    resource: 'demographics',
    recordId: id,
    changes: { before, after: values },
  });
  return toDemographicRecord(updated as Row);
}

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
  // Every determination of a scholar's eligibility with its day, the latest first: confidential like the current one.
  app.get(
    '/:id/meal_eligibility_history',
    {
      config: { access: MEAL_ELIGIBILITY_PERMISSION },
      schema: {
        params: IdParamsSchema,
        response: { 200: MealEligibilityHistoryResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const [scholar] = await app.db
        .select({ id: demographics.id })
        .from(demographics)
        .where(eq(demographics.id, request.params.id))
        .limit(1);
      if (!scholar) throw notFound('scholar');
      const rows = await app.db
        .select()
        .from(mealEligibilityHistory)
        .where(eq(mealEligibilityHistory.scholar_id, request.params.id))
        .orderBy(desc(mealEligibilityHistory.effective_from));
      return {
        data: rows.map((r) => ({
          eligibility: r.eligibility,
          effective_from: r.effective_from,
          created_at: iso(r.created_at),
        })),
      };
    },
  );
  // A withdrawal: the record and its history stay, the scholar is no longer active (so off the stations' rosters:
  // the sync keeps active scholars only) with the day and the reason. A repeat answers the record as it is.
  app.post(
    '/:id/withdraw',
    {
      config: { access: 'demographics-update' },
      schema: {
        params: IdParamsSchema,
        body: WithdrawSchema,
        response: { 200: singleResponse(DemographicRecordSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { withdrawn_on, reason } = request.body;
      const record = await app.db.transaction((tx) =>
        changeEnrolment(tx, request, request.params.id, (row) =>
          row.active ? { active: false, withdrawn_on, withdrawal_reason: reason } : null,
        ),
      );
      return { data: presentDemographic(record, request) };
    },
  );
  // A re-enrolment: active again from the day given; the withdrawal's day and reason are cleared (the audit trail
  // keeps them). A repeat, or a scholar who is active, answers the record as it is.
  app.post(
    '/:id/reenrol',
    {
      config: { access: 'demographics-update' },
      schema: {
        params: IdParamsSchema,
        body: ReenrolSchema,
        response: { 200: singleResponse(DemographicRecordSchema), ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const { enrolled_on } = request.body;
      const record = await app.db.transaction((tx) =>
        changeEnrolment(tx, request, request.params.id, (row) => {
          if (row.student_number.startsWith(ANONYMOUS_SCHOLAR.numberPrefix)) {
            throw new AppError('conflict', 'This record holds an erased scholar’s counts and cannot be re-enrolled.');
          }
          return row.active ? null : { active: true, enrolled_on, withdrawn_on: null, withdrawal_reason: null };
        }),
      );
      return { data: presentDemographic(record, request) };
    },
  );
  await app.register(resourceRoutes(demographicsResource));
};

export default routes;
