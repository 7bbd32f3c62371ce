import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock';
import { RetentionRepo } from './repo';

/** What the retention purge needs. */
export interface RetentionDeps {
  retentionRepo: RetentionRepo;
  clock: Clock;
}

/** Built once by the module's plugin; the repository is the purge's own, no other module uses it. */
export function retentionDeps(app: FastifyInstance): RetentionDeps {
  return { retentionRepo: new RetentionRepo(app.db), clock: app.clock };
}
