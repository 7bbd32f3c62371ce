import { connectionAccessTokenRoute, userByPhoneRoute } from '@app/contract/internal/assistant';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route';
import { internalApiDeps } from './deps';
import { findUserByPhone } from './find-user-by-phone';
import { issueAccessToken } from './issue-access-token';
import { registerWorkspaceRoutes } from './workspace-routes';

/**
 * The internal API for the assistant service (design §7). Without ASSISTANT_API_KEY the routes
 * are not registered at all, so there is nothing to probe. The key is checked, and limited, by
 * registerRoute (`auth: 'service'`).
 */
export async function internalApiRoutes(app: FastifyInstance): Promise<void> {
  if (!app.serviceKey) return;
  const deps = internalApiDeps(app, app.serviceKey.caller);
  registerRoute(app, userByPhoneRoute, (request) => findUserByPhone(deps, request.params));
  registerRoute(app, connectionAccessTokenRoute, (request) =>
    issueAccessToken(deps, { connectionId: request.params.id }),
  );
  registerWorkspaceRoutes(app, deps.logAccess);
}
