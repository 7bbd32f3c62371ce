import type { FastifyInstance } from 'fastify';
import type { RunInTransaction } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { OneTimeStore } from '../../lib/one-time-store/one-time-store';
import type { SecretBox } from '../../lib/secret-box';
import type { IdentityClient } from '../../providers/identity/identity';
import type { AuthRepo } from '../auth/repo';
import type { ConnectionLifecycle } from '../connections/lifecycle';
import type { ConnectionsRepo } from '../connections/repo';
import type { SecurityEventsRepo } from '../security-events/repo';
import type { UsersRepo } from '../users/repo';

/** What the OAuth use cases may need; each takes the part it uses. */
export interface OAuthDeps {
  identity: IdentityClient;
  /** Holds the state between the legs and the login ticket after. */
  oneTimeStore: OneTimeStore;
  connectionsRepo: ConnectionsRepo;
  /** Told of a connection connected (the change feed subscribes). */
  connectionLifecycle: ConnectionLifecycle;
  /** Spends a new phone user's verified-phone proof. */
  authRepo: AuthRepo;
  securityEvents: SecurityEventsRepo;
  usersRepo: UsersRepo;
  transaction: RunInTransaction;
  secretBox: SecretBox;
  /** Verifies the phone proof a new user brought along. */
  proofKey: Buffer;
  publicUrl: string;
  clock: Clock;
}

/** Built once by the module's plugin. */
export function oauthDeps(app: FastifyInstance): OAuthDeps {
  return {
    identity: app.identity,
    oneTimeStore: app.oneTimeStore,
    connectionsRepo: app.connectionsRepo,
    connectionLifecycle: app.connectionLifecycle,
    authRepo: app.authRepo,
    securityEvents: app.securityEvents,
    usersRepo: app.usersRepo,
    transaction: app.transaction,
    secretBox: app.secretBox,
    proofKey: app.secrets.tokenSealing,
    publicUrl: app.config.publicUrl,
    clock: app.clock,
  };
}
