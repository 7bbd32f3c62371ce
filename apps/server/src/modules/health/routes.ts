import type { FastifyInstance } from 'fastify';
import { pingDb } from '../../db/database';

/** Liveness and readiness for load balancers; outside /v1 and the rate limit. */
export async function healthRoutes(app: FastifyInstance) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await pingDb(app.db);
      return { status: 'ready', database: 'ok' };
    } catch (error) {
      request.log.warn({ err: error }, 'readiness check failed');
      return reply.code(503).send({ status: 'not ready', database: 'unreachable' });
    }
  });
}
