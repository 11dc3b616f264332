/**
 * `v2/authorized_pick_ups`: the adults who may pick a scholar up, or who must not (status not_authorized, a custody
 * order), each with a photo for the pick-up line (F5). The front office keeps them; the pick-up line pulls them for
 * offline use (sync pull) and the sign-out checks them (check_ins). Create and update take JSON or multipart form
 * data with a `photo` file; `POST batch` makes one row per sibling sharing one photo. A photo that no row uses any
 * more is deleted with the last row that used it, so an adult's picture does not outlive their authorization.
 */
import { and, eq, gte, inArray, isNull, lte, notExists, or, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTHORIZED_PICK_UP_SORT_FIELDS,
  type AuthorizedPickUpBatchCreate,
  AuthorizedPickUpBatchFieldsSchema,
  type AuthorizedPickUpCreate,
  AuthorizedPickUpCreateFieldsSchema,
  type AuthorizedPickUpRecord,
  AuthorizedPickUpRecordSchema,
  type AuthorizedPickUpUpdate,
  AuthorizedPickUpUpdateSchema,
  checkPickUpBatchRules,
  checkPickUpRules,
  ErrorResponseSchema,
  PICK_UP_STATUSES,
  pickUpRuleErrors,
  uuidv7,
} from '../../../src/contract';
import type { Tx } from '../../db/client';
import { authorizedPickUps, demographics, photos } from '../../db/schema';
import { auditMany } from '../../lib/audit';
import { AppError, invalid } from '../../lib/errors';
import { UploadedFileSchema } from '../../lib/files';
import { storePhoto } from '../../lib/photos';
import { eqFilter, filterDate, iso, type ResourceDefinition, resourceRoutes, uuidFilter } from '../../lib/resource';
import { isUploadedFile, type UploadedFile } from '../../plugins/multipart';

type Row = typeof authorizedPickUps.$inferSelect;
type NewRow = typeof authorizedPickUps.$inferInsert;
type WithPhoto<T> = T & { photo?: UploadedFile };

/** A stored row as the API answers it. */
export const toPickUpRecord = (row: Row): AuthorizedPickUpRecord => ({
  ...row,
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});

/** 422 on `photo_id` unless it names a stored pick-up adult's photo (never a scholar's or a user's). */
async function assertPickUpPhoto(tx: Tx, photoId: string | null | undefined): Promise<void> {
  if (!photoId) return;
  const [found] = await tx
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.id, photoId), eq(photos.owner_type, 'authorized_pick_ups')));
  if (!found) throw invalid('photo_id', 'No such photo.');
}

/** Deletes those of these pick-up photos that no pick-up adult uses any more. */
export async function dropUnusedPickUpPhotos(tx: Tx, photoIds: (string | null | undefined)[]): Promise<void> {
  const ids = [...new Set(photoIds.filter((id): id is string => Boolean(id)))];
  if (!ids.length) return;
  await tx
    .delete(photos)
    .where(
      and(
        inArray(photos.id, ids),
        eq(photos.owner_type, 'authorized_pick_ups'),
        notExists(
          tx
            .select({ id: authorizedPickUps.id })
            .from(authorizedPickUps)
            .where(eq(authorizedPickUps.photo_id, photos.id)),
        ),
      ),
    );
}

/** What one adult's fields are, for comparing a replayed create with the stored row. */
const CONTENT_FIELDS = [
  'scholar_id',
  'full_name',
  'relationship',
  'phone',
  'status',
  'notes',
  'valid_from',
  'valid_until',
  'active',
] as const;
const sameContent = (input: Partial<Record<string, unknown>>, record: AuthorizedPickUpRecord) =>
  CONTENT_FIELDS.every((f) => (input[f] ?? null) === (record[f] ?? null));

/** `filter[valid_on]=YYYY-MM-DD`: who may pick up that day (active, authorized, within their dates). */
function validOn(value: string): SQL | undefined {
  const day = filterDate('valid_on', value);
  return and(
    eq(authorizedPickUps.active, true),
    eq(authorizedPickUps.status, 'authorized'),
    or(isNull(authorizedPickUps.valid_from), lte(authorizedPickUps.valid_from, day)),
    or(isNull(authorizedPickUps.valid_until), gte(authorizedPickUps.valid_until, day)),
  );
}

function statusFilter(value: string): SQL {
  if (!(PICK_UP_STATUSES as readonly string[]).includes(value)) {
    throw invalid('filter.status', `Filter by one of: ${PICK_UP_STATUSES.join(', ')}.`);
  }
  return eq(authorizedPickUps.status, value as Row['status']);
}

const CreateBody = AuthorizedPickUpCreateFieldsSchema.extend({ photo: UploadedFileSchema.optional() }).superRefine(
  checkPickUpRules,
);
const UpdateBody = AuthorizedPickUpUpdateSchema.extend({ photo: UploadedFileSchema.optional() });
const BatchBody = AuthorizedPickUpBatchFieldsSchema.extend({ photo: UploadedFileSchema.optional() }).superRefine(
  checkPickUpBatchRules,
);

/** Stores an uploaded photo for a pick-up adult and points the row at it. */
async function attachPhoto(tx: Tx, request: FastifyRequest, id: string, photo: UploadedFile): Promise<string> {
  const photoId = await storePhoto(tx, request, { type: 'authorized_pick_ups', id }, photo);
  await tx.update(authorizedPickUps).set({ photo_id: photoId }).where(eq(authorizedPickUps.id, id));
  return photoId;
}

export const authorizedPickUpsResource: ResourceDefinition<
  AuthorizedPickUpRecord,
  WithPhoto<AuthorizedPickUpCreate>,
  WithPhoto<AuthorizedPickUpUpdate>
> = {
  name: 'authorized_pick_ups',
  table: authorizedPickUps,
  idColumn: authorizedPickUps.id,
  record: AuthorizedPickUpRecordSchema,
  create: CreateBody,
  update: UpdateBody,
  sortFields: Object.fromEntries(AUTHORIZED_PICK_UP_SORT_FIELDS.map((f) => [f, authorizedPickUps[f]])),
  defaultSort: 'full_name',
  filters: {
    scholar_id: uuidFilter(authorizedPickUps.scholar_id),
    status: statusFilter,
    active: eqFilter(authorizedPickUps.active, 'boolean'),
    valid_on: validOn,
  },
  searchColumns: [authorizedPickUps.full_name],
  toRecords: async (rows) => (rows as Row[]).map(toPickUpRecord),
  async prepareCreate({ photo, ...input }, { tx }) {
    if (!photo) await assertPickUpPhoto(tx, input.photo_id);
    return { ...input, photo_id: photo ? null : (input.photo_id ?? null) };
  },
  async prepareUpdate({ photo, ...input }, existing, { tx }) {
    const merged = {
      ...(existing as Row),
      ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)),
    };
    const [field, message] = Object.entries(pickUpRuleErrors(merged))[0] ?? [];
    if (field && message) throw invalid(field, message);
    if (!photo && input.photo_id) await assertPickUpPhoto(tx, input.photo_id);
    return photo ? { ...input, photo_id: undefined } : input;
  },
  async afterWrite(id, input, { tx, request, existing }) {
    const photo = (input as { photo?: unknown }).photo;
    if (isUploadedFile(photo)) await attachPhoto(tx, request, id, photo);
    // A replaced photo goes once no sibling's row shows it any more.
    const before = (existing as Row | undefined)?.photo_id;
    if (before && (isUploadedFile(photo) || (input as { photo_id?: unknown }).photo_id !== undefined)) {
      await dropUnusedPickUpPhotos(tx, [before]);
    }
  },
  async afterDelete(_id, { tx, existing }) {
    await dropUnusedPickUpPhotos(tx, [(existing as Row).photo_id]);
  },
  remove: 'delete',
  sameAs: sameContent,
};

const BatchResponse = z.object({ data: z.array(AuthorizedPickUpRecordSchema) });
const errors = {
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  409: ErrorResponseSchema,
  422: ErrorResponseSchema,
};

/**
 * One adult for several siblings at once: a row per scholar, all showing one photo, in one transaction. With the
 * client's `ids`, the same batch again answers the stored rows (200); a different one under those ids, 409.
 */
async function createBatch(
  tx: Tx,
  request: FastifyRequest,
  { ids, scholar_ids, photo, ...shared }: WithPhoto<AuthorizedPickUpBatchCreate>,
): Promise<{ records: AuthorizedPickUpRecord[]; created: boolean }> {
  if (ids) {
    const stored = new Map(
      (await tx.select().from(authorizedPickUps).where(inArray(authorizedPickUps.id, ids))).map((r) => [r.id, r]),
    );
    if (stored.size) {
      const records = ids.map((id) => stored.get(id));
      const differs = records.findIndex(
        (r, i) => !r || !sameContent({ ...shared, scholar_id: scholar_ids[i] }, toPickUpRecord(r)),
      );
      if (differs >= 0) {
        const shown = records[differs] ?? [...stored.values()][0];
        throw new AppError('conflict', 'A different record with this id exists.', {
          record: shown ? toPickUpRecord(shown) : undefined,
        });
      }
      return { records: records.map((r) => toPickUpRecord(r as Row)), created: false };
    }
  }
  const known = new Set(
    (await tx.select({ id: demographics.id }).from(demographics).where(inArray(demographics.id, scholar_ids))).map(
      (r) => r.id,
    ),
  );
  const missing = scholar_ids.findIndex((id) => !known.has(id));
  if (missing >= 0) throw invalid(`scholar_ids.${missing}`, 'No such record.');
  const rowIds = ids ?? scholar_ids.map(() => uuidv7());
  const owner = rowIds[0] as string;
  let photoId = shared.photo_id ?? null;
  if (photo) photoId = await storePhoto(tx, request, { type: 'authorized_pick_ups', id: owner }, photo);
  else await assertPickUpPhoto(tx, photoId);
  const rows: NewRow[] = scholar_ids.map((scholarId, i) => ({
    ...shared,
    id: rowIds[i] as string,
    scholar_id: scholarId,
    photo_id: photoId,
  }));
  await tx.insert(authorizedPickUps).values(rows);
  await auditMany(
    tx,
    request,
    rows.map((r) => ({ action: 'create' as const, resource: 'authorized_pick_ups', recordId: r.id, changes: r })),
  );
  const byId = new Map(
    (await tx.select().from(authorizedPickUps).where(inArray(authorizedPickUps.id, rowIds))).map((r) => [r.id, r]),
  );
  return { records: rowIds.map((id) => toPickUpRecord(byId.get(id) as Row)), created: true };
}

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/batch',
    {
      config: { access: 'authorized_pick_ups-create' },
      schema: { body: BatchBody, response: { 200: BatchResponse, 201: BatchResponse, ...errors } },
    },
    async (request, reply) => {
      const { records, created } = await app.db.transaction((tx) => createBatch(tx, request, request.body));
      return reply.status(created ? 201 : 200).send({ data: records });
    },
  );
  await app.register(resourceRoutes(authorizedPickUpsResource));
};

export default routes;
