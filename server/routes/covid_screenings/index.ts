/**
 * COVID Screening.
 *
 * - `v2/scholar/covid_screening` (portal accounts): a scholar's answers of today and whether the school screens at all;
 *   `POST` an answer (the same definition the sync push applies to an outbox entry, so an answer made offline and sent
 *   later, or sent twice, is one record). The server works out the outcome with the contract's `screeningOutcome`.
 * - `v2/covid_screenings` (staff): the entrance's list of a day (each scholar's latest answer, who is cleared and who
 *   must stay home, the negative test on file), recording a negative test, and the school's settings (on or off, off
 *   by default, and how many days answers are kept).
 * - The retention job: answers and tests older than the school's days are deleted at start and once a day.
 */
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type CovidScreeningCreate,
  CovidScreeningCreateSchema,
  type CovidScreeningRecord,
  CovidScreeningRecordSchema,
  IdParamsSchema,
  NegativeTestCreateSchema,
  NegativeTestRecordSchema,
  PortalScreeningResponseSchema,
  SCREENING_OUTCOMES,
  ScreeningDayQuerySchema,
  ScreeningDayResponseSchema,
  type ScreeningDayRow,
  type ScreeningSettings,
  ScreeningSettingsSchema,
  ScreeningSettingsUpdateSchema,
  type Symptom,
  screeningOutcome,
  shiftDate,
  uuidv7,
} from '../../../src/contract';
import type { Db, Tx } from '../../db/client';
import { covidNegativeTests, covidScreenings, demographics, schoolSettings } from '../../db/schema';
import { audit } from '../../lib/audit';
import { invalid } from '../../lib/errors';
import { enqueueNotices } from '../../lib/notices/enqueue';
import { createOne, ERROR_RESPONSES, iso, type ResourceDefinition } from '../../lib/resource';
import { scholarInScope } from '../../lib/scholar-scope';
import { schoolDayFor } from '../../lib/school-calendar';
import { schoolDay } from '../../lib/school-day';
import { requireAuth } from '../../plugins/access';
import { readSchoolSettings } from '../school_settings/index';

type Row = typeof covidScreenings.$inferSelect;
type Select = Pick<Db | Tx, 'select'>;

/** Portal accounts only: staff read the answers on the entrance's screen. */
const PORTAL = { access: 'signed_in', userTypes: ['student', 'parent'] } as const;

export const toScreeningRecord = (row: Row): CovidScreeningRecord => ({
  id: row.id,
  scholar_id: row.scholar_id,
  kind: row.kind,
  symptoms: row.symptoms as Symptom[],
  recent_contact: row.recent_contact,
  household_symptoms: row.household_symptoms,
  outcome: row.outcome,
  answered_at: iso(row.answered_at),
  school_day: row.school_day,
  answered_by: row.answered_by,
  created_at: iso(row.created_at),
});

/** The school's screening settings. */
export async function readScreeningSettings(db: Select): Promise<ScreeningSettings> {
  const [row] = await db
    .select({
      enabled: schoolSettings.covid_screening_enabled,
      retention_days: schoolSettings.covid_screening_retention_days,
    })
    .from(schoolSettings)
    .limit(1);
  return { enabled: row?.enabled ?? false, retention_days: row?.retention_days ?? 14 };
}

/**
 * Whether a scholar waits for a negative test on `day`: told to stay home on an earlier day, and no negative test on
 * file taken on or after that day. (A correction the same day replaces that day's answer, so it does not count.)
 */
export async function awaitingTest(db: Select, scholarId: string, day: string): Promise<boolean> {
  const [stayHome] = await db
    .select({ day: covidScreenings.school_day })
    .from(covidScreenings)
    .where(
      and(
        eq(covidScreenings.scholar_id, scholarId),
        eq(covidScreenings.outcome, 'stay_home'),
        lt(covidScreenings.school_day, day),
      ),
    )
    .orderBy(desc(covidScreenings.school_day))
    .limit(1);
  if (!stayHome) return false;
  const [test] = await db
    .select({ id: covidNegativeTests.id })
    .from(covidNegativeTests)
    .where(and(eq(covidNegativeTests.scholar_id, scholarId), gte(covidNegativeTests.tested_on, stayHome.day)))
    .limit(1);
  return !test;
}

const instant = (v: string) => new Date(v).getTime();

/**
 * An answer: written by a portal account for one of their scholars, through the outbox or the portal's POST. The
 * permission resource is the staff one (covid_screenings), but the sync push and the portal route admit portal
 * accounts and scope the scholar here.
 */
export const covidScreeningsResource: ResourceDefinition<CovidScreeningRecord, CovidScreeningCreate, never> = {
  name: 'covid_screenings',
  table: covidScreenings,
  idColumn: covidScreenings.id,
  record: CovidScreeningRecordSchema,
  create: CovidScreeningCreateSchema,
  update: z.never(),
  sortFields: { answered_at: covidScreenings.answered_at },
  defaultSort: '-answered_at',
  filters: {},
  searchColumns: [],
  toRecords: async (rows) => (rows as Row[]).map(toScreeningRecord),
  async prepareCreate(input, { tx, request }) {
    await scholarInScope(tx, request, input.scholar_id);
    if (!(await readScreeningSettings(tx)).enabled) {
      throw invalid('kind', 'The school is not screening for COVID at the moment.');
    }
    // After the school day (or on a closed day) an answer is for the next school day's arrival.
    const { end_time } = await readSchoolSettings(tx);
    const { day } = await schoolDayFor(tx, input.answered_at, request.server.school.timeZone, end_time);
    const outcome = screeningOutcome(input, await awaitingTest(tx, input.scholar_id, day));
    return {
      scholar_id: input.scholar_id,
      kind: input.kind,
      symptoms: input.symptoms,
      recent_contact: input.recent_contact,
      household_symptoms: input.household_symptoms,
      outcome,
      answered_at: input.answered_at,
      school_day: day,
      answered_by: request.auth?.user.id ?? null,
      device_id: input.device_id ?? (request.headers['x-device-id'] as string | undefined)?.slice(0, 100) ?? null,
    };
  },
  async afterWrite(id, _input, { tx, request, created }) {
    if (!created) return;
    const [row] = await tx.select().from(covidScreenings).where(eq(covidScreenings.id, id)).limit(1);
    if (row?.outcome !== 'stay_home') return;
    await enqueueNotices(tx, { request }, [
      {
        facts: { kind: 'screening_stay_home', day: row.school_day },
        sourceId: row.id,
        scholarId: row.scholar_id,
        occurredAt: row.answered_at,
      },
    ]);
  },
  sameAs: (input, record) =>
    input.scholar_id === record.scholar_id &&
    input.kind === record.kind &&
    JSON.stringify(input.symptoms) === JSON.stringify(record.symptoms) &&
    input.recent_contact === record.recent_contact &&
    input.household_symptoms === record.household_symptoms &&
    instant(input.answered_at) === instant(record.answered_at),
};

/** Deletes the answers and tests older than the school's retention days; answers how many of each went. */
export async function deleteExpiredScreenings(
  db: Db,
  now: Date,
  timeZone: string,
): Promise<{ screenings: number; tests: number }> {
  const { retention_days: days } = await readScreeningSettings(db);
  // Kept: the last `days` school days, today included.
  const firstKept = shiftDate(schoolDay(now, timeZone), -(days - 1));
  return db.transaction(async (tx) => {
    const screenings = await tx
      .delete(covidScreenings)
      .where(lt(covidScreenings.school_day, firstKept))
      .returning({ id: covidScreenings.id });
    const tests = await tx
      .delete(covidNegativeTests)
      .where(lt(covidNegativeTests.tested_on, firstKept))
      .returning({ id: covidNegativeTests.id });
    if (screenings.length || tests.length) {
      await audit(tx, null, {
        action: 'delete',
        resource: 'covid_screenings',
        changes: { retention_days: days, before: firstKept, screenings: screenings.length, tests: tests.length },
      });
    }
    return { screenings: screenings.length, tests: tests.length };
  });
}

const DAY_MS = 86_400_000;

/**
 * Runs the retention job a few seconds after the server is ready and once a day after, until it closes: not at the
 * moment it starts listening, where its transaction would hold up the first requests of a warm start.
 */
export function scheduleRetention(
  app: Pick<FastifyInstance, 'addHook' | 'db' | 'school' | 'log'>,
  { firstRunMs = 5_000 }: { firstRunMs?: number } = {},
): void {
  let timer: NodeJS.Timeout | null = null;
  let first: NodeJS.Timeout | null = null;
  const run = async () => {
    try {
      const gone = await deleteExpiredScreenings(app.db, new Date(), app.school.timeZone);
      if (gone.screenings || gone.tests) app.log.info(gone, 'deleted COVID screening answers past the retention days');
    } catch (err) {
      app.log.error({ err }, 'the COVID screening retention job failed');
    }
  };
  app.addHook('onReady', async () => {
    first = setTimeout(() => void run(), firstRunMs);
    first.unref();
    timer = setInterval(() => void run(), DAY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (first) clearTimeout(first);
    if (timer) clearInterval(timer);
  });
}

const errors = ERROR_RESPONSES;
const nameOf = (d: { nickname: string | null; fname: string; lname: string }) => `${d.nickname || d.fname} ${d.lname}`;

/** The entrance's list of a day: each scholar's latest answer, filtered and paged. */
async function dayList(
  db: Db,
  query: z.infer<typeof ScreeningDayQuerySchema>,
  day: string,
): Promise<z.infer<typeof ScreeningDayResponseSchema>> {
  const rows = await db
    .select({ s: covidScreenings, d: demographics })
    .from(covidScreenings)
    .innerJoin(demographics, eq(demographics.id, covidScreenings.scholar_id))
    .where(eq(covidScreenings.school_day, day))
    .orderBy(asc(demographics.lname), asc(demographics.fname), desc(covidScreenings.answered_at));
  const latest = new Map<string, (typeof rows)[number]>();
  for (const r of rows) if (!latest.has(r.s.scholar_id)) latest.set(r.s.scholar_id, r);
  const ids = [...latest.keys()];
  const tests = ids.length
    ? await db
        .select({ scholar_id: covidNegativeTests.scholar_id, on: sql<string>`max(${covidNegativeTests.tested_on})` })
        .from(covidNegativeTests)
        .where(inArray(covidNegativeTests.scholar_id, ids))
        .groupBy(covidNegativeTests.scholar_id)
    : [];
  const testOn = new Map(tests.map((t) => [t.scholar_id, String(t.on)]));
  const all: ScreeningDayRow[] = [...latest.values()].map(({ s, d }) => ({
    scholar_id: d.id,
    name: nameOf(d),
    grade: d.grade,
    homeroom: d.homeroom,
    screening: toScreeningRecord(s),
    negative_test_on: testOn.get(d.id) ?? null,
  }));
  const counts = Object.fromEntries(SCREENING_OUTCOMES.map((o) => [o, 0])) as Record<string, number>;
  for (const r of all) counts[r.screening.outcome] = (counts[r.screening.outcome] ?? 0) + 1;
  const words = (query.search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const chosen = all.filter(
    (r) =>
      (!query.outcome || r.screening.outcome === query.outcome) &&
      words.every((w) => `${r.name} ${r.homeroom ?? ''}`.toLowerCase().includes(w)),
  );
  const start = (query.page - 1) * query.per_page;
  return {
    data: chosen.slice(start, start + query.per_page),
    meta: { page: query.page, per_page: query.per_page, total: chosen.length, date: day, counts },
  };
}

/** `v2/covid_screenings`: the staff side. */
const routes: FastifyPluginAsyncZod = async (app) => {
  const school = app.school;
  scheduleRetention(app);

  app.get(
    '/',
    {
      config: { access: 'covid_screenings-view_any' },
      schema: { querystring: ScreeningDayQuerySchema, response: { 200: ScreeningDayResponseSchema, ...errors } },
    },
    async (request) => dayList(app.db, request.query, request.query.date ?? schoolDay(new Date(), school.timeZone)),
  );

  app.post(
    '/negative_tests',
    {
      config: { access: 'covid_screenings-create' },
      schema: {
        body: NegativeTestCreateSchema,
        response: { 201: z.object({ data: NegativeTestRecordSchema }), ...errors },
      },
    },
    async (request, reply) => {
      const input = request.body;
      if (input.tested_on > schoolDay(new Date(), school.timeZone)) {
        throw invalid('tested_on', 'A test date cannot be in the future.');
      }
      const row = await app.db.transaction(async (tx) => {
        const [scholar] = await tx
          .select({ id: demographics.id })
          .from(demographics)
          .where(eq(demographics.id, input.scholar_id))
          .limit(1);
        if (!scholar) throw invalid('scholar_id', 'No such scholar.');
        const id = input.id ?? uuidv7();
        const [existing] = await tx.select().from(covidNegativeTests).where(eq(covidNegativeTests.id, id)).limit(1);
        if (existing) return existing;
        const [inserted] = await tx
          .insert(covidNegativeTests)
          .values({
            id,
            scholar_id: input.scholar_id,
            tested_on: input.tested_on,
            recorded_by: requireAuth(request).user.id,
          })
          .returning();
        await audit(tx, request, { action: 'create', resource: 'covid_negative_tests', recordId: id, changes: input });
        return inserted as typeof covidNegativeTests.$inferSelect;
      });
      return reply.status(201).send({ data: { ...row, created_at: iso(row.created_at) } });
    },
  );

  app.get(
    '/settings',
    {
      config: { access: 'covid_screenings-view_any' },
      schema: { response: { 200: z.object({ data: ScreeningSettingsSchema }), ...errors } },
    },
    async () => ({ data: await readScreeningSettings(app.db) }),
  );

  app.post(
    '/settings',
    {
      config: { access: 'covid_screenings-update' },
      schema: {
        body: ScreeningSettingsUpdateSchema,
        response: { 200: z.object({ data: ScreeningSettingsSchema }), ...errors },
      },
    },
    async (request) => {
      const { _method, ...fields } = request.body;
      void _method;
      const data = await app.db.transaction(async (tx) => {
        const values = {
          ...(fields.enabled === undefined ? {} : { covid_screening_enabled: fields.enabled }),
          ...(fields.retention_days === undefined ? {} : { covid_screening_retention_days: fields.retention_days }),
        };
        if (Object.keys(values).length) {
          await tx.update(schoolSettings).set({ ...values, updated_at: new Date().toISOString() });
          await audit(tx, request, { action: 'update', resource: 'covid_screenings', changes: fields });
        }
        return readScreeningSettings(tx);
      });
      return { data };
    },
  );
};

export default routes;

/** `v2/scholar/covid_screening`: the portal side, scoped to the caller's scholars. */
export const portalScreeningRoutes: FastifyPluginAsyncZod = async (app) => {
  const school = app.school;

  app.get(
    '/:id',
    {
      config: PORTAL,
      schema: { params: IdParamsSchema, response: { 200: PortalScreeningResponseSchema, ...errors } },
    },
    async (request) => {
      const scholar = await scholarInScope(app.db, request, request.params.id);
      const now = new Date();
      const today = schoolDay(now, school.timeZone);
      const { day } = await schoolDayFor(app.db, now, school.timeZone, (await readSchoolSettings(app.db)).end_time);
      const [settings, rows, waiting] = await Promise.all([
        readScreeningSettings(app.db),
        app.db
          .select()
          .from(covidScreenings)
          .where(and(eq(covidScreenings.scholar_id, scholar.id), eq(covidScreenings.school_day, day)))
          .orderBy(desc(covidScreenings.answered_at), desc(covidScreenings.id)),
        awaitingTest(app.db, scholar.id, day),
      ]);
      return {
        enabled: settings.enabled,
        today,
        school_day: day,
        answers: rows.map(toScreeningRecord),
        awaiting_test: waiting,
      };
    },
  );

  app.post(
    '/',
    {
      config: PORTAL,
      schema: {
        body: CovidScreeningCreateSchema,
        response: {
          200: z.object({ data: CovidScreeningRecordSchema }),
          201: z.object({ data: CovidScreeningRecordSchema }),
          ...errors,
        },
      },
    },
    async (request: FastifyRequest<{ Body: CovidScreeningCreate }>, reply) => {
      const result = await app.db.transaction((tx) =>
        createOne(covidScreeningsResource, { tx, request }, request.body),
      );
      return reply.status(result.created ? 201 : 200).send({ data: result.record });
    },
  );
};
