import { z } from 'zod';

export const PHOTO_OWNER_TYPES = ['demographics', 'users', 'authorized_pick_ups'] as const;
export const PhotoOwnerTypeSchema = z.enum(PHOTO_OWNER_TYPES);
export const PHOTO_CONTENT_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/svg+xml'] as const;
/** Photos are made smaller on the device before upload; this is the ceiling the server accepts. */
export const MAX_PHOTO_BYTES = 2 * 1024 * 1024;
/**
 * How a kept photo is made: its longest side at most this many pixels (never enlarged), as a JPEG of this quality
 * (0-1). The device applies it before a single upload (src/ui/photo/resize-photo.ts), the server to the photos of
 * a zip (server/lib/photos.ts), so both kinds of upload keep the same picture.
 */
export const PHOTO_MAX_SIDE = 640;
export const PHOTO_QUALITY = 0.85;

export const PhotoRecordSchema = z.object({
  id: z.string(),
  owner_type: PhotoOwnerTypeSchema,
  owner_id: z.string(),
  content_type: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  created_at: z.string(),
});
export type PhotoRecord = z.infer<typeof PhotoRecordSchema>;
