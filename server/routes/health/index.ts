/**
 * Health checks for a process supervisor, a load balancer or a container runtime, answered without a session:
 * - `GET /api/health/live`: the process answers (nothing else is asked: a database that is down must not get the
 *   process restarted, which would not bring the database back);
 * - `GET /api/health/ready`: the database answers and has every migration this version ships, within a short time;
 *   else 503, so a balancer sends requests elsewhere;
 * - `GET /api/health`: the older check, kept for the supervisors already set up with it.
 * The answers say "ok" or "unavailable" and nothing an outsider could use (no versions, hosts or errors); the
 * reason a check failed goes to the server's log.
 */
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { type Database, upToDate } from '../../db/client';

/** How long the ready check waits for the database: a supervisor's probe usually gives up after a few seconds. */
export const READY_TIMEOUT_MS = 2_000;

const health =
  (database: Database, timeoutMs = READY_TIMEOUT_MS): FastifyPluginAsync =>
  async (app) => {
    const noStore = { 'cache-control': 'no-store' };
    app.get('/api/health', { config: { access: 'public' } }, async () => ({
      status: 'ok',
      database: database.kind,
    }));
    app.get('/api/health/live', { config: { access: 'public' } }, async (_request, reply) =>
      reply.headers(noStore).send({ status: 'ok' }),
    );
    app.get('/api/health/ready', { config: { access: 'public' } }, async (request, reply) => {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), timeoutMs);
      });
      const answer = await Promise.race([
        database.db
          .execute(sql`select 1`)
          .then(() => upToDate(database))
          .then(
            (migrated) => (migrated ? 'ok' : 'not migrated'),
            (err: unknown) => `database error: ${err instanceof Error ? err.message : String(err)}`,
          ),
        late,
      ]).finally(() => clearTimeout(timer));
      if (answer === 'ok') return reply.headers(noStore).send({ status: 'ok' });
      request.log.warn({ reason: answer === 'late' ? `no answer within ${timeoutMs} ms` : answer }, 'not ready');
      return reply.code(503).headers(noStore).send({ status: 'unavailable' });
    });
  };

export default health;
