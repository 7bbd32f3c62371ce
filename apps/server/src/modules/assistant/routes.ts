import { connectionAccessTokenRoute, userByPhoneRoute } from '@app/contract/internal/assistant';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route';
import { internalAccessLog } from './access-log';
import { findUserByPhone } from './find-user-by-phone';
import { issueAccessToken } from './issue-access-token';

/**
 * The internal API for the assistant service (design §7). Without ASSISTANT_API_KEY the routes
 * are not registered at all, so there is nothing to probe. The key is checked, and limited, by
 * registerRoute (`auth: 'service'`).
 */
export async function assistantRoutes(app: FastifyInstance): Promise<void> {
  if (!app.serviceKey) return;
  const deps = {
    authRepo: app.authRepo,
    connectionsRepo: app.connectionsRepo,
    access: app.connectionAccess,
    logAccess: internalAccessLog(app.connectionsRepo, app.serviceKey.caller, () => app.clock.now()),
  };
  registerRoute(app, userByPhoneRoute, (request) => findUserByPhone(deps, request.params));
  registerRoute(app, connectionAccessTokenRoute, (request) =>
    issueAccessToken(deps, { connectionId: request.params.id }),
  );
}
