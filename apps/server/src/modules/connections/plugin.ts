import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runPeriodically } from '../../lib/periodic-job';
import { ConnectionAccess } from './connection-access';
import { connectionsDeps } from './deps';
import { ConnectionLifecycle } from './lifecycle';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one way every module uses a connection's tokens (design §7). */
    connectionAccess: ConnectionAccess;
    /** Told when a connection is connected or about to be removed (issue 31). */
    connectionLifecycle: ConnectionLifecycle;
  }
}

/** The idle-refresh job looks for work this often; each pass takes at most 100 connections. */
const EVERY_MS = 15 * 60 * 1000;

/**
 * The connection layer and its periodic job: connections idle for a day are refreshed, so a
 * grant a provider would let lapse (Microsoft's 90-day inactivity) stays alive. Every instance
 * runs it; the per-connection lock keeps two from refreshing the same one.
 */
export const connectionsPlugin = fp(
  async (app: FastifyInstance) => {
    const access = new ConnectionAccess(connectionsDeps(app));
    app.decorate('connectionAccess', access);
    app.decorate('connectionLifecycle', new ConnectionLifecycle(app.log));
    runPeriodically(app, {
      everyMs: EVERY_MS,
      run: async () => {
        const result = await access.refreshIdle();
        if (result.refreshed + result.failed > 0) app.log.info(result, 'idle connections refreshed');
      },
      failure: 'idle refresh failed; will try again',
    });
  },
  {
    name: 'connections',
    dependencies: [
      'connections-repo',
      'users-repo',
      'security-events-repo',
      'identity',
      'one-time-store',
      'secrets',
      'sms',
    ],
  },
);
