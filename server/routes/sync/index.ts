/**
 * The offline sync (DESIGN section 5).
 *
 * `POST v2/sync/push` applies a device's outbox entries in one transaction with a receipt per entry, so a replay
 * answers 'duplicate' (exactly once) and an outbox id reused for other content answers 'conflict'. A clean batch takes
 * a fixed number of queries (the fast path, in one savepoint, or as the whole transaction when the push holds
 * creates only); when the batch fails as a whole, each entry is applied
 * again in its own savepoint, so an entry the database refuses (a NUL character, a year 0000, a constraint the contract
 * cannot know) is answered 'rejected' with a reason in plain words and every other entry is applied. Only a failure
 * that is not the entry's (a lost connection, a bug) fails the push, and then nothing of it is applied: the device
 * retries the whole of it.
 *
 * A resource may also take updates from a device (timesheets: a clock-out of a record already on the server, with the
 * version it was based on). A push is applied in the order its entries were made: each run of creates as one batch,
 * each update on its own in its own savepoint, through the
 * same definition as the REST update: applied only to the version named, else answered 'conflict' with the stored
 * record; a receipt makes a replay answer 'duplicate'. A staff badge read at a station (`timesheet_punches`) is
 * applied on its own too, by the timesheets' punch (a clock-in or the clock-out of the holder's open record). A void of
 * a check-in (the pick-up line's Undo) travels as an update of it, so it lands after the sign-out it undoes even when
 * both come in one push.
 *
 * `GET v2/sync/pull?since=` answers what changed in the reference data the caller may see, from the change log the
 * triggers keep. Without a cursor it answers a snapshot in pages of `limit` records, in a stable order (resource, then
 * id); the page token is stateless (the snapshot's cursor and the last record handed out), so a page can be asked for
 * again after a restart, and what changes while a device pages comes in the delta since the snapshot's cursor.
 * `POST v2/sync/photos` hands the snapshot its photos in batches.
 *
 * This file registers the routes; the pieces live beside it: writable.ts (what a device may create or update),
 * check.ts (each entry checked with its schema and permission), push.ts (applying a push), pullable.ts (the reference
 * data a device keeps), cursor.ts (the change log's cursors and snapshot tokens) and pull.ts (a snapshot page or a
 * delta).
 */
import { inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorResponseSchema,
  PhotoBatchBodySchema,
  PhotoBatchResponseSchema,
  SyncPullQuerySchema,
  SyncPullResponseSchema,
  SyncPushBodySchema,
  SyncPushResponseSchema,
} from '../../../src/contract';
import type { Tx } from '../../db/client';
import { photos } from '../../db/schema';
import { schoolDay } from '../../lib/school-day';
import { readSyncEpoch } from '../../lib/sync-epoch';
import { can, requireAuth } from '../../plugins/access';
import { maySeeOwner } from '../photos/index';
import { readHead, snapshotPlace, XID_CURSOR_BASE } from './cursor';
import { delta, snapshotPage } from './pull';
import { PULLABLE } from './pullable';
import { pushAll } from './push';

export { XID_CURSOR_BASE } from './cursor';
export { OWN_TIMESHEET_DAYS } from './pullable';

const errors = { 401: ErrorResponseSchema, 403: ErrorResponseSchema, 422: ErrorResponseSchema };

const routes: FastifyPluginAsyncZod = async (app) => {
  // Read once: a restore, the only thing that changes it, happens with the server stopped.
  const base = XID_CURSOR_BASE * (await readSyncEpoch(app.db));
  app.post(
    '/push',
    {
      config: { access: 'signed_in' },
      bodyLimit: 4 * 1024 * 1024,
      schema: { body: SyncPushBodySchema, response: { 200: SyncPushResponseSchema, ...errors } },
    },
    async (request) => {
      requireAuth(request);
      return { results: await pushAll(request, request.body.items, request.body.device_id) };
    },
  );

  app.get(
    '/pull',
    {
      config: { access: 'signed_in' },
      schema: { querystring: SyncPullQuerySchema, response: { 200: SyncPullResponseSchema, ...errors } },
    },
    async (request) => {
      const visible = Object.entries(PULLABLE).filter(([, p]) => !p.permission || can(request, p.permission));
      const today = schoolDay(new Date(), app.school.timeZone);
      const { since, limit, snapshot } = request.query;
      const place = snapshot === undefined ? null : snapshotPlace(snapshot);
      // No transaction: in READ COMMITTED each statement reads its own snapshot either way, and what a pull hands
      // out was written by transactions that had ended (readHead), which no later snapshot sees otherwise; a
      // transaction only cost two round trips.
      const tx = app.db as unknown as Tx;
      // This database's cursors: from `base` up to, not including, the next epoch's.
      const inEpoch = (cursor: number) => cursor >= base && cursor < base + XID_CURSOR_BASE;
      const sinceXid = since !== undefined && !place && inEpoch(since) ? since - base : undefined;
      const { xmin, xmax, rows } = await readHead(tx, sinceXid, limit);
      // A cursor this database can have given: of its epoch, one of its transaction ids, not past the newest.
      const known = (cursor: number) => inEpoch(cursor) && cursor - base <= xmax;
      // The next page of a snapshot, unless its cursor is from another database: then a fresh snapshot.
      if (place) {
        return snapshotPage(tx, visible, today, limit, known(place.cursor) ? place : null, xmin, request, base);
      }
      // No cursor (a new device), one from another database (restored or replaced) or from an earlier version of
      // this server: start again from a snapshot.
      if (sinceXid === undefined || !known(sinceXid + base)) {
        return snapshotPage(tx, visible, today, limit, null, xmin, request, base);
      }
      return delta(tx, visible, today, { rows, limit, xmin }, request, base);
    },
  );

  app.post(
    '/photos',
    {
      config: { access: 'signed_in' },
      schema: { body: PhotoBatchBodySchema, response: { 200: PhotoBatchResponseSchema, ...errors } },
    },
    async (request) => {
      const rows = await app.db.select().from(photos).where(inArray(photos.id, request.body.ids));
      const out = [];
      for (const row of rows) {
        if (!(await maySeeOwner(app.db as unknown as Tx, request, { type: row.owner_type, id: row.owner_id })))
          continue;
        out.push({
          id: row.id,
          content_type: row.content_type,
          sha256: row.sha256,
          data: Buffer.from(row.bytes).toString('base64'),
        });
      }
      return { photos: out };
    },
  );
};

export default routes;
