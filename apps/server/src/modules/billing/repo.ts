import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/database';
import { everyColumn, fromJsonRows, jsonRows } from '../../db/json-rows';
import { prepared } from '../../db/prepared';
import { Repo, repoPlugin } from '../../db/repo';
import type {
  BillingAccountsTable,
  BillingInvoicesTable,
  BillingSubscriptionsTable,
  Database,
} from '../../db/schema';
import {
  LIVE_SUBSCRIPTION_STATUSES,
  type ProviderCard,
  type ProviderInvoice,
  type ProviderSubscription,
} from '../../providers/payments/payments';

export type BillingAccountRow = BillingAccountsTable;
export type BillingSubscriptionRow = BillingSubscriptionsTable;
export type BillingInvoiceRow = BillingInvoicesTable;

/** What one sync read from the provider, to be written as our copy. */
export interface ProviderState {
  subscriptions: (ProviderSubscription & { planId: string })[];
  invoices: ProviderInvoice[];
  card: ProviderCard | null;
}

// What billing/info reads on every visit to the billing screen, compiled once (db/prepared.ts).
const accountOf = prepared((db: Db, userId: string) =>
  db.selectFrom('billing_accounts').selectAll().where('user_id', '=', userId),
);
const subscriptionsOf = prepared((db: Db, userId: string) =>
  db
    .selectFrom('billing_subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc'),
);
const invoicesOf = prepared((db: Db, userId: string) =>
  db
    .selectFrom('billing_invoices')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('date', 'desc')
    .orderBy('id', 'desc'),
);

const ACCOUNT_COLUMNS = everyColumn<BillingAccountRow>({
  user_id: true,
  customer_id: true,
  trial_started_at: true,
  trial_ends_at: true,
  checkout_session_id: true,
  card_last4: true,
  card_brand: true,
  card_exp_month: true,
  card_exp_year: true,
  synced_at: true,
  created_at: true,
  updated_at: true,
});
const SUBSCRIPTION_COLUMNS = everyColumn<BillingSubscriptionRow>({
  id: true,
  user_id: true,
  plan_id: true,
  price_id: true,
  status: true,
  current_period_start: true,
  current_period_end: true,
  cancel_at_period_end: true,
  created_at: true,
  updated_at: true,
});
const INVOICE_COLUMNS = everyColumn<BillingInvoiceRow>({
  id: true,
  user_id: true,
  date: true,
  description: true,
  amount_cents: true,
  currency: true,
  status: true,
  pdf_url: true,
  updated_at: true,
});

/** The person's account and subscriptions (newest first) as JSON lists, for one statement. */
const accountAndSubscriptions = (db: Db, eb: ExpressionBuilder<Database, never>, userId: string) => [
  jsonRows<BillingAccountRow>(
    db,
    eb.selectFrom('billing_accounts').select(ACCOUNT_COLUMNS).where('user_id', '=', userId),
    ACCOUNT_COLUMNS,
  ).as('account'),
  jsonRows<BillingSubscriptionRow>(
    db,
    eb.selectFrom('billing_subscriptions').select(SUBSCRIPTION_COLUMNS).where('user_id', '=', userId),
    SUBSCRIPTION_COLUMNS,
    [
      ['created_at', 'desc'],
      ['id', 'desc'],
    ],
  ).as('subscriptions'),
];

/**
 * What the plan period is decided from, in one statement: one round trip on PostgreSQL instead
 * of two, on every usage report.
 */
const planOf = prepared((db: Db, userId: string) =>
  db.selectNoFrom((eb) => accountAndSubscriptions(db, eb, userId)),
);

/**
 * The account, the subscriptions and the invoices in one statement: on PostgreSQL one round trip
 * instead of three (bench/README.md). Each list in the order its own read above gives it.
 */
const billingOf = prepared((db: Db, userId: string) =>
  db.selectNoFrom((eb) => [
    ...accountAndSubscriptions(db, eb, userId),
    jsonRows<BillingInvoiceRow>(
      db,
      eb.selectFrom('billing_invoices').select(INVOICE_COLUMNS).where('user_id', '=', userId),
      INVOICE_COLUMNS,
      [
        ['date', 'desc'],
        ['id', 'desc'],
      ],
    ).as('invoices'),
  ]),
);

/** The SQL of billing: accounts (trial, customer, card), our copy of subscriptions and invoices, webhook events. */
export class BillingRepo extends Repo {
  async getAccount(userId: string): Promise<BillingAccountRow | undefined> {
    return (await accountOf(this.db, userId))[0];
  }

  /** What the billing screen shows of our copy: the account, subscriptions and invoices, newest first. */
  async readBilling(userId: string): Promise<{
    account: BillingAccountRow | undefined;
    subscriptions: BillingSubscriptionRow[];
    invoices: BillingInvoiceRow[];
  }> {
    const [row] = await billingOf(this.db, userId);
    return {
      account: fromJsonRows(row?.account)[0],
      subscriptions: fromJsonRows(row?.subscriptions),
      invoices: fromJsonRows(row?.invoices),
    };
  }

  /** What the plan period is decided from: the account and the subscriptions, newest first. */
  async readPlan(
    userId: string,
  ): Promise<{ account: BillingAccountRow | undefined; subscriptions: BillingSubscriptionRow[] }> {
    const [row] = await planOf(this.db, userId);
    return { account: fromJsonRows(row?.account)[0], subscriptions: fromJsonRows(row?.subscriptions) };
  }

  findAccountByCustomer(customerId: string): Promise<BillingAccountRow | undefined> {
    return this.db
      .selectFrom('billing_accounts')
      .selectAll()
      .where('customer_id', '=', customerId)
      .executeTakeFirst();
  }

  /** Creates the user's empty account row unless it exists. */
  async ensureAccount(userId: string, nowIso: string): Promise<void> {
    await this.db
      .insertInto('billing_accounts')
      .values({ user_id: userId, created_at: nowIso, updated_at: nowIso })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  }

  /** Holds the account's row lock to commit (PostgreSQL; SQLite has one writer). */
  async lockAccount(userId: string): Promise<void> {
    await this.db
      .updateTable('billing_accounts')
      .set((eb) => ({ updated_at: eb.ref('updated_at') }))
      .where('user_id', '=', userId)
      .execute();
  }

  /** Stores the customer only where none is stored: a racing second request keeps the first. */
  async setCustomerIfUnset(userId: string, customerId: string, nowIso: string): Promise<void> {
    await this.db
      .updateTable('billing_accounts')
      .set({ customer_id: customerId, updated_at: nowIso })
      .where('user_id', '=', userId)
      .where('customer_id', 'is', null)
      .execute();
  }

  async setCheckoutSession(userId: string, sessionId: string, nowIso: string): Promise<void> {
    await this.db
      .updateTable('billing_accounts')
      .set({ checkout_session_id: sessionId, updated_at: nowIso })
      .where('user_id', '=', userId)
      .execute();
  }

  /**
   * People whose billing changed at or after `sinceIso` (a trial started, a provider sync wrote
   * their plan), by the `updated_at` index: a plan that starts may make a greeting due (decision 503).
   */
  async accountsUpdatedSince(sinceIso: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('billing_accounts')
      .select('user_id')
      .where('updated_at', '>=', sinceIso)
      .limit(limit)
      .execute();
    return rows.map((row) => row.user_id);
  }

  /** Starts the trial unless it was ever started; false when it was. */
  async startTrial(userId: string, startIso: string, endIso: string): Promise<boolean> {
    const result = await this.db
      .updateTable('billing_accounts')
      .set({ trial_started_at: startIso, trial_ends_at: endIso, updated_at: startIso })
      .where('user_id', '=', userId)
      .where('trial_started_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The user's subscriptions, newest first. */
  listSubscriptions(userId: string): Promise<BillingSubscriptionRow[]> {
    return subscriptionsOf(this.db, userId);
  }

  /** Newest first. */
  listInvoices(userId: string): Promise<BillingInvoiceRow[]> {
    return invoicesOf(this.db, userId);
  }

  /** Scoped to the user: another user's invoice is not found. */
  findInvoice(userId: string, id: string): Promise<BillingInvoiceRow | undefined> {
    return this.db
      .selectFrom('billing_invoices')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async hasWebhookEvent(id: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('billing_webhook_events')
      .select('id')
      .where('id', '=', id)
      .executeTakeFirst();
    return Boolean(row);
  }

  /** Records the event; false when it was already recorded (a replay or a parallel delivery). */
  async recordWebhookEvent(id: string, type: string, nowIso: string): Promise<boolean> {
    const result = await this.db
      .insertInto('billing_webhook_events')
      .values({ id, type, received_at: nowIso })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  }

  /**
   * Writes what the provider said as our copy: live subscriptions as they are, any other of
   * the user's subscriptions no longer live (the provider lists live ones only), invoices, card.
   */
  async writeProviderState(
    userId: string,
    state: ProviderState,
    readAt: string,
    nowIso: string,
  ): Promise<void> {
    const live = new Set(state.subscriptions.map((sub) => sub.id));
    for (const sub of state.subscriptions) {
      const values = {
        user_id: userId,
        plan_id: sub.planId,
        price_id: sub.priceId,
        status: sub.status,
        current_period_start: sub.currentPeriodStart,
        current_period_end: sub.currentPeriodEnd,
        cancel_at_period_end: sub.cancelAtPeriodEnd ? 1 : 0,
        updated_at: nowIso,
      };
      await this.db
        .insertInto('billing_subscriptions')
        .values({ id: sub.id, created_at: sub.createdAt, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
    }
    const stale = (await this.listSubscriptions(userId)).filter(
      (row) => !live.has(row.id) && (LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(row.status),
    );
    for (const row of stale) {
      await this.db
        .updateTable('billing_subscriptions')
        .set({ status: 'canceled', cancel_at_period_end: 0, updated_at: nowIso })
        .where('id', '=', row.id)
        .execute();
    }
    for (const invoice of state.invoices) {
      const values = {
        user_id: userId,
        date: invoice.date,
        description: invoice.description,
        amount_cents: invoice.amountCents,
        currency: invoice.currency,
        status: invoice.status,
        pdf_url: invoice.pdfUrl,
        updated_at: nowIso,
      };
      await this.db
        .insertInto('billing_invoices')
        .values({ id: invoice.id, ...values })
        .onConflict((oc) => oc.column('id').doUpdateSet(values))
        .execute();
    }
    await this.db
      .updateTable('billing_accounts')
      .set({
        card_last4: state.card?.last4 ?? null,
        card_brand: state.card?.brand ?? null,
        card_exp_month: state.card?.expMonth ?? null,
        card_exp_year: state.card?.expYear ?? null,
        synced_at: readAt,
        updated_at: nowIso,
      })
      .where('user_id', '=', userId)
      .execute();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    billingRepo: BillingRepo;
  }
}

export const billingRepoPlugin = repoPlugin('billingRepo', BillingRepo, 'billing-repo');
