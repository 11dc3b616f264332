/**
 * Photo storage: bytes in the photos table with their SHA-256 (the ETag), checked to be the image type they claim by
 * their first bytes. Uploads accept JPEG, PNG and WebP; SVG is only ever written by the demo seed, since an uploaded
 * SVG could carry script.
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { MAX_PHOTO_BYTES, uuidv7 } from '../../src/contract';
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

/** Stores an uploaded photo for an owner and answers its id; 422 on `field` when it is not an image we accept. */
export async function storePhoto(
  tx: Tx,
  request: FastifyRequest | null,
  owner: { type: PhotoOwnerType; id: string },
  file: UploadedFile,
  field = 'photo',
): Promise<string> {
  const type = sniffImageType(file.data);
  if (!type) throw invalid(field, 'The photo must be a JPEG, PNG or WebP image.');
  if (file.data.length > MAX_PHOTO_BYTES) throw invalid(field, 'The photo is larger than 2 MB.');
  const id = uuidv7();
  const sha256 = createHash('sha256').update(file.data).digest('hex');
  await tx.insert(photos).values({
    id,
    owner_type: owner.type,
    owner_id: owner.id,
    content_type: type,
    size: file.data.length,
    sha256,
    bytes: file.data,
    created_by: request?.auth?.user.id ?? null,
  });
  await audit(tx, request, {
    action: 'create',
    resource: 'photos',
    recordId: id,
    changes: { owner_type: owner.type, owner_id: owner.id, size: file.data.length },
  });
  return id;
}
