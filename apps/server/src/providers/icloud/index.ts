import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { BuiltPort } from '../port';
import type { IcloudClient } from './icloud';
import { LocalIcloud } from './local';
import { TsdavIcloud } from './tsdav';

declare module 'fastify' {
  interface FastifyInstance {
    icloud: IcloudClient;
  }
}

/**
 * Apple iCloud (CalDAV/CardDAV). Outside production with no APPLE_CALDAV_URL, the local stand-in
 * answers (any Apple ID, a password shaped like an app-specific one, the sample workspace
 * behind it); otherwise tsdav talks to iCloud, or to the server the URLs name, which is how the
 * tests reach a real Radicale. The port is named `apple` in the stand-in registry, the banner's
 * word for it, and decorates the app as `icloud`.
 */
export function buildIcloud(app: FastifyInstance): BuiltPort<IcloudClient> {
  const { apple } = app.config;
  if (!apple.local) {
    return { port: 'apple', adapter: new TsdavIcloud(apple), standIn: false, vendor: 'tsdav' };
  }
  return {
    port: 'apple',
    adapter: new LocalIcloud(),
    standIn: true,
    vendor: 'local',
    missing: ['APPLE_CALDAV_URL'],
  };
}

export const icloudPort = fp(
  async (app: FastifyInstance) => {
    const built = buildIcloud(app);
    app.decorate('icloud', built.adapter);
    app.ports.add(built);
  },
  { name: 'icloud', dependencies: ['config', 'ports'] },
);
