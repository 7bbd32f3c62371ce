import { connectionAccessTokenRoute, userByPhoneRoute } from '@app/contract/internal/assistant';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route';
import { findUserByPhone } from './find-user-by-phone';
import { issueAccessToken } from './issue-access-token';
import { callerOf, serviceKeyGuard } from './service-key';

/** The assistant service's own limit: one busy caller, far above a person's. */
const SERVICE_RATE_LIMIT = { max: 6000, timeWindow: 60_000 };

/**
 * The internal API for the assistant service (design §7). Without ASSISTANT_API_KEY the routes
 * are not registered at all, so there is nothing to probe.
 */
export async function assistantRoutes(app: FastifyInstance): Promise<void> {
  const key = app.config.assistantApiKey;
  if (!key) return;
  await app.register(async (scope) => {
    scope.addHook('preHandler', serviceKeyGuard(key));
    const deps = {
      authRepo: app.authRepo,
      repo: app.connectionsRepo,
      caller: callerOf(key),
      now: () => app.clock.now(),
    };
    registerRoute(scope, userByPhoneRoute, (request) => findUserByPhone(deps, request.params), {
      rateLimit: SERVICE_RATE_LIMIT,
    });
    registerRoute(
      scope,
      connectionAccessTokenRoute,
      (request) =>
        issueAccessToken({ ...deps, access: app.connectionAccess }, { connectionId: request.params.id }),
      { rateLimit: SERVICE_RATE_LIMIT },
    );
  });
}
