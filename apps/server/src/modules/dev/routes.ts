import { listOutboxRoute } from '@app/contract/dev/list-outbox';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route';

/** Registered only while a stand-in that writes to the outbox is in use (see app.ts). */
export async function devRoutes(app: FastifyInstance) {
  registerRoute(app, listOutboxRoute, async (req) => ({
    messages: await app.devOutbox.list({
      limit: req.query.limit,
      ...(req.query.to ? { to: req.query.to } : {}),
    }),
  }));
}
