import { recordUsageRoute } from '@app/contract/internal/usage';
import type { FastifyInstance } from 'fastify';
import { newId } from '../../lib/ids';
import { registerRoute } from '../../lib/route';
import { callerOf, serviceKeyGuard } from '../assistant/service-key';
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
  await app.register(async (scope) => {
    scope.addHook('preHandler', serviceKeyGuard(key));
    registerRoute(
      scope,
      recordUsageRoute,
      (request) =>
        recordUsage(
          {
            repo: app.usageRepo,
            usersRepo: app.usersRepo,
            outbox: app.mailOutbox,
            transaction: app.transaction,
            billingRepo: app.billingRepo,
            sms: app.sms,
            productName: app.config.productName,
            publicUrl: app.config.publicUrl,
            now: () => app.clock.now(),
            log: request.log,
            logAccess: (outcome, userId) =>
              app.connectionsRepo.logAssistantAccess({
                id: newId(),
                caller,
                action: 'record_usage',
                user_id: userId,
                connection_id: null,
                outcome,
                created_at: app.clock.now().toISOString(),
              }),
            afterMailQueued: () => app.mailWorker.kick(),
          },
          request.body,
        ),
      { rateLimit: SERVICE_RATE_LIMIT },
    );
  });
}
