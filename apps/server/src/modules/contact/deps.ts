import type { FastifyInstance } from 'fastify';
import type { RunInTransaction } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { BillingRepo } from '../billing/repo';
import type { ConnectionsRepo } from '../connections/repo';
import type { MailOutbox } from '../mail-outbox/plugin';
import type { UsersRepo } from '../users/repo';
import type { ContactRepo } from './repo';

/** What the contact use cases may need; each takes the part it uses. */
export interface ContactDeps {
  contactRepo: ContactRepo;
  usersRepo: UsersRepo;
  /** The plan and the connections, described in the support mail. */
  billingRepo: BillingRepo;
  connectionsRepo: ConnectionsRepo;
  mailOutbox: MailOutbox;
  transaction: RunInTransaction;
  supportEmail: string;
  productName: string;
  clock: Clock;
}

/** Built once by the module's plugin. */
export function contactDeps(app: FastifyInstance): ContactDeps {
  return {
    contactRepo: app.contactRepo,
    usersRepo: app.usersRepo,
    billingRepo: app.billingRepo,
    connectionsRepo: app.connectionsRepo,
    mailOutbox: app.mailOutbox,
    transaction: app.transaction,
    supportEmail: app.config.supportEmail,
    productName: app.config.productName,
    clock: app.clock,
  };
}
