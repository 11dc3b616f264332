/**
 * The car line (docs/car-line.md). `v2/scholar/car_line` is the guardian's: today's state of their children and the
 * dismissal window, and "I'm here", which queues their own children (another child answers 404; staff accounts 403,
 * parent accounts only), only during the window (the school's settings, on its clock), through the shared idempotent
 * create (the same tap twice queues once), never a child whose pick-up list refuses them. `v2/car_line` is the
 * school's: the day's queue for the pick-up line and the classrooms (the pick-up line's permission, check_ins-create)
 * and a guardian's car tag for the office (guardianships-*). The curb's own entries arrive through the sync push.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CAR_LINE_MESSAGES,
  CarLineArrivalSchema,
  CarLineCallResponseSchema,
  CarLinePortalResponseSchema,
  CarLineQueueResponseSchema,
  GuardianCarTagResponseSchema,
  GuardianCarTagUpdateSchema,
  IdParamsSchema,
} from '../../../src/contract';
import { carLineQueue } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { zonedInstant } from '../../lib/expected-hours';
import { createOne, ERROR_RESPONSES } from '../../lib/resource';
import { scholarsOf } from '../../lib/scholar-scope';
import { schoolDay } from '../../lib/school-day';
import { readSchoolSettings } from '../school_settings/index';
import {
  carLineCallsResource,
  nextFreeNumber,
  readQueue,
  refusedScholars,
  setGuardianTag,
  tagOfGuardian,
} from './model';

const GUARDIAN = { access: 'signed_in', userTypes: ['parent'] } as const;
/** The pick-up line's permission: who signs scholars out at the curb also sees and feeds its queue. */
const PICK_UP_LINE = { access: 'check_ins-create' } as const;
const errors = ERROR_RESPONSES;

/** The dismissal window on `day` as instants, and whether `now` is inside it (start included, end not). */
async function dismissalWindow(db: Parameters<typeof readSchoolSettings>[0], day: string, timeZone: string) {
  const settings = await readSchoolSettings(db);
  const start = settings.car_line_start ?? '14:45';
  const end = settings.car_line_end ?? '16:00';
  const now = Date.now();
  const isOpen = now >= zonedInstant(day, start, timeZone) && now < zonedInstant(day, end, timeZone);
  return { start, end, isOpen };
}

/** `v2/scholar/car_line`: a guardian's "I'm here" and their children's place on today's queue. */
export const portalCarLineRoutes: FastifyPluginAsyncZod = async (app) => {
  const today = () => schoolDay(new Date(), app.school.timeZone);

  app.get(
    '/',
    { config: GUARDIAN, schema: { response: { 200: CarLinePortalResponseSchema, ...errors } } },
    async (request) => {
      const user = request.auth?.user as { id: string; type: string };
      const day = today();
      const mine = await scholarsOf(app.db, user);
      const ids = mine.map((s) => s.id);
      const [refused, queued, tag, window] = await Promise.all([
        refusedScholars(app.db, ids, user.id),
        ids.length
          ? app.db
              .select()
              .from(carLineQueue)
              .where(and(eq(carLineQueue.school_day, day), inArray(carLineQueue.scholar_id, ids)))
          : Promise.resolve([]),
        tagOfGuardian(app.db, user.id),
        dismissalWindow(app.db, day, app.school.timeZone),
      ]);
      const byScholar = new Map(queued.map((q) => [q.scholar_id, q]));
      return {
        today: day,
        time_zone: app.school.timeZone,
        window: { start: window.start, end: window.end },
        is_open: window.isOpen,
        tag_number: tag?.number ?? null,
        children: mine.map((s) => {
          const q = byScholar.get(s.id);
          return {
            scholar_id: s.id,
            name: `${s.nickname || s.fname} ${s.lname}`,
            refused: refused.has(s.id),
            called_at: q ? new Date(q.called_at).toISOString() : null,
            released_at: q?.released_at ? new Date(q.released_at).toISOString() : null,
          };
        }),
      };
    },
  );

  app.post(
    '/',
    {
      config: GUARDIAN,
      schema: {
        body: CarLineArrivalSchema,
        response: { 200: CarLineCallResponseSchema, 201: CarLineCallResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = request.auth?.user as { id: string; type: string };
      const result = await app.db.transaction(async (tx) => {
        const mine = (await scholarsOf(tx, user)).map((s) => s.id);
        const chosen = request.body.scholar_ids ?? mine;
        if (chosen.some((id) => !mine.includes(id))) throw notFound('scholar');
        const day = schoolDay(new Date(), app.school.timeZone);
        const window = await dismissalWindow(tx, day, app.school.timeZone);
        if (!window.isOpen) {
          throw new AppError('conflict', CAR_LINE_MESSAGES.closed(window.start, window.end));
        }
        // Custody: a child whose pick-up list refuses this guardian is not called out to them.
        const refused = await refusedScholars(tx, chosen, user.id);
        const scholarIds = chosen.filter((id) => !refused.has(id));
        if (!scholarIds.length)
          throw new AppError('validation', CAR_LINE_MESSAGES.noChild, {
            errors: { scholar_ids: [CAR_LINE_MESSAGES.noChild] },
          });
        return createOne(
          carLineCallsResource,
          { tx, request },
          { id: request.body.id, source: 'portal', guardian_id: user.id, scholar_ids: scholarIds },
        );
      });
      return reply.status(result.created ? 201 : 200).send({ data: result.record });
    },
  );
};

/** `v2/car_line`: the day's queue, and the office's car tags. */
export const carLineRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/queue',
    {
      config: PICK_UP_LINE,
      schema: {
        querystring: z.object({ include_released: z.enum(['true', 'false']).optional() }),
        response: { 200: CarLineQueueResponseSchema, ...errors },
      },
    },
    async (request) => {
      const day = schoolDay(new Date(), app.school.timeZone);
      const data = await readQueue(app.db, day, request.query.include_released === 'true');
      return { data, meta: { page: 1, per_page: data.length, total: data.length } };
    },
  );

  app.get(
    '/guardians/:id/tag',
    {
      config: { access: 'guardianships-view' },
      schema: { params: IdParamsSchema, response: { 200: GuardianCarTagResponseSchema, ...errors } },
    },
    async (request) => ({
      data: await tagOfGuardian(app.db, request.params.id),
      next_free: await nextFreeNumber(app.db),
    }),
  );

  app.post(
    '/guardians/:id/tag',
    {
      config: { access: 'guardianships-update' },
      schema: {
        params: IdParamsSchema,
        body: GuardianCarTagUpdateSchema,
        response: { 200: GuardianCarTagResponseSchema, ...errors },
      },
    },
    async (request) =>
      app.db.transaction(async (tx) => ({
        data: await setGuardianTag(tx, request, request.params.id, request.body.number),
        next_free: await nextFreeNumber(tx),
      })),
  );
};
