import type { FastifyBaseLogger } from 'fastify';
import type { RunInTransaction } from '../../db/database';
import type { SecretBox } from '../../lib/secret-box';
import type { DevOutbox } from '../../providers/dev-outbox/repo';
import type { IdentityClient } from '../../providers/identity/identity';
import type { PaymentsProvider } from '../../providers/payments/payments';
import type { SmsSender } from '../../providers/sms/sms';
import type { BillingRepo } from '../billing/repo';
import type { ConnectionsRepo } from '../connections/repo';
import type { MailOutboxRepo } from '../mail-outbox/repo';
import type { SecurityEventsRepo } from '../security-events/repo';
import type { AccountRepo } from './repo';

/** What the account use cases may need; each takes the part it uses. */
export interface AccountDeps {
  repo: AccountRepo;
  events: SecurityEventsRepo;
  connections: ConnectionsRepo;
  billing: BillingRepo;
  payments: PaymentsProvider;
  identity: IdentityClient;
  secretBox: SecretBox;
  sms: SmsSender;
  outbox: MailOutboxRepo;
  afterMailQueued: () => void;
  transaction: RunInTransaction;
  devOutbox: DevOutbox;
  flushErased: () => Promise<void>;
  productName: string;
  now: () => Date;
  log: FastifyBaseLogger;
}
