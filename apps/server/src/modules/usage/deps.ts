import type { FastifyInstance } from 'fastify';
import type { RunInTransaction } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { BillingRepo } from '../billing/repo';
import type { MailOutbox } from '../mail-outbox/plugin';
import type { SmsOutbox } from '../sms-outbox/plugin';
import type { UsersRepo } from '../users/repo';
import type { UsageRepo } from './repo';

/** What the usage use cases may need; each takes the part it uses. */
export interface UsageDeps {
  usageRepo: UsageRepo;
  usersRepo: UsersRepo;
  /** The plan and period usage counts against (billing/plan-period.ts). */
  billingRepo: BillingRepo;
  mailOutbox: MailOutbox;
  transaction: RunInTransaction;
  /** Every text goes out through it, and never to a number that said STOP. */
  smsOutbox: SmsOutbox;
  productName: string;
  publicUrl: string;
  clock: Clock;
}

/** Built once by each of the module's plugins (the service and the internal route). */
export function usageDeps(app: FastifyInstance): UsageDeps {
  return {
    usageRepo: app.usageRepo,
    usersRepo: app.usersRepo,
    billingRepo: app.billingRepo,
    mailOutbox: app.mailOutbox,
    transaction: app.transaction,
    smsOutbox: app.smsOutbox,
    productName: app.config.productName,
    publicUrl: app.config.publicUrl,
    clock: app.clock,
  };
}
