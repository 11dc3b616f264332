/**
 * `v2/photos`: upload (multipart, for an owner the caller may update) and download. A photo is served only to a caller
 * allowed to see its owner (DESIGN section 7): staff with the owner's view permission, the scholar themself, or the
 * scholar's guardian; anyone else gets 404. Answers carry an ETag (the SHA-256) so devices revalidate cheaply.
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorResponseSchema,
  IdParamsSchema,
  IdSchema,
  type Permission,
  PhotoOwnerTypeSchema,
  PhotoRecordSchema,
} from '../../../src/contract';
import type { Tx } from '../../db/client';
import { authorizedPickUps, demographics, guardianships, photos, users } from '../../db/schema';
import { forbidden, invalid, notFound } from '../../lib/errors';
import { UploadedFileSchema } from '../../lib/files';
import { storePhoto } from '../../lib/photos';
import { iso } from '../../lib/resource';
import { can, requireAuth } from '../../plugins/access';
import { dropUnusedPickUpPhotos } from '../authorized_pick_ups/index';

type Owner = { type: z.infer<typeof PhotoOwnerTypeSchema>; id: string };
const errors = {
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
  422: ErrorResponseSchema,
};

async function ownerExists(tx: Tx, owner: Owner): Promise<boolean> {
  if (owner.type === 'demographics') {
    return (
      (await tx.select({ id: demographics.id }).from(demographics).where(eq(demographics.id, owner.id))).length > 0
    );
  }
  if (owner.type === 'users') {
    return (await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.id))).length > 0;
  }
  return (
    (await tx.select({ id: authorizedPickUps.id }).from(authorizedPickUps).where(eq(authorizedPickUps.id, owner.id)))
      .length > 0
  );
}

/**
 * True when the caller may see the owner of a photo: a scholar's to whoever may view scholars, the scholar and their
 * guardians; a user's to whoever may view users and the user; a pick-up adult's (F5) to whoever may view pick-up
 * adults (the office, the pick-up line), whichever scholar's row it was uploaded with, since siblings share it.
 */
export async function maySeeOwner(tx: Tx, request: FastifyRequest, owner: Owner): Promise<boolean> {
  const auth = requireAuth(request);
  if (can(request, `${owner.type}-view` as Permission)) return true;
  if (owner.type === 'users') return owner.id === auth.user.id;
  if (owner.type !== 'demographics') return false;
  if (auth.user.type === 'student') {
    const [own] = await tx
      .select({ id: demographics.id })
      .from(demographics)
      .where(and(eq(demographics.id, owner.id), eq(demographics.user_id, auth.user.id)));
    return Boolean(own);
  }
  if (auth.user.type === 'parent') {
    const [child] = await tx
      .select({ id: guardianships.scholar_id })
      .from(guardianships)
      .where(and(eq(guardianships.parent_id, auth.user.id), eq(guardianships.scholar_id, owner.id)));
    return Boolean(child);
  }
  return false;
}

const routes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      config: { access: 'photos-create' },
      schema: {
        body: z.object({ file: UploadedFileSchema, owner_type: PhotoOwnerTypeSchema, owner_id: IdSchema }),
        response: { 201: z.object({ data: PhotoRecordSchema }), ...errors },
      },
    },
    async (request, reply) => {
      const { file, owner_type, owner_id } = request.body;
      const owner = { type: owner_type, id: owner_id };
      if (!can(request, `${owner_type}-update` as Permission)) throw forbidden();
      const record = await app.db.transaction(async (tx) => {
        if (!(await ownerExists(tx, owner))) throw invalid('owner_id', 'No such owner.');
        const id = await storePhoto(tx, request, owner, file, 'file');
        if (owner_type === 'demographics')
          await tx.update(demographics).set({ photo_id: id }).where(eq(demographics.id, owner_id));
        if (owner_type === 'users') await tx.update(users).set({ photo_id: id }).where(eq(users.id, owner_id));
        if (owner_type === 'authorized_pick_ups') {
          const [before] = await tx
            .select({ photo_id: authorizedPickUps.photo_id })
            .from(authorizedPickUps)
            .where(eq(authorizedPickUps.id, owner_id));
          await tx.update(authorizedPickUps).set({ photo_id: id }).where(eq(authorizedPickUps.id, owner_id));
          await dropUnusedPickUpPhotos(tx, [before?.photo_id]);
        }
        const [row] = await tx.select().from(photos).where(eq(photos.id, id));
        if (!row) throw notFound('photo');
        const { bytes, created_by, ...meta } = row;
        return { ...meta, created_at: iso(meta.created_at) };
      });
      return reply.status(201).send({ data: record });
    },
  );

  app.get(
    '/:id',
    {
      config: { access: 'signed_in' },
      schema: {
        params: IdParamsSchema,
        response: {
          // The bytes themselves: Fastify sends a Buffer as it is, without serialising it.
          200: z.custom<Buffer>((v) => Buffer.isBuffer(v)),
          304: z.null(),
          401: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const photo = await app.db.transaction(async (tx) => {
        const [row] = await tx.select().from(photos).where(eq(photos.id, request.params.id));
        if (!row || !(await maySeeOwner(tx, request, { type: row.owner_type, id: row.owner_id })))
          throw notFound('photo');
        return row;
      });
      const etag = `"${photo.sha256}"`;
      reply
        .header('etag', etag)
        .header('cache-control', 'private, no-cache')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('x-content-type-options', 'nosniff');
      if (request.headers['if-none-match'] === etag) return reply.status(304).send(null);
      return reply.type(photo.content_type).send(Buffer.from(photo.bytes));
    },
  );
};

export default routes;
