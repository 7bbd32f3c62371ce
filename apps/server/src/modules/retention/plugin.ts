import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/database';
import { runPeriodically } from '../../lib/periodic-job';
import { retentionDeps } from './deps';
import { purgeExpired } from './purge';
import { rewriteErasedJob, rewriteErasedRequest } from './rewrite-after-erasure';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the retention purge now (the job runs it hourly); returns rows deleted per table. */
    purgeExpired: () => Promise<Record<string, number>>;
    /**
     * Asks, through the erasure's transaction, for the database's files to be rewritten after
     * it: one job per ERASURE_REWRITE_DELAY_MS window, however many accounts were deleted in it.
     */
    rewriteAfterErasure: (trx: Db) => Promise<void>;
  }
}

const EVERY_MS = 60 * 60 * 1000;

/** The periodic retention job. Every instance runs it; its deletes are idempotent. */
export const retentionPlugin = fp(
  async (app: FastifyInstance) => {
    const deps = retentionDeps(app);
    const run = () => purgeExpired(deps);
    app.decorate('purgeExpired', run);
    const delayMs = app.config.erasureRewriteDelayMs;
    app.decorate('rewriteAfterErasure', async (trx: Db) => {
      await app.jobs.enqueue(trx, rewriteErasedJob, rewriteErasedRequest(app.clock.now(), delayMs));
    });
    app.jobs.worker.register(
      rewriteErasedJob,
      async () => {
        const started = performance.now();
        await app.rewriteErased();
        app.log.info({ ms: Math.round(performance.now() - started) }, 'database rewritten after erasures');
      },
      {
        maxAttempts: 20,
        backoff: () => delayMs,
        // A VACUUM of a large file takes seconds.
        leaseMs: 10 * 60_000,
        maxRunning: 1,
        background: true,
      },
    );
    runPeriodically(app, {
      everyMs: EVERY_MS,
      run: async () => {
        const deleted = await run();
        if (Object.values(deleted).some((n) => n > 0)) app.log.info({ deleted }, 'retention purge');
      },
      failure: 'retention purge failed; will try again',
      // It only removes what expired while we were down, and never races a request's (or a
      // test's) fresh rows.
      firstPassBeforeServing: true,
    });
  },
  { name: 'retention', dependencies: ['db', 'jobs'] },
);
