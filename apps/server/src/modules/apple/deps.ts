import type { FastifyInstance } from 'fastify';
import type { RunInTransaction } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { SecretBox } from '../../lib/secret-box';
import type { IcloudClient } from '../../providers/icloud/icloud';
import type { ConnectionAccess } from '../connections/connection-access';
import type { ConnectionsRepo } from '../connections/repo';
import type { SecurityEventsRepo } from '../security-events/repo';

/** What the Apple use cases may need; each takes the part it uses. */
export interface AppleDeps {
  icloud: IcloudClient;
  connectionsRepo: ConnectionsRepo;
  connectionAccess: ConnectionAccess;
  securityEvents: SecurityEventsRepo;
  transaction: RunInTransaction;
  secretBox: SecretBox;
  clock: Clock;
}

/** Built once by the module's plugin. */
export function appleDeps(app: FastifyInstance): AppleDeps {
  return {
    icloud: app.icloud,
    connectionsRepo: app.connectionsRepo,
    connectionAccess: app.connectionAccess,
    securityEvents: app.securityEvents,
    transaction: app.transaction,
    secretBox: app.secretBox,
    clock: app.clock,
  };
}
