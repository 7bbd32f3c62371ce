import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one Redis client (REDIS_URL), shared by the rate limiter and the one-time store; null without Redis. */
    redis: Redis | null;
  }
}

export const redisPlugin = fp(
  async (app: FastifyInstance) => {
    const url = app.config.redisUrl;
    // ioredis is loaded only when REDIS_URL is set: a single instance never needs it.
    const redis = url
      ? new (await import('ioredis')).Redis(url, {
          maxRetriesPerRequest: 1,
          connectTimeout: 2000,
          connectionName: 'relay-app',
        })
      : null;
    app.decorate('redis', redis);
    if (redis) app.addHook('onClose', async () => void (await redis.quit()));
  },
  { name: 'redis', dependencies: ['config'] },
);
