import type { FastifyInstance } from 'fastify';
import type { Db, RunInTransaction } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { JobsRepo } from '../../lib/jobs/repo';
import type { SecretBox } from '../../lib/secret-box';
import type { DevOutbox } from '../../providers/dev-outbox/repo';
import type { IdentityClient } from '../../providers/identity/identity';
import type { PaymentsProvider } from '../../providers/payments/payments';
import type { SampleWorkspaceRepo } from '../../providers/sample-workspace/repo';
import type { BillingRepo } from '../billing/repo';
import type { ConnectionsRepo } from '../connections/repo';
import type { MailOutbox } from '../mail-outbox/plugin';
import type { SecurityEventsRepo } from '../security-events/repo';
import type { SmsOutbox } from '../sms-outbox/plugin';
import type { UsersRepo } from '../users/repo';
import type { AccountRepo } from './repo';

/** What the account use cases may need; each takes the part it uses. */
export interface AccountDeps {
  accountRepo: AccountRepo;
  securityEvents: SecurityEventsRepo;
  usersRepo: UsersRepo;
  connectionsRepo: ConnectionsRepo;
  billingRepo: BillingRepo;
  payments: PaymentsProvider;
  identity: IdentityClient;
  secretBox: SecretBox;
  /** Every text goes out through it, and never to a number that said STOP. */
  smsOutbox: SmsOutbox;
  mailOutbox: MailOutbox;
  /** What the local stand-ins recorded of a person, forgotten with their account. */
  devOutbox: DevOutbox;
  /** The sample workspaces of the person's accounts at the local stand-ins, forgotten too. */
  sampleWorkspace: SampleWorkspaceRepo;
  /** The job queue: a person's jobs go with them. */
  jobs: JobsRepo;
  transaction: RunInTransaction;
  flushErased: () => Promise<void>;
  /** The maintenance step after an erasure: the database's files rewritten, soon after (a job). */
  rewriteAfterErasure: (trx: Db) => Promise<void>;
  productName: string;
  clock: Clock;
}

/** Built once by the module's plugin. */
export function accountDeps(app: FastifyInstance): AccountDeps {
  return {
    accountRepo: app.accountRepo,
    securityEvents: app.securityEvents,
    usersRepo: app.usersRepo,
    connectionsRepo: app.connectionsRepo,
    billingRepo: app.billingRepo,
    payments: app.payments,
    identity: app.identity,
    secretBox: app.secretBox,
    smsOutbox: app.smsOutbox,
    mailOutbox: app.mailOutbox,
    devOutbox: app.devOutbox,
    sampleWorkspace: app.sampleWorkspace,
    jobs: app.jobs.repo,
    transaction: app.transaction,
    flushErased: app.flushErased,
    rewriteAfterErasure: app.rewriteAfterErasure,
    productName: app.config.productName,
    clock: app.clock,
  };
}
