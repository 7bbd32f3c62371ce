import type { FastifyInstance } from 'fastify';
import type { RunInTransaction } from '../../db/database';
import type { Clock } from '../../lib/clock';
import { authDeps } from '../auth/deps';
import type { TextCodeDeps } from '../auth/phone-codes';
import type { AuthRepo } from '../auth/repo';
import type { ConnectionsRepo } from '../connections/repo';
import type { SecurityEventsRepo } from '../security-events/repo';
import type { UsersRepo } from '../users/repo';

/** What the phone-mapping use cases may need; each takes the part it uses. */
export interface PhoneMappingDeps {
  usersRepo: UsersRepo;
  connectionsRepo: ConnectionsRepo;
  /** Spends the code in the transaction that links the number. */
  authRepo: AuthRepo;
  securityEvents: SecurityEventsRepo;
  transaction: RunInTransaction;
  /** The sign-in code system (modules/auth/phone-codes.ts), in the shape it takes. */
  phoneCodes: TextCodeDeps;
  clock: Clock;
}

/** Built once by the module's plugin. */
export function phoneMappingDeps(app: FastifyInstance): PhoneMappingDeps {
  return {
    usersRepo: app.usersRepo,
    connectionsRepo: app.connectionsRepo,
    authRepo: app.authRepo,
    securityEvents: app.securityEvents,
    transaction: app.transaction,
    phoneCodes: authDeps(app),
    clock: app.clock,
  };
}
