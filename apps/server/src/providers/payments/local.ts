import { randomBytes } from 'node:crypto';
import type { RunInTransaction } from '../../db/database';
import { safeEqual } from '../../lib/secrets';
import {
  LIVE_SUBSCRIPTION_STATUSES,
  type PaymentsProvider,
  PaymentsProviderError,
  type ProviderCard,
  type ProviderCheckoutSession,
  type ProviderEvent,
  type ProviderInvoice,
  type ProviderSubscription,
  WebhookSignatureError,
} from './payments';
import type { LocalPaymentsRepo } from './repo';

export const LOCAL_STARTER_PRICE_ID = 'price_local_starter';
const STARTER_CENTS = 2900;
/** The card the stand-in "charges": Stripe's own test number ends the same way. */
const LOCAL_CARD: ProviderCard = { last4: '4242', brand: 'visa', expMonth: 12, expYear: 2034 };

/** The cards the portal offers in place of a card form: Stripe's test cards, by brand. */
export const LOCAL_TEST_CARDS = {
  visa: LOCAL_CARD,
  mastercard: { last4: '4444', brand: 'mastercard', expMonth: 12, expYear: 2034 },
  amex: { last4: '0005', brand: 'amex', expMonth: 12, expYear: 2034 },
} as const satisfies Record<string, ProviderCard>;
export type LocalTestCard = keyof typeof LOCAL_TEST_CARDS;

/**
 * Stripe's portal address is a short-lived bearer credential: it must be opened within minutes,
 * and then serves one visit. The stand-in keeps the same shape.
 */
const PORTAL_OPEN_WITHIN_MS = 5 * 60_000;
const PORTAL_VISIT_MS = 60 * 60_000;

interface LocalCustomer {
  id: string;
  userId: string;
  card: ProviderCard | null;
}

export interface LocalCheckoutSession extends ProviderCheckoutSession {
  userId: string;
  /**
   * The secret part of the page's address, as a Stripe Checkout URL has one: only the person who
   * asked for the session gets the address, and the session id alone (in the success address,
   * in browser history) neither shows nor pays it.
   */
  key: string;
  priceId: string;
  successUrl: string;
  cancelUrl: string;
  declined: boolean;
}

/** Stripe's portal, or one of its flows opened straight away (`flow_data`). */
export type LocalPortalFlow = 'manage' | 'payment_method_update';

export interface LocalPortalSession {
  id: string;
  /** The secret part of the address, as for checkout: only the person who asked gets it. */
  key: string;
  customerId: string;
  flow: LocalPortalFlow;
  returnUrl: string;
  createdAt: string;
  /** Set on the first visit; the session ends an hour later. */
  firstVisitAt: string | null;
}

const localId = (prefix: string) => `${prefix}_local_${randomBytes(12).toString('hex')}`;

function addMonth(date: Date): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/**
 * The payments stand-in used while no Stripe key is set: the same port, kept in our database,
 * with a checkout page at /dev/checkout where the person pays or declines, and a billing portal
 * at /dev/portal where they change the card, cancel or reactivate. Paying leaves the
 * provider side as Stripe would (an active subscription, a paid invoice, a card), and the
 * billing module then runs the very same sync as for Stripe.
 */
export class LocalPayments implements PaymentsProvider {
  readonly name = 'local' as const;
  readonly starterPriceId = LOCAL_STARTER_PRICE_ID;

  constructor(
    private readonly deps: {
      repo: LocalPaymentsRepo;
      transaction: RunInTransaction;
      publicUrl: string;
      now: () => Date;
    },
  ) {}

  private get nowIso() {
    return this.deps.now().toISOString();
  }

  private async customer(id: string): Promise<LocalCustomer> {
    const customer = await this.deps.repo.get<LocalCustomer>('customer', id);
    if (!customer) throw new PaymentsProviderError(`No such customer: ${id}`, { status: 404 });
    return customer;
  }

  async createCustomer(input: { userId: string }): Promise<string> {
    const customer = await this.deps.repo.insert<LocalCustomer>({
      kind: 'customer',
      customerId: null,
      idempotencyKey: `customer-${input.userId}`,
      data: { id: localId('cus'), userId: input.userId, card: null },
      createdAt: this.nowIso,
    });
    return customer.id;
  }

  async createCheckoutSession(input: {
    customerId: string;
    userId: string;
    priceId: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ id: string; url: string }> {
    await this.customer(input.customerId);
    const session: LocalCheckoutSession = {
      id: localId('cs'),
      key: randomBytes(24).toString('base64url'),
      customerId: input.customerId,
      status: 'open',
      subscriptionId: null,
      url: null,
      userId: input.userId,
      priceId: input.priceId,
      // Stripe fills in {CHECKOUT_SESSION_ID}; so does the stand-in.
      successUrl: input.successUrl,
      cancelUrl: input.cancelUrl,
      declined: false,
    };
    session.url = `${this.deps.publicUrl}/dev/checkout?session=${session.id}&key=${session.key}`;
    await this.deps.repo.insert({
      kind: 'checkout_session',
      customerId: input.customerId,
      data: session,
      createdAt: this.nowIso,
    });
    return { id: session.id, url: session.url };
  }

  getCheckoutSession(id: string): Promise<LocalCheckoutSession | null> {
    return this.deps.repo.get<LocalCheckoutSession>('checkout_session', id);
  }

  /** The session behind a checkout page's address: its id and its key. */
  async openCheckoutSession(id: string, key: string): Promise<LocalCheckoutSession | null> {
    const session = await this.getCheckoutSession(id);
    return session && typeof session.key === 'string' && safeEqual(session.key, key) ? session : null;
  }

  /**
   * The checkout page's answer. Paying creates what Stripe would (subscription, paid invoice,
   * card); declining leaves nothing but the session marked. Answers where the browser goes next.
   */
  async completeCheckout(
    sessionId: string,
    key: string,
    outcome: 'pay' | 'decline',
  ): Promise<LocalCheckoutSession | null> {
    return this.deps.transaction(async (trx) => {
      const repo = this.deps.repo.with(trx);
      const session = await repo.get<LocalCheckoutSession>('checkout_session', sessionId);
      if (!session || typeof session.key !== 'string' || !safeEqual(session.key, key)) return null;
      if (session.status !== 'open' || !session.customerId) return session;
      if (outcome === 'decline') {
        // Like an expired Stripe session: the person starts a new checkout to try again.
        const declined = { ...session, status: 'expired', declined: true };
        await repo.replace(declined);
        return declined;
      }
      const now = this.deps.now();
      const subscription: ProviderSubscription = {
        id: localId('sub'),
        customerId: session.customerId,
        status: 'active',
        priceId: session.priceId,
        currentPeriodStart: now.toISOString(),
        currentPeriodEnd: addMonth(now).toISOString(),
        cancelAtPeriodEnd: false,
        createdAt: now.toISOString(),
      };
      await repo.insert({
        kind: 'subscription',
        customerId: session.customerId,
        data: subscription,
        createdAt: now.toISOString(),
      });
      const invoice: ProviderInvoice = {
        id: localId('in'),
        customerId: session.customerId,
        date: now.toISOString(),
        description: 'Starter Plan',
        amountCents: STARTER_CENTS,
        currency: 'usd',
        status: 'paid',
        pdfUrl: null,
      };
      await repo.insert({
        kind: 'invoice',
        customerId: session.customerId,
        data: invoice,
        createdAt: now.toISOString(),
      });
      const customer = await repo.get<LocalCustomer>('customer', session.customerId);
      if (customer) await repo.replace({ ...customer, card: LOCAL_CARD });
      const completed = { ...session, status: 'complete', subscriptionId: subscription.id };
      await repo.replace(completed);
      return completed;
    });
  }

  async listLiveSubscriptions(customerId: string): Promise<ProviderSubscription[]> {
    const all = await this.deps.repo.list<ProviderSubscription>('subscription', customerId);
    const now = this.nowIso;
    // A subscription set to cancel ends with its period, as Stripe's would.
    return all.filter(
      (sub) =>
        (LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(sub.status) &&
        !(sub.cancelAtPeriodEnd && sub.currentPeriodEnd <= now),
    );
  }

  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void> {
    const sub = await this.deps.repo.get<ProviderSubscription>('subscription', subscriptionId);
    if (!sub) throw new PaymentsProviderError(`No such subscription: ${subscriptionId}`, { status: 404 });
    await this.deps.repo.replace({ ...sub, cancelAtPeriodEnd: cancel });
  }

  async cancelNow(subscriptionId: string): Promise<void> {
    const sub = await this.deps.repo.get<ProviderSubscription>('subscription', subscriptionId);
    if (!sub) throw new PaymentsProviderError(`No such subscription: ${subscriptionId}`, { status: 404 });
    await this.deps.repo.replace({ ...sub, status: 'canceled', cancelAtPeriodEnd: false });
  }

  /** The stand-in keeps no records for legal duties: everything of the customer goes. */
  async deleteCustomer(customerId: string): Promise<void> {
    if ((await this.deps.repo.deleteCustomer(customerId)) === 0) {
      throw new PaymentsProviderError(`No such customer: ${customerId}`, { status: 404 });
    }
  }

  async listInvoices(customerId: string): Promise<ProviderInvoice[]> {
    const invoices = await this.deps.repo.list<ProviderInvoice>('invoice', customerId);
    return invoices.map((invoice) => ({
      ...invoice,
      pdfUrl: `${this.deps.publicUrl}/dev/checkout/invoice?id=${invoice.id}`,
    }));
  }

  getInvoice(id: string): Promise<ProviderInvoice | null> {
    return this.deps.repo.get<ProviderInvoice>('invoice', id);
  }

  async defaultCard(customerId: string): Promise<ProviderCard | null> {
    return (await this.customer(customerId)).card;
  }

  /** A portal session at /dev/portal for this customer, as Stripe's billing portal makes one. */
  customerPortalUrl(customerId: string, returnUrl: string): Promise<string> {
    return this.createPortalSession(customerId, returnUrl, 'manage');
  }

  /** The portal opened on its card form, as Stripe's `flow_data: payment_method_update`. */
  updatePaymentMethodUrl(customerId: string, returnUrl: string): Promise<string> {
    return this.createPortalSession(customerId, returnUrl, 'payment_method_update');
  }

  private async createPortalSession(
    customerId: string,
    returnUrl: string,
    flow: LocalPortalFlow,
  ): Promise<string> {
    await this.customer(customerId);
    const session: LocalPortalSession = {
      id: localId('bps'),
      key: randomBytes(24).toString('base64url'),
      customerId,
      flow,
      returnUrl,
      createdAt: this.nowIso,
      firstVisitAt: null,
    };
    await this.deps.repo.insert({
      kind: 'portal_session',
      customerId,
      data: session,
      createdAt: this.nowIso,
    });
    return `${this.deps.publicUrl}/dev/portal?session=${session.id}&key=${session.key}`;
  }

  /**
   * The portal session behind an address (its id and key), null when there is none or the key
   * is wrong; `expired` once it was not opened in time or its visit is over. Opening starts the
   * visit.
   */
  async openPortalSession(
    id: string,
    key: string,
  ): Promise<{ session: LocalPortalSession; expired: boolean } | null> {
    const session = await this.deps.repo.get<LocalPortalSession>('portal_session', id);
    if (!session || !safeEqual(session.key, key)) return null;
    const now = this.deps.now().getTime();
    if (session.firstVisitAt) {
      return { session, expired: now - Date.parse(session.firstVisitAt) > PORTAL_VISIT_MS };
    }
    if (now - Date.parse(session.createdAt) > PORTAL_OPEN_WITHIN_MS) return { session, expired: true };
    const visited = { ...session, firstVisitAt: new Date(now).toISOString() };
    await this.deps.repo.replace(visited);
    return { session: visited, expired: false };
  }

  /** The portal's card form: the customer's default card becomes the test card chosen. */
  async setTestCard(customerId: string, card: LocalTestCard): Promise<ProviderCard> {
    const customer = await this.customer(customerId);
    await this.deps.repo.replace({ ...customer, card: LOCAL_TEST_CARDS[card] });
    return LOCAL_TEST_CARDS[card];
  }

  async createPaymentIntent(): Promise<{ clientSecret: string }> {
    return { clientSecret: `${localId('pi')}_secret_${randomBytes(12).toString('hex')}` };
  }

  async createSubscription(input: {
    customerId: string;
    priceId: string;
  }): Promise<{ id: string; status: string; clientSecret: string | null }> {
    const customer = await this.customer(input.customerId);
    const now = this.deps.now();
    const subscription: ProviderSubscription = {
      id: localId('sub'),
      customerId: input.customerId,
      status: 'active',
      priceId: input.priceId,
      currentPeriodStart: now.toISOString(),
      currentPeriodEnd: addMonth(now).toISOString(),
      cancelAtPeriodEnd: false,
      createdAt: now.toISOString(),
    };
    await this.deps.repo.insert({
      kind: 'subscription',
      customerId: input.customerId,
      data: subscription,
      createdAt: now.toISOString(),
    });
    await this.deps.repo.replace({ ...customer, card: LOCAL_CARD });
    return { id: subscription.id, status: subscription.status, clientSecret: null };
  }

  async setDefaultPaymentMethod(customerId: string): Promise<ProviderCard> {
    const customer = await this.customer(customerId);
    await this.deps.repo.replace({ ...customer, card: LOCAL_CARD });
    return LOCAL_CARD;
  }

  /** Nothing sends the stand-in webhooks: its checkout page runs the sync itself. */
  constructWebhookEvent(): ProviderEvent {
    throw new WebhookSignatureError('The local payments stand-in takes no webhooks');
  }
}
