/**
 * The notice worker (DESIGN section 12): sends the notices outbox (server/lib/notices/deliver.ts) from this instance.
 * It looks for due notices every NOTICE_POLL_MS (held ones, retries, those another instance wrote) and right after a
 * request that wrote one has been answered (its transaction has committed by then), so a sign-out's push leaves
 * within moments of the entry reaching the server. Timers are unref'd and stop on close, after the send in progress.
 *
 * `app.notices.drain()` sends what is due now (or at a given instant) and answers the counts: the tests drive the
 * worker with it, with NOTICE_WORKER off so that no timer runs beside them.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type DeliveryDeps, type DrainResult, drainNotices } from '../lib/notices/deliver';
import { wroteNotices } from '../lib/notices/enqueue';
import { ensureVapidKeys, type VapidKeys } from '../lib/notices/vapid';

export interface NoticeWorker {
  /** Sends every notice due at `now` (default: the clock's now); one drain at a time per instance. */
  drain(now?: Date): Promise<DrainResult>;
  /** Asks for a drain soon (after the current one, when one runs). */
  nudge(): void;
  /** The VAPID key pair (made and stored at first use). */
  vapid(): Promise<VapidKeys>;
  /** This instance's name in a notice's claim. */
  readonly instanceId: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    notices: NoticeWorker;
  }
}

export default fp(async function noticeWorker(app: FastifyInstance) {
  const instanceId = `${process.pid}-${randomUUID()}`;
  let keys: Promise<VapidKeys> | null = null;
  const vapid = () => {
    keys ??= ensureVapidKeys(app.db).catch((err) => {
      keys = null;
      throw err;
    });
    return keys;
  };
  const deps: DeliveryDeps = {
    db: app.db,
    config: app.config,
    school: app.school,
    sendMail: app.sendMail,
    vapid,
    instanceId,
  };
  let running: Promise<DrainResult> | null = null;
  let again = false;
  let closed = false;

  const drain = async (now?: Date): Promise<DrainResult> => {
    while (running) await running.catch(() => undefined);
    running = drainNotices(deps, now ?? new Date());
    try {
      return await running;
    } finally {
      running = null;
    }
  };
  const background = () => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    drain().then(
      () => {
        if (again) {
          again = false;
          setImmediate(background);
        }
      },
      (err) => app.log.error({ err }, 'the notice worker failed; it tries again at its next turn'),
    );
  };
  const enabled = app.config.NOTICE_WORKER;
  const nudge = () => {
    if (enabled) setImmediate(background);
  };
  app.decorate('notices', { drain, nudge, vapid, instanceId } satisfies NoticeWorker);

  app.addHook('onResponse', async (request) => {
    if (wroteNotices(request)) nudge();
  });
  let timer: NodeJS.Timeout | null = null;
  if (enabled) {
    app.addHook('onReady', async () => {
      timer = setInterval(background, app.config.NOTICE_POLL_MS);
      timer.unref();
    });
  }
  app.addHook('onClose', async () => {
    closed = true;
    if (timer) clearInterval(timer);
    await running?.catch(() => undefined);
  });
});
