import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import type { Clock } from '../lib/clock';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    clock: Clock;
    /** The limit of API routes that set none of their own. */
    defaultRateLimit: { max: number; timeWindow: number };
  }
}

/** The parsed environment and the clock: every other plugin reads them from here. */
export const configPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    app.decorate('config', opts.config);
    app.decorate('clock', { now: () => new Date() });
    app.decorate('defaultRateLimit', { max: opts.config.rateLimitPerMinute, timeWindow: 60_000 });
  },
  { name: 'config' },
);
