import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runPeriodically } from '../../lib/periodic-job';
import { retentionDeps } from './deps';
import { purgeExpired } from './purge';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the retention purge now (the job runs it hourly); returns rows deleted per table. */
    purgeExpired: () => Promise<Record<string, number>>;
  }
}

const EVERY_MS = 60 * 60 * 1000;

/** The periodic retention job. Every instance runs it; its deletes are idempotent. */
export const retentionPlugin = fp(
  async (app: FastifyInstance) => {
    const deps = retentionDeps(app);
    const run = () => purgeExpired(deps);
    app.decorate('purgeExpired', run);
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
  { name: 'retention', dependencies: ['db'] },
);
