/**
 * Multipart form data, as Laravel-style clients send updates with a photo (`_method: 'PATCH'`). Fields become plain
 * values (`name[]` repeated becomes an array), files become `{filename, mimetype, data}`, so the route's zod schema
 * validates a multipart body exactly as it validates JSON.
 */
import multipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MAX_PHOTO_BYTES } from '../../src/contract';

export interface UploadedFile {
  filename: string;
  mimetype: string;
  data: Buffer;
}

/** True for the normalised file objects this plugin puts into a body. */
export function isUploadedFile(value: unknown): value is UploadedFile {
  return typeof value === 'object' && value !== null && Buffer.isBuffer((value as UploadedFile).data);
}

/** Multipart requests whose body was read whole (the parts became `request.body`). */
const read = new WeakSet<FastifyRequest>();

/**
 * True for a multipart request whose body could not be read (no boundary, a broken part header, the form ending
 * early): the reading failed before the route's validation, so what failed is the caller's body (400, not 500).
 */
export function unreadMultipart(request: FastifyRequest | undefined): boolean {
  return !!request && typeof request.isMultipart === 'function' && request.isMultipart() && !read.has(request);
}

type Part = { type: 'file' | 'field'; fieldname: string; value?: unknown; filename?: string; mimetype?: string };

type FilePart = MultipartFile & { toBuffer(): Promise<Buffer> };

/**
 * A file part's bytes. For a route that checks a file's size itself (`throwFileSizeLimit: false`: the school's logo,
 * the imports' files, up to a hundred megabytes) they are copied as they arrive into one buffer the size of the
 * request (at most the route's limit), so a large upload is held once; `toBuffer` keeps every chunk until the end and then joins them into a
 * second copy. Other routes read with `toBuffer`, whose size limit answers 413.
 */
async function readFile(request: FastifyRequest, part: FilePart): Promise<Buffer> {
  const options = request.routeOptions.config.multipartOptions as
    | { throwFileSizeLimit?: boolean; limits?: { fileSize?: number } }
    | undefined;
  const declared = Number(request.headers['content-length']);
  const limit = options?.limits?.fileSize;
  if (options?.throwFileSizeLimit !== false || !limit || !Number.isSafeInteger(declared) || declared <= 0) {
    return part.toBuffer();
  }
  // Never more than the route's limit, whatever the request claims (busboy cuts the file there).
  let buffer = Buffer.allocUnsafe(Math.min(declared, limit));
  let length = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    if (length + chunk.length > buffer.length) {
      // More than the request said it holds: grow (a client that lies about the length gets no overflow).
      const bigger = Buffer.allocUnsafe(Math.max(buffer.length * 2, length + chunk.length));
      buffer.copy(bigger, 0, 0, length);
      buffer = bigger;
    }
    chunk.copy(buffer, length);
    length += chunk.length;
  }
  return buffer.subarray(0, length);
}

export default fp(async function multipartForms(app: FastifyInstance) {
  await app.register(multipart, {
    attachFieldsToBody: true,
    limits: { fileSize: MAX_PHOTO_BYTES, files: 5, fields: 100, fieldSize: 64 * 1024, parts: 110 },
    async onFile(part) {
      const data = await readFile(this, part);
      (part as unknown as { value: UploadedFile }).value = { filename: part.filename, mimetype: part.mimetype, data };
    },
  });
  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    read.add(request);
    if (typeof request.body !== 'object' || request.body === null) return;
    const out: Record<string, unknown> = {};
    for (const [rawKey, raw] of Object.entries(request.body as Record<string, Part | Part[]>)) {
      const isArray = rawKey.endsWith('[]');
      const key = isArray ? rawKey.slice(0, -2) : rawKey;
      const parts = Array.isArray(raw) ? raw : [raw];
      const values = parts.map((p) => p.value);
      out[key] = isArray || values.length > 1 ? values : values[0];
    }
    request.body = out;
  });
});
