/**
 * `POST v2/photo_imports`: the scholars' photos from a zip (multipart, field `file`), each image named by the
 * scholar's student number or OneRoster sourcedId (the file name without its extension, in any case; folders' names
 * do not count). Each becomes the scholar's photo, made smaller on the server as a single upload is on the device.
 */
import { z } from 'zod';

/**
 * The largest zip the server takes. The server reads the upload whole before unpacking it, and keeps it while it
 * unpacks the photos a few at a time; 100 MB holds 700 photos of 140 kB and stays within the server's 400 MB.
 */
export const MAX_PHOTO_ZIP_BYTES = 100 * 1024 * 1024;
/** The largest photo of a zip (unpacked): a phone camera's picture is a few megabytes. */
export const MAX_ZIP_PHOTO_BYTES = 20 * 1024 * 1024;
/** The most pixels a photo of a zip may have (a 12-megapixel phone picture has a quarter of them). */
export const MAX_ZIP_PHOTO_PIXELS = 50_000_000;

/** The most files a zip may hold (folders and what archivers add not counted). */
export const MAX_ZIP_FILES = 20_000;

/** Why a file of the zip was not used: the screen words each in the reader's language. */
export const PHOTO_IMPORT_REFUSALS = ['not_image', 'too_large', 'unreadable', 'heic', 'duplicate'] as const;
export type PhotoImportRefusal = (typeof PHOTO_IMPORT_REFUSALS)[number];

/** The server's English for each refusal (the `message` of a refused file). */
export const PHOTO_IMPORT_MESSAGES = {
  notZip: 'The file is not a zip file.',
  zipTooLarge: `The zip is larger than ${MAX_PHOTO_ZIP_BYTES / 1024 / 1024} MB.`,
  tooManyFiles: `The zip holds more than ${MAX_ZIP_FILES.toLocaleString('en-US')} files.`,
  not_image: 'Not a JPEG, PNG, WebP or HEIC image.',
  too_large: `Larger than ${MAX_ZIP_PHOTO_BYTES / 1024 / 1024} MB or ${MAX_ZIP_PHOTO_PIXELS / 1_000_000} megapixels.`,
  unreadable: 'The image cannot be read (it may be damaged).',
  heic: 'This server cannot read HEIC images: save the photo as JPEG.',
  duplicate: 'Another file of the zip is already this scholar’s photo.',
} as const satisfies Record<PhotoImportRefusal | 'notZip' | 'zipTooLarge' | 'tooManyFiles', string>;

export const PhotoImportRefusedSchema = z.object({
  /** The file's path inside the zip. */
  name: z.string(),
  code: z.enum(PHOTO_IMPORT_REFUSALS),
  message: z.string(),
});
export type PhotoImportRefused = z.infer<typeof PhotoImportRefusedSchema>;

export const PhotoImportResultSchema = z.object({
  /** Scholars whose photo is now the zip's. */
  updated: z.number().int(),
  /** Scholars whose photo already was this image (the same hash): nothing written. */
  unchanged: z.number().int(),
  /** Files whose name is no scholar's student number or sourcedId. */
  unmatched: z.array(z.string()),
  refused: z.array(PhotoImportRefusedSchema),
});
export type PhotoImportResult = z.infer<typeof PhotoImportResultSchema>;

export const PhotoImportResponseSchema = z.object({ data: PhotoImportResultSchema });
