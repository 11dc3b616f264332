/**
 * Notices to families (DESIGN section 12), the server's routes:
 * - `POST v2/push_subscriptions` takes the browser's `PushSubscription.toJSON()` for the signed-in account on this
 *   device (its session); the same endpoint again updates it (idempotent), and an endpoint that is not a known push
 *   service's answers 422, so the server never calls an address a user chose. `DELETE` with `{endpoint}` removes it;
 *   signing out removes the session's (server/routes/auth).
 * - `GET`/`PUT v2/notification_preferences` for the signed-in scholar or parent: each kind on or off per channel and
 *   quiet hours; `POST v2/notification_preferences/test` sends a test notice ("Send me a test").
 * - `GET v2/notices`: the administrator's delivery log, newest first, by kind, status, channel or person.
 */
import { and, count, desc, eq, gt, ilike, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  defaultNoticeChannels,
  EMAIL_ONLY_KINDS,
  ErrorResponseSchema,
  listResponse,
  NOTICE_CHANNELS,
  NOTICE_KINDS,
  NOTICE_LOG_KINDS,
  NOTICE_MESSAGES,
  NOTICE_STATUSES,
  NoticeListQuerySchema,
  type NoticeRecord,
  NoticeRecordSchema,
  type NotificationPreferences,
  NotificationPreferencesSchema,
  NotificationPreferencesUpdateSchema,
  NotificationTestResponseSchema,
  PushSubscriptionBodySchema,
  PushSubscriptionDeleteSchema,
  PushSubscriptionResponseSchema,
  SCHOLAR_NOTICE_KINDS,
  uuidv7,
} from '../../../src/contract';
import type { Db, Tx } from '../../db/client';
import { noticePreferences, notices, pushSubscriptions, schoolSettings, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { AppError, invalid } from '../../lib/errors';
import { isAllowedPushEndpoint } from '../../lib/notices/endpoints';
import { insertNotices, screenOf } from '../../lib/notices/enqueue';
import { textsFor } from '../../lib/notices/texts';
import { ERROR_RESPONSES, filterValue, iso, likeEscape } from '../../lib/resource';
import { requireAuth } from '../../plugins/access';

const errors = ERROR_RESPONSES;
const PORTAL = { access: 'signed_in', userTypes: ['student', 'parent'] } as const;
/** A second "Send me a test" within this many seconds answers the first one's notice instead of sending again. */
const TEST_AGAIN_SECONDS = 30;

/** Removes the push subscriptions of a session (its sign-out): that device stops receiving the account's notices. */
export async function removeSessionSubscriptions(db: Db | Tx, tokenHash: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.session_token_hash, tokenHash));
}

export const pushSubscriptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      config: { access: 'signed_in' },
      schema: {
        body: PushSubscriptionBodySchema,
        response: { 201: PushSubscriptionResponseSchema, 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const body = request.body;
      if (!app.config.PUSH_ENABLED) throw new AppError('conflict', 'This server does not send push notices.');
      if (!isAllowedPushEndpoint(body.endpoint, app.config.PUSH_ENDPOINT_HOSTS)) {
        throw invalid('endpoint', NOTICE_MESSAGES.endpointNotAllowed);
      }
      const now = new Date().toISOString();
      const values = {
        user_id: auth.user.id,
        session_token_hash: auth.tokenHash,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        expiration_time: body.expirationTime ? new Date(body.expirationTime).toISOString() : null,
        user_agent: String(request.headers['user-agent'] ?? '').slice(0, 500) || null,
        updated_at: now,
      };
      const row = await app.db.transaction(async (tx) => {
        // One row per endpoint: the same browser subscribing again (or for another account) takes it over.
        const [saved] = await tx
          .insert(pushSubscriptions)
          .values({ id: uuidv7(), endpoint: body.endpoint, ...values })
          .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values })
          .returning();
        await audit(tx, request, {
          action: 'create',
          resource: 'push_subscriptions',
          recordId: saved?.id,
          // The push service, not the endpoint itself or its keys: they address and unlock this device's notices.
          changes: { push_service: new URL(body.endpoint).host },
        });
        return saved;
      });
      if (!row) throw new Error('the subscription was not stored');
      return reply.status(201).send({
        data: {
          endpoint: row.endpoint,
          expiration_time: row.expiration_time ? iso(row.expiration_time) : null,
          created_at: iso(row.created_at),
        },
      });
    },
  );

  app.delete(
    '/',
    {
      config: { access: 'signed_in' },
      schema: { body: PushSubscriptionDeleteSchema, response: { 200: z.object({ message: z.string() }), ...errors } },
    },
    async (request) => {
      const auth = requireAuth(request);
      await app.db.transaction(async (tx) => {
        const gone = await tx
          .delete(pushSubscriptions)
          .where(
            and(eq(pushSubscriptions.endpoint, request.body.endpoint), eq(pushSubscriptions.user_id, auth.user.id)),
          )
          .returning({ id: pushSubscriptions.id });
        if (gone[0])
          await audit(tx, request, { action: 'delete', resource: 'push_subscriptions', recordId: gone[0].id });
      });
      return { message: 'Removed.' };
    },
  );
};

/**
 * A person's choices as the API answers them: every kind (the default where none is stored). What is offered is what
 * the school sends and this person can get: a scholar's own work reminders for a scholar, the families' kinds for
 * everyone else.
 */
async function preferencesOf(
  db: Db | Tx,
  user: { id: string; type: string },
  pushEnabled: boolean,
): Promise<NotificationPreferences> {
  const userId = user.id;
  const [[stored], [settings], [devices]] = await Promise.all([
    db.select().from(noticePreferences).where(eq(noticePreferences.user_id, userId)).limit(1),
    db.select({ kinds: schoolSettings.notice_kinds }).from(schoolSettings).limit(1),
    db.select({ n: count() }).from(pushSubscriptions).where(eq(pushSubscriptions.user_id, userId)),
  ]);
  const forScholar = user.type === 'student';
  const offered = NOTICE_KINDS.filter(
    (k) => settings?.kinds.includes(k) && SCHOLAR_NOTICE_KINDS.includes(k) === forScholar,
  );
  return {
    kinds: Object.fromEntries(
      NOTICE_KINDS.map((k) => {
        const channels = stored?.kinds[k] ?? defaultNoticeChannels(k);
        // A kind sent by email only answers push off, whatever was stored.
        return [k, EMAIL_ONLY_KINDS.includes(k) ? { push: false, email: channels.email } : channels];
      }),
    ) as NotificationPreferences['kinds'],
    quiet_hours: stored?.quiet_start && stored.quiet_end ? { start: stored.quiet_start, end: stored.quiet_end } : null,
    work_summary_frequency: stored?.work_summary_frequency ?? 'weekly',
    offered,
    push_enabled: pushEnabled,
    devices: Number(devices?.n ?? 0),
    updated_at: stored ? iso(stored.updated_at) : null,
  };
}

export const notificationPreferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const single = z.object({ data: NotificationPreferencesSchema });
  app.get('/', { config: PORTAL, schema: { response: { 200: single, ...errors } } }, async (request) => ({
    data: await preferencesOf(app.db, requireAuth(request).user, app.config.PUSH_ENABLED),
  }));

  app.put(
    '/',
    { config: PORTAL, schema: { body: NotificationPreferencesUpdateSchema, response: { 200: single, ...errors } } },
    async (request) => {
      const user = requireAuth(request).user;
      const userId = user.id;
      const body = request.body;
      const data = await app.db.transaction(async (tx) => {
        const [current] = await tx
          .select()
          .from(noticePreferences)
          .where(eq(noticePreferences.user_id, userId))
          .limit(1)
          .for('update');
        const kinds = { ...(current?.kinds ?? {}), ...(body.kinds ?? {}) };
        const quiet =
          body.quiet_hours === undefined
            ? { quiet_start: current?.quiet_start ?? null, quiet_end: current?.quiet_end ?? null }
            : { quiet_start: body.quiet_hours?.start ?? null, quiet_end: body.quiet_hours?.end ?? null };
        const values = {
          kinds,
          ...quiet,
          work_summary_frequency: body.work_summary_frequency ?? current?.work_summary_frequency ?? 'weekly',
          updated_at: new Date().toISOString(),
        };
        await tx
          .insert(noticePreferences)
          .values({ user_id: userId, ...values })
          .onConflictDoUpdate({ target: noticePreferences.user_id, set: values });
        await audit(tx, request, {
          action: 'update',
          resource: 'notification_preferences',
          recordId: userId,
          changes: body,
        });
        return preferencesOf(tx, user, app.config.PUSH_ENABLED);
      });
      return { data };
    },
  );

  app.post(
    '/test',
    { config: PORTAL, schema: { response: { 202: NotificationTestResponseSchema, ...errors } } },
    async (request, reply) => {
      const user = requireAuth(request).user;
      const id = await app.db.transaction(async (tx) => {
        // Serializes one person's tests, so two taps at once make one notice.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
        const since = new Date(Date.now() - TEST_AGAIN_SECONDS * 1000).toISOString();
        const [recent] = await tx
          .select({ id: notices.id })
          .from(notices)
          .where(and(eq(notices.user_id, user.id), eq(notices.kind, 'test'), gt(notices.created_at, since)))
          .limit(1);
        if (recent) return recent.id;
        const [person] = await tx.select({ language: users.language }).from(users).where(eq(users.id, user.id));
        const noticeId = uuidv7();
        const now = new Date().toISOString();
        await insertNotices(tx, request, [
          {
            id: noticeId,
            key: `test:${noticeId}:${user.id}`,
            kind: 'test',
            user_id: user.id,
            message: {
              ...textsFor(person?.language ?? 'en').test({ school: app.school.name }),
              ...screenOf('test', null),
            },
            occurred_at: now,
          },
        ]);
        return noticeId;
      });
      return reply.status(202).send({ message: 'A test notice is on its way.', data: { notice_id: id } });
    },
  );
};

/** `filter[...]` of the delivery log, each checked against its words. */
function logFilters(filter: Record<string, string> | undefined): SQL[] {
  const out: SQL[] = [];
  for (const [field, value] of Object.entries(filter ?? {})) {
    if (field === 'kind') out.push(eq(notices.kind, filterValue('kind', NOTICE_LOG_KINDS, value) as string));
    else if (field === 'status')
      out.push(eq(notices.status, filterValue('status', NOTICE_STATUSES, value) as (typeof NOTICE_STATUSES)[number]));
    else if (field === 'channel')
      out.push(eq(notices.channel, filterValue('channel', NOTICE_CHANNELS, value) as (typeof NOTICE_CHANNELS)[number]));
    else if (field === 'user_id') out.push(eq(notices.user_id, filterValue('user_id', 'uuid', value) as string));
    else throw invalid(`filter.${field}`, 'Filter by kind, status, channel or user_id.');
  }
  return out;
}

export const noticesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { access: 'notices-view_any' },
      schema: { querystring: NoticeListQuerySchema, response: { 200: listResponse(NoticeRecordSchema), ...errors } },
    },
    async (request) => {
      const query = request.query;
      const conditions = logFilters(query.filter);
      if (query.search) {
        const pattern = `%${likeEscape(query.search)}%`;
        conditions.push(
          or(ilike(users.email, pattern), ilike(users.lname, pattern), ilike(users.fname, pattern)) as SQL,
        );
      }
      const where = conditions.length ? and(...conditions) : undefined;
      const [[total], rows] = await Promise.all([
        app.db.select({ n: count() }).from(notices).leftJoin(users, eq(users.id, notices.user_id)).where(where),
        app.db
          .select({ notice: notices, fname: users.fname, lname: users.lname, email: users.email })
          .from(notices)
          .leftJoin(users, eq(users.id, notices.user_id))
          .where(where)
          .orderBy(desc(notices.created_at), desc(notices.id))
          .limit(query.per_page)
          .offset((query.page - 1) * query.per_page),
      ]);
      const data: NoticeRecord[] = rows.map(({ notice: n, fname, lname, email }) => ({
        id: n.id,
        kind: n.kind as NoticeRecord['kind'],
        user_id: n.user_id,
        recipient_name: fname || lname ? `${fname ?? ''} ${lname ?? ''}`.trim() : null,
        recipient_email: email,
        scholar_id: n.scholar_id,
        title: n.message.title,
        body: n.message.body,
        channel: n.channel,
        status: n.status,
        reason: n.reason,
        attempts: n.attempts,
        devices_reached: n.devices_reached,
        occurred_at: iso(n.occurred_at),
        created_at: iso(n.created_at),
        next_attempt_at: n.status === 'pending' ? iso(n.next_attempt_at) : null,
        sent_at: n.sent_at ? iso(n.sent_at) : null,
      }));
      return { data, meta: { page: query.page, per_page: query.per_page, total: Number(total?.n ?? 0) } };
    },
  );
};
