/**
 * `v2/demographics`: the scholars. Staff with the permission see every scholar; the scholar portal has its own routes
 * scoped to the signed-in scholar or parent. A photo can come with a create or update as multipart form data.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  DEMOGRAPHIC_SORT_FIELDS,
  DemographicCreateSchema,
  type DemographicRecord,
  DemographicRecordSchema,
  DemographicUpdateSchema,
} from '../../../src/contract';
import { demographics } from '../../db/schema';
import { storePhoto } from '../../lib/photos';
import { eqFilter, iso, resourceRoutes } from '../../lib/resource';
import { UploadedFileSchema } from '../../lib/files';
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

const sortFields = Object.fromEntries(DEMOGRAPHIC_SORT_FIELDS.map((f) => [f, demographics[f]]));

export default resourceRoutes({
  name: 'demographics',
  table: demographics,
  idColumn: demographics.id,
  record: DemographicRecordSchema,
  create: DemographicCreateSchema.extend({ photo: UploadedFileSchema.optional() }),
  update: DemographicUpdateSchema.extend({ photo: UploadedFileSchema.optional() }),
  sortFields,
  defaultSort: 'lname',
  filters: {
    grade: eqFilter(demographics.grade),
    homeroom: eqFilter(demographics.homeroom),
    program: eqFilter(demographics.program),
    badge_code: eqFilter(demographics.badge_code),
    active: eqFilter(demographics.active, 'boolean'),
  },
  searchColumns: [demographics.fname, demographics.lname, demographics.nickname, demographics.student_number],
  toRecords: async (rows) => (rows as Row[]).map(toDemographicRecord),
  prepareCreate: ({ photo, ...input }) => ({ ...input, badge_code: newBadgeCode() }),
  prepareUpdate: ({ photo, ...input }) => input,
  async afterWrite(id, input, { tx, request }) {
    const photo = (input as { photo?: unknown }).photo;
    if (!isUploadedFile(photo)) return;
    const photoId = await storePhoto(tx, request, { type: 'demographics', id }, photo);
    await tx.update(demographics).set({ photo_id: photoId }).where(eq(demographics.id, id));
  },
  remove: 'deactivate',
});
