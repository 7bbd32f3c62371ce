import type { FastifyInstance } from 'fastify';
import type { RunInTransaction } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { SecretBox } from '../../lib/secret-box';
import type { IdentityClient } from '../../providers/identity/identity';
import type { ConnectionLifecycle } from '../connections/lifecycle';
import type { ConnectionsRepo } from '../connections/repo';
import type { SecurityEventsRepo } from '../security-events/repo';

/** What the integrations use cases may need; each takes the part it uses. */
export interface IntegrationsDeps {
  connectionsRepo: ConnectionsRepo;
  /** Told before a connection is removed (the change feed stops its channels). */
  connectionLifecycle: ConnectionLifecycle;
  securityEvents: SecurityEventsRepo;
  identity: IdentityClient;
  secretBox: SecretBox;
  transaction: RunInTransaction;
  clock: Clock;
}

/** Built once by the module's plugin. */
export function integrationsDeps(app: FastifyInstance): IntegrationsDeps {
  return {
    connectionsRepo: app.connectionsRepo,
    connectionLifecycle: app.connectionLifecycle,
    securityEvents: app.securityEvents,
    identity: app.identity,
    secretBox: app.secretBox,
    transaction: app.transaction,
    clock: app.clock,
  };
}
