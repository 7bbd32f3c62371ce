import { recordUsageRoute } from '@app/contract/internal/usage';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route';
import { internalAccessLog } from '../internal-api/access-log';
import { usageDeps } from './deps';
import { recordUsage } from './record-usage';

/**
 * `POST /v1/internal/usage`, the assistant service's token report. Same key, guard and limit as
 * the rest of the internal API (registerRoute); without ASSISTANT_API_KEY the route does not exist.
 */
export async function usageRoutes(app: FastifyInstance): Promise<void> {
  if (!app.serviceKey) return;
  const logAccess = internalAccessLog(app.connectionsRepo, app.serviceKey.caller, app.clock);
  const deps = {
    ...usageDeps(app),
    logAccess: (outcome: string, userId: string | null) =>
      logAccess({ action: 'record_usage', outcome, userId }),
  };
  registerRoute(app, recordUsageRoute, (request) => recordUsage(deps, { ...request.body, log: request.log }));
}
