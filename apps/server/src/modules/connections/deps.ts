import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { RunInTransaction } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { OneTimeStore } from '../../lib/one-time-store/one-time-store';
import type { SecretBox } from '../../lib/secret-box';
import type { IdentityClient } from '../../providers/identity/identity';
import type { SecurityEventsRepo } from '../security-events/repo';
import type { SmsOutbox } from '../sms-outbox/plugin';
import type { UsersRepo } from '../users/repo';
import type { ConnectionsRepo } from './repo';

/** What the connection layer may need; each part takes what it uses. */
export interface ConnectionsDeps {
  connectionsRepo: ConnectionsRepo;
  /** Whom to text when a connection breaks, in their language. */
  usersRepo: UsersRepo;
  securityEvents: SecurityEventsRepo;
  transaction: RunInTransaction;
  identity: IdentityClient;
  /** Holds the per-connection refresh lock across instances. */
  oneTimeStore: OneTimeStore;
  secretBox: SecretBox;
  /** Every text goes out through it, and never to a number that said STOP. */
  smsOutbox: SmsOutbox;
  publicUrl: string;
  productName: string;
  clock: Clock;
  /** The app's log: refreshes run for whoever asks first, and for the periodic job. */
  log: FastifyBaseLogger;
}

/** Built once by the module's plugin. */
export function connectionsDeps(app: FastifyInstance): ConnectionsDeps {
  return {
    connectionsRepo: app.connectionsRepo,
    usersRepo: app.usersRepo,
    securityEvents: app.securityEvents,
    transaction: app.transaction,
    identity: app.identity,
    oneTimeStore: app.oneTimeStore,
    secretBox: app.secretBox,
    smsOutbox: app.smsOutbox,
    publicUrl: app.config.publicUrl,
    productName: app.config.productName,
    clock: app.clock,
    log: app.log,
  };
}
