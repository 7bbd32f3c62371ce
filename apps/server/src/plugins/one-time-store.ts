import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { OneTimeStore } from '../lib/one-time-store/one-time-store';
import { RedisOneTimeStore } from '../lib/one-time-store/redis';
import { DbOneTimeStore } from '../lib/one-time-store/repo';

declare module 'fastify' {
  interface FastifyInstance {
    oneTimeStore: OneTimeStore;
  }
}

export const oneTimeStorePlugin = fp(
  async (app: FastifyInstance) => {
    const store: OneTimeStore = app.redis
      ? new RedisOneTimeStore(app.redis)
      : new DbOneTimeStore(app.db, () => app.clock.now());
    app.decorate('oneTimeStore', store);
  },
  { name: 'one-time-store', dependencies: ['db', 'redis'] },
);
