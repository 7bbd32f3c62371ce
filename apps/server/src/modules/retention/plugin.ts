import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
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
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> = Promise.resolve();
    const tick = () => {
      running = run()
        .then((deleted) => {
          if (Object.values(deleted).some((n) => n > 0)) app.log.info({ deleted }, 'retention purge');
        })
        .catch((error) => app.log.warn({ err: error }, 'retention purge failed; will try again'));
    };
    app.addHook('onReady', async () => {
      timer = setInterval(tick, EVERY_MS);
      timer.unref();
      // The first pass finishes before the instance serves: its deletes then never race a
      // request's (or a test's) fresh rows. It only removes what expired while we were down.
      tick();
      await running;
    });
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'retention', dependencies: ['db'] },
);
