import type { FastifyInstance } from 'fastify';
import type { RunInTransaction } from '../../db/database';
import type { SecretBox } from '../../lib/secret-box';
import type { IcloudClient } from '../../providers/icloud/icloud';
import type { ConnectionLifecycle } from '../connections/lifecycle';
import type { SecurityEventsRepo } from '../security-events/repo';
import type { WorkspaceDeps } from '../workspace/deps';

/** What the Apple use cases may need; each takes the part it uses. Events are the workspace's. */
export interface AppleDeps
  extends Pick<WorkspaceDeps, 'usersRepo' | 'connectionsRepo' | 'connectionAccess' | 'calendars' | 'clock'> {
  icloud: IcloudClient;
  securityEvents: SecurityEventsRepo;
  transaction: RunInTransaction;
  secretBox: SecretBox;
  /** Told of a connection connected (the change feed starts polling it). */
  connectionLifecycle: ConnectionLifecycle;
}

/** Built once by the module's plugin. */
export function appleDeps(app: FastifyInstance): AppleDeps {
  return {
    icloud: app.icloud,
    usersRepo: app.usersRepo,
    connectionsRepo: app.connectionsRepo,
    connectionAccess: app.connectionAccess,
    calendars: app.workspaceAdapters.calendars,
    securityEvents: app.securityEvents,
    transaction: app.transaction,
    secretBox: app.secretBox,
    connectionLifecycle: app.connectionLifecycle,
    clock: app.clock,
  };
}
