/**
 * The scheduler of the notices made by the clock (server/lib/notices/jobs.ts): every NOTICE_JOBS_MS it runs the jobs
 * that are due (the not-checked-in notice at the school's time, the work summaries, the scholars' reminders) and
 * asks the notice worker to send what they wrote. It runs in every instance where the worker does (NOTICE_WORKER):
 * the jobs' run rows and the notices' keys keep each notice once whichever instance runs first. The timer is unref'd
 * and stops on close, after the run in progress.
 *
 * `app.noticeJobs.run(now)` runs the jobs due at an instant and answers what each wrote: the tests drive time with it.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type JobsResult, runNoticeJobs } from '../lib/notices/jobs';

/** How often the jobs are looked at: a notice made by the clock leaves within about a minute of its time. */
export const NOTICE_JOBS_MS = 60_000;

export interface NoticeJobs {
  /** Runs the jobs due at `now` (default: the clock's now); one run at a time per instance. */
  run(now?: Date): Promise<JobsResult>;
}

declare module 'fastify' {
  interface FastifyInstance {
    noticeJobs: NoticeJobs;
  }
}

export default fp(async function noticeJobs(app: FastifyInstance) {
  let running: Promise<JobsResult> | null = null;
  let closed = false;
  const run = async (now?: Date): Promise<JobsResult> => {
    while (running) await running.catch(() => undefined);
    running = runNoticeJobs(
      { db: app.db, school: app.school, publicUrl: app.config.PUBLIC_URL ?? null },
      now ?? new Date(),
    );
    try {
      return await running;
    } finally {
      running = null;
    }
  };
  app.decorate('noticeJobs', { run } satisfies NoticeJobs);

  let timer: NodeJS.Timeout | null = null;
  if (app.config.NOTICE_WORKER) {
    const tick = () => {
      if (closed || running) return;
      run().then(
        (result) => {
          if (Object.values(result).some((n) => n > 0)) app.notices.nudge();
        },
        (err) => app.log.error({ err }, 'the notice jobs failed; they run again at the next turn'),
      );
    };
    app.addHook('onReady', async () => {
      timer = setInterval(tick, NOTICE_JOBS_MS);
      timer.unref();
    });
  }
  app.addHook('onClose', async () => {
    closed = true;
    if (timer) clearInterval(timer);
    await running?.catch(() => undefined);
  });
});
