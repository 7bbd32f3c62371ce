import { recordUsageRoute } from '@app/contract/internal/usage';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route';
import { internalAccessLog } from '../assistant/access-log';
import { recordUsage } from './record-usage';

/**
 * `POST /v1/internal/usage`, the assistant service's token report. Same key, guard and limit as
 * the rest of the internal API (registerRoute); without ASSISTANT_API_KEY the route does not exist.
 */
export async function usageRoutes(app: FastifyInstance): Promise<void> {
  if (!app.serviceKey) return;
  const logAccess = internalAccessLog(app.connectionsRepo, app.serviceKey.caller, () => app.clock.now());
  registerRoute(app, recordUsageRoute, (request) =>
    recordUsage(
      {
        repo: app.usageRepo,
        outbox: app.mailOutbox,
        transaction: app.transaction,
        planPeriods: app.usage.planPeriods,
        sms: app.sms,
        productName: app.config.productName,
        publicUrl: app.config.publicUrl,
        now: () => app.clock.now(),
        log: request.log,
        logAccess: (outcome, userId) => logAccess({ action: 'record_usage', outcome, userId }),
        afterMailQueued: () => app.mailWorker.kick(),
      },
      request.body,
    ),
  );
}
