import type { FastifyInstance } from 'fastify';
import type { RunInTransaction } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { OneTimeStore } from '../../lib/one-time-store/one-time-store';
import type { PaymentsProvider } from '../../providers/payments/payments';
import type { SecurityEventsRepo } from '../security-events/repo';
import type { BillingRepo } from './repo';
import type { UsageReport } from './usage-report';

/** What the billing use cases may need; each takes the part it uses. */
export interface BillingDeps {
  billingRepo: BillingRepo;
  securityEvents: SecurityEventsRepo;
  payments: PaymentsProvider;
  transaction: RunInTransaction;
  /** Holds one checkout per person at a time, across instances. */
  oneTimeStore: OneTimeStore;
  usage: UsageReport;
  publicUrl: string;
  clock: Clock;
}

/** Built once by the module's plugin. */
export function billingDeps(app: FastifyInstance): BillingDeps {
  return {
    billingRepo: app.billingRepo,
    securityEvents: app.securityEvents,
    payments: app.payments,
    transaction: app.transaction,
    oneTimeStore: app.oneTimeStore,
    usage: app.usage,
    publicUrl: app.config.publicUrl,
    clock: app.clock,
  };
}
