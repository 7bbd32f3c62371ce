import type { FastifyInstance } from 'fastify';
import type { ConnectionAccess } from '../connections/connection-access';
import type { ConnectionsRepo } from '../connections/repo';
import type { UsersRepo } from '../users/repo';
import { internalAccessLog, type LogInternalAccess } from './access-log';

/** What the internal API's use cases may need; each takes the part it uses. */
export interface InternalApiDeps {
  usersRepo: UsersRepo;
  connectionsRepo: ConnectionsRepo;
  connectionAccess: ConnectionAccess;
  logAccess: LogInternalAccess;
}

/** Built once by the module's plugin, for the caller the service key names. */
export function internalApiDeps(app: FastifyInstance, caller: string): InternalApiDeps {
  return {
    usersRepo: app.usersRepo,
    connectionsRepo: app.connectionsRepo,
    connectionAccess: app.connectionAccess,
    logAccess: internalAccessLog(app.connectionsRepo, caller, app.clock),
  };
}
