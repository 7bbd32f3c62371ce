import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { DevOutbox } from '../providers/dev-outbox/repo';
import { type StandInService, standInServices } from '../providers/stand-ins';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    standIns: readonly StandInService[];
    devOutbox: DevOutbox;
    defaultRateLimit: { max: number; timeWindow: number };
  }
}

/** Our own decorators: the parts modules use, built once from config. */
export const servicesPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const standIns = standInServices(opts.config);
  app.decorate('config', opts.config);
  app.decorate('standIns', standIns);
  app.decorate('devOutbox', new DevOutbox(app.db));
  app.decorate('defaultRateLimit', { max: opts.config.rateLimitPerMinute, timeWindow: 60_000 });
  if (standIns.length > 0) {
    app.log.info({ standIns }, `local stand-ins in use for: ${standIns.join(', ')} (see /dev/outbox)`);
  }
});
