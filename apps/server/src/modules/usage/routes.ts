import { recordUsageRoute } from '@app/contract/internal/usage';
import type { FastifyInstance } from 'fastify';
import { newId } from '../../lib/ids';
import { registerRoute } from '../../lib/route';
import { callerOf, serviceKeyGuard } from '../assistant/service-key';
import { usageDeps } from './deps';
import { recordUsage } from './record-usage';

/** Like the assistant's other calls: one busy service, far above what a person would send. */
const SERVICE_RATE_LIMIT = { max: 6000, timeWindow: 60_000 };

/**
 * `POST /v1/internal/usage`, the assistant service's token report. Same key and guard as the
 * rest of the internal API; without ASSISTANT_API_KEY the route does not exist.
 */
export async function usageRoutes(app: FastifyInstance): Promise<void> {
  const key = app.config.assistantApiKey;
  if (!key) return;
  const caller = callerOf(key);
  const deps = {
    ...usageDeps(app),
    logAccess: (outcome: string, userId: string | null) =>
      app.connectionsRepo.logAssistantAccess({
        id: newId(),
        caller,
        action: 'record_usage',
        user_id: userId,
        connection_id: null,
        outcome,
        created_at: app.clock.now().toISOString(),
      }),
  };
  await app.register(async (scope) => {
    scope.addHook('preHandler', serviceKeyGuard(key));
    registerRoute(
      scope,
      recordUsageRoute,
      (request) => recordUsage(deps, { ...request.body, log: request.log }),
      {
        rateLimit: SERVICE_RATE_LIMIT,
      },
    );
  });
}
