import { recordUsageRoute } from '@app/contract/internal/usage';
import type { FastifyInstance } from 'fastify';
import { GroupCommit } from '../../lib/group-commit';
import { registerRoute } from '../../lib/route';
import { internalAccessLog } from '../internal-api/access-log';
import { usageDeps } from './deps';
import { recordUsage, type UsageEvent, type UsageOutcome, writeUsageEvent } from './record-usage';

/**
 * `POST /v1/internal/usage`, the assistant service's token report. Same key, guard and limit as
 * the rest of the internal API (registerRoute); without ASSISTANT_API_KEY the route does not exist.
 *
 * Reports that arrive together are written in one transaction (lib/group-commit.ts), each with
 * its access-log row: on SQLite a commit each, one fsync each, was the route's whole cost
 * (docs/decisions/246). Each is answered only once the transaction holding it has committed.
 */
export async function usageRoutes(app: FastifyInstance): Promise<void> {
  if (!app.serviceKey) return;
  const { caller } = app.serviceKey;
  const logAccess = internalAccessLog(app.connectionsRepo, caller, app.clock);
  const deps = usageDeps(app);
  const events = new GroupCommit<UsageEvent, UsageOutcome>({
    transaction: app.transaction,
    write: async (trx, event) => {
      const outcome = await writeUsageEvent(deps, trx, event);
      await internalAccessLog(
        app.connectionsRepo.with(trx),
        caller,
        app.clock,
      )({ action: 'record_usage', outcome: outcome.kind, userId: event.user.id });
      return outcome;
    },
  });
  // Reports still being written when the app closes are committed (and answered) before the database closes.
  app.addHook('onClose', async () => events.drain());
  registerRoute(app, recordUsageRoute, (request) =>
    recordUsage(
      {
        ...deps,
        logAccess: (outcome, userId) => logAccess({ action: 'record_usage', outcome, userId }),
        commit: (event) => events.submit(event),
      },
      { ...request.body, log: request.log },
    ),
  );
}
