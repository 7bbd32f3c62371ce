import { azureEventsRoute, googleEventsRoute } from '@app/contract/oauth/list-events';
import type { FastifyInstance } from 'fastify';
import { requestLanguage } from '../../lib/messages';
import { registerRoute } from '../../lib/route';
import { requireAuth } from '../../plugins/authenticate';
import { eventsDeps } from './deps';
import { listEvents } from './list-events';

/** GET /v1/google/events and /v1/azure/events: the signed-in person's calendar (spec §7). */
export async function eventsRoutes(app: FastifyInstance): Promise<void> {
  const deps = eventsDeps(app);
  for (const [route, provider] of [
    [googleEventsRoute, 'google'],
    [azureEventsRoute, 'microsoft'],
  ] as const) {
    registerRoute(app, route, (request) =>
      listEvents(deps, {
        userId: requireAuth(request).user.id,
        provider,
        query: request.query,
        language: requestLanguage(request),
      }),
    );
  }
}
