import type { RunInTransaction } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { OneTimeStore } from '../../lib/one-time-store/one-time-store';
import type { SecretBox } from '../../lib/secret-box';
import type { IdentityClient } from '../../providers/identity/identity';
import type { AuthRepo } from '../auth/repo';
import type { ConnectionsRepo } from '../connections/repo';
import type { SecurityEventsRepo } from '../security-events/repo';

/**
 * What the OAuth callback's parts may need; each takes the part it uses. Built per request by
 * oauth/routes.ts for now, under older names that finish-oauth.ts maps once per callback.
 */
export interface OAuthDeps {
  identity: IdentityClient;
  /** Holds the state between the legs and the login ticket after. */
  oneTimeStore: OneTimeStore;
  connectionsRepo: ConnectionsRepo;
  /** Spends a new phone user's verified-phone proof. */
  authRepo: AuthRepo;
  securityEvents: SecurityEventsRepo;
  transaction: RunInTransaction;
  secretBox: SecretBox;
  /** Verifies the phone proof a new user brought along. */
  proofKey: Buffer;
  publicUrl: string;
  clock: Clock;
}
