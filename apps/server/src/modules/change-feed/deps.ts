import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Jobs } from '../../lib/jobs/plugin';
import type { FeedAdapter } from '../../providers/change-feed/feed-adapter';
import type { WorkspaceProvider } from '../../providers/workspace/index';
import type { ConnectionAccess } from '../connections/connection-access';
import type { ConnectionsRepo } from '../connections/repo';
import type { UsersRepo } from '../users/repo';
import type { FeedSubscriptionsRepo } from './repo';

/** What the change feed's use cases need. */
export interface ChangeFeedDeps {
  feedSubscriptionsRepo: FeedSubscriptionsRepo;
  connectionsRepo: ConnectionsRepo;
  connectionAccess: ConnectionAccess;
  usersRepo: UsersRepo;
  feeds: Partial<Record<WorkspaceProvider, FeedAdapter>>;
  jobs: Jobs;
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
}

export function changeFeedDeps(app: FastifyInstance): ChangeFeedDeps {
  return {
    feedSubscriptionsRepo: app.feedSubscriptionsRepo,
    connectionsRepo: app.connectionsRepo,
    connectionAccess: app.connectionAccess,
    usersRepo: app.usersRepo,
    feeds: app.workspaceAdapters.feeds,
    jobs: app.jobs,
    db: app.db,
    clock: app.clock,
    log: app.log,
  };
}
