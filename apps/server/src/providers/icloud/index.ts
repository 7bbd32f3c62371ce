import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { IcloudClient } from './icloud';
import { TsdavIcloud } from './tsdav';

declare module 'fastify' {
  interface FastifyInstance {
    icloud: IcloudClient;
  }
}

/**
 * Apple iCloud (CalDAV/CardDAV). There is no local stand-in (design §3: it needs a CalDAV
 * server), so it is not in the stand-in registry: `APPLE_CALDAV_URL`/`APPLE_CARDDAV_URL` point it
 * at any server, which is how the tests reach a real Radicale.
 */
export const icloudPort = fp(
  async (app: FastifyInstance) => {
    app.decorate('icloud', new TsdavIcloud(app.config.apple) as IcloudClient);
  },
  { name: 'icloud', dependencies: ['config'] },
);
