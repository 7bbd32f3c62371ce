import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/database';
import { runPeriodically } from '../periodic-job';
import type { JobDefinition, JobRequest } from './definition';
import { JobsRepo } from './repo';
import { JobWorker } from './worker';

export interface Jobs {
  repo: JobsRepo;
  /** Modules register their definitions here (`worker.register`) before the app is ready. */
  worker: JobWorker;
  /**
   * Stores a job of `definition` through `db` (the transaction that stores what it is about, or
   * `app.db`) and wakes the worker. A key already stored is the same job: `created: false`,
   * nothing woken. A payload its schema refuses is not stored: a TypeError.
   */
  enqueue: <T>(
    db: Db,
    definition: JobDefinition<T>,
    job: JobRequest<T>,
  ) => Promise<{ id: string; created: boolean }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/**
 * Finished jobs are kept this long: long enough to look at a failure, and longer than any
 * redelivery of what enqueued them (a purged key could be enqueued again).
 */
export const KEEP_FINISHED_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * Done jobs of the kinds that come every day per person and whose key cannot be enqueued again
 * once done are kept a day (`keepDoneMs`, decision 580): an event's reminder is not queued once
 * the event has started (at most two hours after the reminder is due), a day's briefing not sent
 * two hours past its time. A text's send job stays the week: its key is the text's only-once.
 */
export const KEEP_DONE_DAILY_MS = 24 * 60 * 60 * 1000;
const PURGE_EVERY_MS = 60 * 60 * 1000;
/** A job due within this long wakes the worker when enqueued; one due later waits for the poll. */
const WAKE_AHEAD_MS = 1000;

/** The durable job queue and this instance's worker, from ready to close. */
export const jobsPlugin = fp(
  async (app: FastifyInstance) => {
    const repo = new JobsRepo(app.db);
    const worker = new JobWorker({
      repo,
      clock: app.clock,
      log: app.log,
      pollMs: app.config.jobs.pollIntervalMs,
      concurrency: app.config.jobs.concurrency,
    });
    app.decorate('jobs', {
      repo,
      worker,
      enqueue: async <T>(db: Db, definition: JobDefinition<T>, job: JobRequest<T>) => {
        const checked = definition.payload.safeParse(job.payload);
        if (!checked.success)
          throw new TypeError(`job ${definition.kind}: payload does not match: ${checked.error.message}`);
        // The payload as given, not as parsed: what is stored is what the caller wrote.
        const now = app.clock.now();
        const result = await repo.enqueue(db, { ...job, kind: definition.kind }, now);
        // A job due later is found by the poll when its time comes: waking the worker for it
        // only runs claims that find nothing (a reminder look queues hundreds of such jobs).
        if (result.created && (job.runAt ?? now).getTime() <= now.getTime() + WAKE_AHEAD_MS) worker.wake();
        return result;
      },
    } satisfies Jobs);
    // Jobs left by a crash or a restart are taken as soon as the app is up.
    app.addHook('onReady', async () => worker.start());
    // preClose runs before the database closes, so a running handler can record its outcome.
    app.addHook('preClose', async () => worker.stop());
    runPeriodically(app, {
      everyMs: PURGE_EVERY_MS,
      run: async () => {
        const now = app.clock.now().getTime();
        let purged = 0;
        for (const [keepMs, kinds] of worker.shortRetention())
          purged += await repo.purgeDone(new Date(now - keepMs), { kinds, finished: ['done'] });
        purged += await repo.purgeDone(new Date(now - KEEP_FINISHED_MS));
        if (purged > 0) app.log.info({ purged }, 'finished jobs purged');
      },
      failure: 'purging finished jobs failed',
    });
  },
  { name: 'jobs', dependencies: ['config', 'db'] },
);
