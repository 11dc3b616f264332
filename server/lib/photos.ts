/**
 * Photo storage: bytes in the photos table with their SHA-256 (the ETag), checked to be the image type they claim by
 * their first bytes. Uploads accept JPEG, PNG and WebP; SVG is only ever written by the demo seed, since an uploaded
 * SVG could carry script. A single upload comes already made smaller by the device (src/ui/photo/resize-photo.ts);
 * the photos of a zip are made smaller here, by `resizePhoto`, to the same rule (PHOTO_MAX_SIDE, PHOTO_QUALITY).
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import sharp from 'sharp';
import { MAX_PHOTO_BYTES, MAX_ZIP_PHOTO_PIXELS, PHOTO_MAX_SIDE, PHOTO_QUALITY, uuidv7 } from '../../src/contract';
import type { Tx } from '../db/client';
import { photos } from '../db/schema';
import type { UploadedFile } from '../plugins/multipart';
import { audit } from './audit';
import { invalid } from './errors';

export type PhotoOwnerType = (typeof photos.$inferInsert)['owner_type'];

/** The image type of some bytes from their signature, or null. */
export function sniffImageType(data: Uint8Array): 'image/jpeg' | 'image/png' | 'image/webp' | null {
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data[0] === 0x89 && data[1] === 0x50 && data[2] === 0x4e && data[3] === 0x47) return 'image/png';
  const riff = String.fromCharCode(...data.subarray(0, 4));
  const webp = String.fromCharCode(...data.subarray(8, 12));
  if (riff === 'RIFF' && webp === 'WEBP') return 'image/webp';
  return null;
}

/** The SHA-256 of some bytes, in hex: a photo's ETag and how an unchanged photo is recognised. */
export const sha256Hex = (data: Uint8Array): string => createHash('sha256').update(data).digest('hex');

/**
 * The photos row for an uploaded photo of an owner (with a new id), and the audit event of its creation; 422 on
 * `field` when it is not an image we accept. `storePhoto` writes one; an import writes many at once.
 */
export function photoRow(
  request: FastifyRequest | null,
  owner: { type: PhotoOwnerType; id: string },
  file: UploadedFile,
  field = 'photo',
): {
  row: typeof photos.$inferInsert & { id: string; sha256: string };
  event: Parameters<typeof audit>[2];
} {
  const type = sniffImageType(file.data);
  if (!type) throw invalid(field, 'The photo must be a JPEG, PNG or WebP image.');
  if (file.data.length > MAX_PHOTO_BYTES) throw invalid(field, 'The photo is larger than 2 MB.');
  const id = uuidv7();
  return {
    row: {
      id,
      owner_type: owner.type,
      owner_id: owner.id,
      content_type: type,
      size: file.data.length,
      sha256: sha256Hex(file.data),
      bytes: file.data,
      created_by: request?.auth?.user.id ?? null,
    },
    event: {
      action: 'create',
      resource: 'photos',
      recordId: id,
      changes: { owner_type: owner.type, owner_id: owner.id, size: file.data.length },
    },
  };
}

export type PhotoRow = ReturnType<typeof photoRow>['row'];

/** Rows per insert statement in `insertPhotoRows`: about a megabyte of photos each. */
const PHOTO_INSERT_ROWS = 10;

/** Inserts many photos rows, a few per statement, so that no one statement holds a whole import's photos. */
export async function insertPhotoRows(tx: Pick<Tx, 'insert'>, rows: PhotoRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += PHOTO_INSERT_ROWS) {
    await tx.insert(photos).values(rows.slice(i, i + PHOTO_INSERT_ROWS));
  }
}

/** Stores an uploaded photo for an owner and answers its id; 422 on `field` when it is not an image we accept. */
export async function storePhoto(
  tx: Tx,
  request: FastifyRequest | null,
  owner: { type: PhotoOwnerType; id: string },
  file: UploadedFile,
  field = 'photo',
): Promise<string> {
  const { row, event } = photoRow(request, owner, file, field);
  await tx.insert(photos).values(row);
  await audit(tx, request, event);
  return row.id;
}

/**
 * Pixels a photo of a zip may have before it is refused undecoded (MAX_ZIP_PHOTO_PIXELS): more than a phone camera's
 * usual picture, and few enough that decoding one stays small on a server that has 400 MB in all.
 */
export const PHOTO_MAX_INPUT_PIXELS = MAX_ZIP_PHOTO_PIXELS;

/** True for sharp's refusal of an image with more pixels than PHOTO_MAX_INPUT_PIXELS. */
export const isPixelLimitError = (error: unknown): boolean =>
  error instanceof Error && /pixel limit/i.test(error.message);

/**
 * A photo made smaller the way the device makes a single upload smaller (src/ui/photo/resize-photo.ts): turned
 * upright by its orientation flag, its longest side at most PHOTO_MAX_SIDE (never enlarged), transparency on white,
 * as a JPEG of PHOTO_QUALITY without the camera's metadata (sharp keeps none unless asked). Rejects when sharp cannot
 * decode the bytes. The same bytes always give the same JPEG, so a zip imported twice is recognised by its hashes.
 */
export async function resizePhoto(data: Uint8Array): Promise<Buffer> {
  return sharp(data, { limitInputPixels: PHOTO_MAX_INPUT_PIXELS, sequentialRead: true })
    .rotate()
    .resize(PHOTO_MAX_SIDE, PHOTO_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: Math.round(PHOTO_QUALITY * 100) })
    .toBuffer();
}
