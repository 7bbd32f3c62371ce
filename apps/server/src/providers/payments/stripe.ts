import Stripe from 'stripe';
import type { Config } from '../../config';
import {
  LIVE_SUBSCRIPTION_STATUSES,
  type PaymentsProvider,
  PaymentsProviderError,
  type ProviderCard,
  type ProviderCheckoutSession,
  type ProviderEvent,
  type ProviderInvoice,
  type ProviderSubscription,
  WebhookPayloadError,
  WebhookSignatureError,
} from './payments';

/** Stripe's default, written out: a signed event older than this is refused (replays). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

function cardOf(method: Stripe.PaymentMethod | string | null | undefined): ProviderCard | null {
  if (!method || typeof method === 'string' || !method.card) return null;
  return {
    last4: method.card.last4,
    brand: method.card.brand ?? null,
    expMonth: method.card.exp_month ?? null,
    expYear: method.card.exp_year ?? null,
  };
}

/** Turns the SDK's errors into the port's, keeping Stripe's status and code for the log. */
async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeError) {
      throw new PaymentsProviderError(error.message, {
        ...(error.statusCode ? { status: error.statusCode } : {}),
        ...(error.code ? { code: error.code } : {}),
      });
    }
    throw error;
  }
}

export class StripePayments implements PaymentsProvider {
  readonly name = 'stripe' as const;
  readonly starterPriceId: string;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string;

  constructor(config: NonNullable<Config['stripe']>) {
    this.starterPriceId = config.starterPriceId;
    this.webhookSecret = config.webhookSecret;
    this.stripe = new Stripe(config.secretKey, {
      // Retries reuse the idempotency key, so a retried create never makes a second object.
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(config.api ? { host: config.api.host, port: config.api.port, protocol: config.api.protocol } : {}),
    });
  }

  createCustomer(input: { userId: string; email: string | null; name: string }): Promise<string> {
    return call(async () => {
      const customer = await this.stripe.customers.create(
        {
          ...(input.email ? { email: input.email } : {}),
          name: input.name,
          metadata: { userId: input.userId },
        },
        { idempotencyKey: `customer-${input.userId}` },
      );
      return customer.id;
    });
  }

  createCheckoutSession(input: {
    customerId: string;
    userId: string;
    priceId: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ id: string; url: string }> {
    return call(async () => {
      const session = await this.stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: input.customerId,
        client_reference_id: input.userId,
        line_items: [{ price: input.priceId, quantity: 1 }],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        metadata: { userId: input.userId },
        subscription_data: { metadata: { userId: input.userId } },
      });
      if (!session.url) throw new PaymentsProviderError('Stripe returned a checkout session without a URL');
      return { id: session.id, url: session.url };
    });
  }

  getCheckoutSession(id: string): Promise<ProviderCheckoutSession | null> {
    return call(async () => {
      try {
        const session = await this.stripe.checkout.sessions.retrieve(id);
        return {
          id: session.id,
          customerId: idOf(session.customer),
          status: session.status ?? 'open',
          subscriptionId: idOf(session.subscription),
          url: session.url ?? null,
        };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw error;
      }
    });
  }

  listLiveSubscriptions(customerId: string): Promise<ProviderSubscription[]> {
    return call(async () => {
      // 'all' and a filter here, rather than `limit: 1`: the newest subscription may be a canceled one.
      const list = await this.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 });
      return list.data
        .filter((sub) => (LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(sub.status))
        .map((sub) => {
          // Since API 2025-03-31 the period lives on each item; one item per subscription here.
          const item = sub.items.data[0];
          return {
            id: sub.id,
            customerId: idOf(sub.customer) ?? customerId,
            status: sub.status,
            priceId: item?.price.id ?? null,
            currentPeriodStart: iso(item?.current_period_start ?? sub.start_date),
            currentPeriodEnd: iso(item?.current_period_end ?? sub.start_date),
            cancelAtPeriodEnd: sub.cancel_at_period_end,
            createdAt: iso(sub.created),
          };
        });
    });
  }

  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void> {
    return call(async () => {
      await this.stripe.subscriptions.update(subscriptionId, { cancel_at_period_end: cancel });
    });
  }

  cancelNow(subscriptionId: string): Promise<void> {
    return call(async () => {
      await this.stripe.subscriptions.cancel(subscriptionId);
    });
  }

  listInvoices(customerId: string): Promise<ProviderInvoice[]> {
    return call(async () => {
      const list = await this.stripe.invoices.list({ customer: customerId, limit: 100 });
      return list.data
        .filter((invoice): invoice is Stripe.Invoice & { id: string } => Boolean(invoice.id))
        .filter((invoice) => invoice.status !== 'draft')
        .map((invoice) => ({
          id: invoice.id,
          customerId,
          date: iso(invoice.created),
          description:
            invoice.description ?? invoice.lines?.data[0]?.description ?? invoice.number ?? 'Subscription',
          amountCents: invoice.total,
          currency: invoice.currency,
          status: invoice.status ?? 'open',
          pdfUrl: invoice.invoice_pdf ?? invoice.hosted_invoice_url ?? null,
        }));
    });
  }

  defaultCard(customerId: string): Promise<ProviderCard | null> {
    return call(async () => {
      const customer = await this.stripe.customers.retrieve(customerId, {
        expand: ['invoice_settings.default_payment_method'],
      });
      if (!customer.deleted) {
        const card = cardOf(customer.invoice_settings?.default_payment_method);
        if (card) return card;
      }
      // Checkout puts the card on the subscription, not the customer: the customer's newest card.
      const methods = await this.stripe.paymentMethods.list({ customer: customerId, type: 'card', limit: 1 });
      return cardOf(methods.data[0]);
    });
  }

  deleteCustomer(customerId: string): Promise<void> {
    return call(async () => {
      await this.stripe.customers.del(customerId);
    });
  }

  customerPortalUrl(customerId: string, returnUrl: string): Promise<string> {
    return call(async () => {
      const session = await this.stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
      });
      return session.url;
    });
  }

  updatePaymentMethodUrl(customerId: string, returnUrl: string): Promise<string> {
    return call(async () => {
      const session = await this.stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: returnUrl,
        flow_data: { type: 'payment_method_update' },
      });
      return session.url;
    });
  }

  createPaymentIntent(input: {
    customerId: string;
    userId: string;
    amountCents: number;
    currency: 'usd';
    plan: string;
  }): Promise<{ clientSecret: string }> {
    return call(async () => {
      const intent = await this.stripe.paymentIntents.create({
        amount: input.amountCents,
        currency: input.currency,
        customer: input.customerId,
        metadata: { userId: input.userId, plan: input.plan },
        automatic_payment_methods: { enabled: true },
      });
      if (!intent.client_secret) throw new PaymentsProviderError('Stripe returned no client secret');
      return { clientSecret: intent.client_secret };
    });
  }

  createSubscription(input: {
    customerId: string;
    userId: string;
    priceId: string;
    paymentMethodId: string;
  }): Promise<{ id: string; status: string; clientSecret: string | null }> {
    return call(async () => {
      await this.stripe.paymentMethods.attach(input.paymentMethodId, { customer: input.customerId });
      await this.stripe.customers.update(input.customerId, {
        invoice_settings: { default_payment_method: input.paymentMethodId },
      });
      const sub = await this.stripe.subscriptions.create(
        {
          customer: input.customerId,
          items: [{ price: input.priceId }],
          default_payment_method: input.paymentMethodId,
          payment_behavior: 'default_incomplete',
          metadata: { userId: input.userId },
          expand: ['latest_invoice.confirmation_secret'],
        },
        { idempotencyKey: `subscription-${input.userId}-${input.paymentMethodId}` },
      );
      const invoice = sub.latest_invoice;
      const secret =
        invoice && typeof invoice !== 'string' ? invoice.confirmation_secret?.client_secret : null;
      return { id: sub.id, status: sub.status, clientSecret: secret ?? null };
    });
  }

  setDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<ProviderCard> {
    return call(async () => {
      const method = await this.stripe.paymentMethods.attach(paymentMethodId, { customer: customerId });
      await this.stripe.customers.update(customerId, {
        invoice_settings: { default_payment_method: paymentMethodId },
      });
      const card = cardOf(method);
      if (!card) throw new PaymentsProviderError('That payment method is not a card');
      return card;
    });
  }

  constructWebhookEvent(rawBody: Buffer, signature: string): ProviderEvent {
    // Stripe's check bounds a timestamp's age, not how far ahead it is: a signed event dated
    // next week would pass for a week (a clock that ran ahead, or a replay kept for later).
    const signedAt = Number(/(?:^|,)t=(\d+)/.exec(signature)?.[1] ?? Number.NaN);
    if (signedAt > Date.now() / 1000 + WEBHOOK_TOLERANCE_SECONDS) {
      throw new WebhookSignatureError('Timestamp is in the future, outside the tolerance zone');
    }
    let event: unknown;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature,
        this.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
        throw new WebhookSignatureError(error.message);
      }
      // The signature held, so Stripe sent it: a body that is not JSON, or a thin v2 notification.
      throw new WebhookPayloadError((error as Error).message);
    }
    return readEvent(event);
  }
}

/**
 * What the sync needs from a signed event, read without trusting its shape: the SDK only parses
 * the JSON, and a signed body may still lack `data` (a test sent from the dashboard, an API
 * version newer than ours).
 */
function readEvent(event: unknown): ProviderEvent {
  if (typeof event !== 'object' || event === null)
    throw new WebhookPayloadError('the event is not an object');
  const { id, type, data } = event as { id?: unknown; type?: unknown; data?: unknown };
  if (typeof id !== 'string' || !id || typeof type !== 'string' || !type) {
    throw new WebhookPayloadError('the event has no id or no type');
  }
  const object = typeof data === 'object' && data !== null ? (data as { object?: unknown }).object : null;
  if (typeof object !== 'object' || object === null) {
    throw new WebhookPayloadError(`the ${type} event ${id} has no data.object`);
  }
  const fields = object as { object?: unknown; id?: unknown; customer?: unknown };
  const customerId = fields.object === 'customer' ? textId(fields.id) : textId(fields.customer);
  return { id, type, customerId };
}

/** Stripe gives a reference either as its id or expanded into the object. */
function textId(value: unknown): string | null {
  if (typeof value === 'string') return value || null;
  if (typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string') {
    return (value as { id: string }).id || null;
  }
  return null;
}
