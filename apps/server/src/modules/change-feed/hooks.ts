import type { FastifyInstance, FastifyPluginAsync } from 'fastify';

/**
 * The providers' webhook routes (issue 31), all under `/v1/hooks/`: each provider's route file
 * (Google calendar and Gmail, Microsoft Graph) is a plugin added to this list. A route verifies
 * the request (`secretMatches` for a channel token or clientState, the Pub/Sub OIDC token), calls
 * `app.changeFeed.notify(subscriptionId, marker)` and answers 2xx at once; the sync runs from the
 * job queue. Routes are registered with paths relative to the scope (`/google/calendar`).
 */
export const HOOK_ROUTES: FastifyPluginAsync[] = [];

export async function hookRoutes(app: FastifyInstance) {
  await app.register(
    async (scope) => {
      for (const routes of HOOK_ROUTES) await scope.register(routes);
    },
    { prefix: '/v1/hooks' },
  );
}
