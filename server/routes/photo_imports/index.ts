/**
 * `POST v2/photo_imports` (`roster_imports-create`, the Administrator's): the scholars' photos from a zip, each image
 * named by a scholar's student number or OneRoster sourcedId (the file name without its extension, trimmed, in any
 * case). Each becomes the scholar's photo as a single upload does (`demographics.photo_id` to a new `photos` row),
 * made smaller here to the devices' rule (server/lib/photos.ts `resizePhoto`); the change of `photo_id` reaches the
 * stations through the change log the demographics trigger keeps, and they fetch the new photo by its id.
 *
 * Memory: the zip is read whole (up to MAX_PHOTO_ZIP_BYTES), then unpacked a batch at a time (at most BATCH_FILES
 * photos or BATCH_BYTES unpacked), each photo decoded and resized on its own, outside any transaction; each batch is
 * written in one transaction (its rows locked, its photos inserted, the scholars updated and everything audited in
 * one statement each). A photo whose bytes, or whose resized bytes, hash to the scholar's current photo's SHA-256 is
 * unchanged, so the same zip twice writes nothing the second time.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MAX_PHOTO_ZIP_BYTES,
  MAX_ZIP_FILES,
  MAX_ZIP_PHOTO_BYTES,
  PHOTO_IMPORT_MESSAGES,
  type PhotoImportRefusal,
  PhotoImportResponseSchema,
  type PhotoImportResult,
} from '../../../src/contract';
import type { Db } from '../../db/client';
import { demographics, photos } from '../../db/schema';
import { auditMany } from '../../lib/audit';
import { invalid } from '../../lib/errors';
import {
  insertPhotoRows,
  isPixelLimitError,
  type PhotoRow,
  photoRow,
  resizePhoto,
  sha256Hex,
  sniffImageType,
} from '../../lib/photos';
import { ERROR_RESPONSES } from '../../lib/resource';
import { isUploadedFile, type UploadedFile } from '../../plugins/multipart';
import { extractZipEntries, listZipEntries, type ZipEntry } from './zip-entries';

/** At most this many photos are unpacked, and written in one transaction, at a time. */
export const BATCH_FILES = 50;
/** At most this many bytes of photos (unpacked) are held at a time (one photo larger than it is a batch alone). */
export const BATCH_BYTES = 16 * 1024 * 1024;
/** Student numbers and sourcedIds looked up per query. */
const LOOKUP_CHUNK = 1000;

const ZipFileSchema = z.custom<UploadedFile>(isUploadedFile, { message: 'Choose a zip file.' });

type Scholar = { id: string; student_number: string; sourced_id: string | null };
type Queued = { entry: ZipEntry; scholar: Scholar };

/** HEIF's `ftyp` brands that are HEVC (Apple's HEIC), which sharp's own libvips does not decode; AVIF it does. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/** The brand of an ISO media file (HEIF, AVIF) from its `ftyp` box, or null for anything else. */
function heifBrand(data: Uint8Array): string | null {
  if (data.length < 12 || String.fromCharCode(...data.subarray(4, 8)) !== 'ftyp') return null;
  return String.fromCharCode(...data.subarray(8, 12));
}

/** The scholars whose student number or sourcedId (in any case) is one of these keys (lower-cased). */
async function scholarsByKey(
  db: Db,
  keys: string[],
): Promise<{ byNumber: Map<string, Scholar>; bySourced: Map<string, Scholar> }> {
  const byNumber = new Map<string, Scholar>();
  const bySourced = new Map<string, Scholar>();
  for (let i = 0; i < keys.length; i += LOOKUP_CHUNK) {
    const chunk = keys.slice(i, i + LOOKUP_CHUNK);
    const rows = await db
      .select({ id: demographics.id, student_number: demographics.student_number, sourced_id: demographics.sourced_id })
      .from(demographics)
      .where(
        or(
          inArray(sql`lower(trim(${demographics.student_number}))`, chunk),
          inArray(sql`lower(trim(${demographics.sourced_id}))`, chunk),
        ),
      );
    for (const row of rows) {
      byNumber.set(row.student_number.trim().toLowerCase(), row);
      if (row.sourced_id) bySourced.set(row.sourced_id.trim().toLowerCase(), row);
    }
  }
  return { byNumber, bySourced };
}

/** The queued photos in batches of at most BATCH_FILES files and BATCH_BYTES unpacked bytes. */
function batches(queued: Queued[]): Queued[][] {
  const out: Queued[][] = [];
  let batch: Queued[] = [];
  let bytes = 0;
  for (const item of queued) {
    if (batch.length && (batch.length >= BATCH_FILES || bytes + item.entry.size > BATCH_BYTES)) {
      out.push(batch);
      batch = [];
      bytes = 0;
    }
    batch.push(item);
    bytes += item.entry.size;
  }
  if (batch.length) out.push(batch);
  return out;
}

/** Each scholar's current photo's SHA-256 (absent for a scholar without one). */
async function currentHashes(
  db: Pick<Db, 'select'>,
  ids: string[],
): Promise<Map<string, { photoId: string | null; sha: string | null }>> {
  const rows = await db
    .select({ id: demographics.id, photo_id: demographics.photo_id, sha256: photos.sha256 })
    .from(demographics)
    .leftJoin(photos, and(eq(photos.id, demographics.photo_id), eq(photos.owner_type, 'demographics')))
    .where(inArray(demographics.id, ids));
  return new Map(rows.map((r) => [r.id, { photoId: r.photo_id, sha: r.sha256 }]));
}

type Prepared = { item: Queued; hashes: string[]; resized: Buffer };

/** Reads the zip's photos for its scholars and writes them, batch by batch; answers what became of each file. */
async function importPhotos(
  db: Db,
  request: FastifyRequest,
  zip: Uint8Array,
  entries: ZipEntry[],
): Promise<PhotoImportResult> {
  const result: PhotoImportResult = { updated: 0, unchanged: 0, unmatched: [], refused: [] };
  const refuse = (entry: ZipEntry, code: PhotoImportRefusal) =>
    result.refused.push({ name: entry.path, code, message: PHOTO_IMPORT_MESSAGES[code] });

  const keys = [...new Set(entries.map((e) => e.stem.toLowerCase()).filter(Boolean))];
  const { byNumber, bySourced } = await scholarsByKey(db, keys);
  const queued: Queued[] = [];
  const taken = new Set<string>();
  for (const entry of entries) {
    const key = entry.stem.toLowerCase();
    const scholar = byNumber.get(key) ?? bySourced.get(key);
    if (!scholar) result.unmatched.push(entry.path);
    else if (taken.has(scholar.id)) refuse(entry, 'duplicate');
    else if (entry.size > MAX_ZIP_PHOTO_BYTES) refuse(entry, 'too_large');
    else {
      taken.add(scholar.id);
      queued.push({ entry, scholar });
    }
  }

  for (const batch of batches(queued)) {
    const files = extractZipEntries(
      zip,
      batch.map((q) => q.entry.path),
    );
    const before = await currentHashes(
      db,
      batch.map((q) => q.scholar.id),
    );
    const prepared: Prepared[] = [];
    for (const item of batch) {
      const data = files.get(item.entry.path);
      files.delete(item.entry.path);
      if (!data) {
        refuse(item.entry, 'unreadable');
        continue;
      }
      const brand = heifBrand(data);
      if (!sniffImageType(data) && !brand) {
        refuse(item.entry, 'not_image');
        continue;
      }
      const current = before.get(item.scholar.id)?.sha ?? null;
      const raw = sha256Hex(data);
      if (raw === current) {
        result.unchanged += 1;
        continue;
      }
      let resized: Buffer;
      try {
        resized = await resizePhoto(data);
      } catch (error) {
        refuse(
          item.entry,
          isPixelLimitError(error) ? 'too_large' : brand && HEIC_BRANDS.has(brand) ? 'heic' : 'unreadable',
        );
        continue;
      }
      prepared.push({ item, hashes: [raw, sha256Hex(resized)], resized });
    }
    if (!prepared.length) continue;
    const written = await db.transaction(async (tx) => {
      const ids = prepared.map((p) => p.item.scholar.id);
      // The scholars' rows locked, then their photos read again: another upload may have come in since.
      await tx.select({ id: demographics.id }).from(demographics).where(inArray(demographics.id, ids)).for('update');
      const now = await currentHashes(tx, ids);
      const rows: PhotoRow[] = [];
      const events: Parameters<typeof auditMany>[2] = [];
      const links: { scholar: string; photo: string }[] = [];
      let unchanged = 0;
      for (const { item, hashes, resized } of prepared) {
        const current = now.get(item.scholar.id);
        if (!current) continue; // The scholar was deleted meanwhile: nothing to attach the photo to.
        if (current.sha && hashes.includes(current.sha)) {
          unchanged += 1;
          continue;
        }
        const file = { filename: item.entry.name, mimetype: 'image/jpeg', data: resized };
        const { row, event } = photoRow(request, { type: 'demographics', id: item.scholar.id }, file, 'file');
        rows.push(row);
        events.push(event);
        events.push({
          action: 'update',
          resource: 'demographics',
          recordId: item.scholar.id,
          changes: {
            before: { photo_id: current.photoId },
            after: { photo_id: row.id },
            photo_import: item.entry.path,
          },
        });
        links.push({ scholar: item.scholar.id, photo: row.id });
      }
      if (rows.length) {
        await insertPhotoRows(tx, rows);
        // One statement for the batch; the demographics trigger logs each row's change for the stations' pull.
        const values = sql.join(
          links.map((l) => sql`(${l.scholar}::uuid, ${l.photo}::uuid)`),
          sql`, `,
        );
        await tx.execute(sql`
          update ${demographics} set photo_id = v.photo_id, updated_at = now()
          from (values ${values}) as v(id, photo_id)
          where ${demographics.id} = v.id`);
        await auditMany(tx, request, events);
      }
      return { updated: rows.length, unchanged };
    });
    result.updated += written.updated;
    result.unchanged += written.unchanged;
  }
  return result;
}

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      config: {
        access: 'roster_imports-create',
        // One file up to the zip's limit. A larger one arrives cut short instead of failing the request, so the
        // answer is a 422 on `file` like any other refusal (the server's default for files is the photos' 2 MB).
        multipartOptions: {
          limits: { fileSize: MAX_PHOTO_ZIP_BYTES + 1, files: 1 },
          throwFileSizeLimit: false,
        } as never,
      },
      schema: {
        body: z.object({ file: ZipFileSchema }),
        response: { 200: PhotoImportResponseSchema, ...ERROR_RESPONSES },
      },
    },
    async (request) => {
      const zip = request.body.file.data;
      if (zip.length > MAX_PHOTO_ZIP_BYTES) throw invalid('file', PHOTO_IMPORT_MESSAGES.zipTooLarge);
      const entries = listZipEntries(zip);
      if (!entries) throw invalid('file', PHOTO_IMPORT_MESSAGES.notZip);
      if (entries.length > MAX_ZIP_FILES) throw invalid('file', PHOTO_IMPORT_MESSAGES.tooManyFiles);
      return { data: await importPhotos(app.db, request, zip, entries) };
    },
  );
};

export default routes;
