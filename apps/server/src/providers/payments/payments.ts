/**
 * The payments port (design §3): what billing needs from a card provider. Stripe is the real
 * adapter; the local stand-in answers the same calls from our database and a checkout page at
 * /dev/checkout. Times are ISO-8601, amounts are cents.
 */

/** Statuses that still give access: a canceled or incomplete subscription never counts. */
export const LIVE_SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due'] as const;

export interface ProviderSubscription {
  id: string;
  customerId: string;
  status: string;
  priceId: string | null;
  currentPeriodStart: string;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  createdAt: string;
}

export interface ProviderInvoice {
  id: string;
  customerId: string;
  date: string;
  description: string;
  amountCents: number;
  currency: string;
  status: string;
  pdfUrl: string | null;
}

export interface ProviderCard {
  last4: string;
  brand: string | null;
  expMonth: number | null;
  expYear: number | null;
}

export interface ProviderCheckoutSession {
  id: string;
  customerId: string | null;
  /** 'complete' once paid; 'open' or 'expired' otherwise. */
  status: string;
  subscriptionId: string | null;
  /** Where the person pays, while the session is open. */
  url: string | null;
}

/** What a webhook event is about; the sync reads the rest from the provider. */
export interface ProviderEvent {
  id: string;
  type: string;
  customerId: string | null;
}

export interface PaymentsProvider {
  readonly name: 'stripe' | 'local';
  /** The price of the Starter plan at this provider. */
  readonly starterPriceId: string;
  /**
   * Creates the customer for one of our users. The user id is the idempotency key and sits in
   * the customer's metadata, so two racing requests get the same customer.
   */
  createCustomer(input: { userId: string; email: string | null; name: string }): Promise<string>;
  createCheckoutSession(input: {
    customerId: string;
    userId: string;
    priceId: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<{ id: string; url: string }>;
  getCheckoutSession(id: string): Promise<ProviderCheckoutSession | null>;
  /** Only active, trialing and past_due: never a canceled one picked up by `limit: 1`. */
  listLiveSubscriptions(customerId: string): Promise<ProviderSubscription[]>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean): Promise<void>;
  /** Ends a subscription now, without a refund or a final invoice (an account being deleted). */
  cancelNow(subscriptionId: string): Promise<void>;
  /**
   * Deletes the customer (an account being deleted): its cards, address and our user id in its
   * metadata go; the provider keeps its invoices for its own legal duties. A 404 means it is gone.
   */
  deleteCustomer(customerId: string): Promise<void>;
  listInvoices(customerId: string): Promise<ProviderInvoice[]>;
  defaultCard(customerId: string): Promise<ProviderCard | null>;
  customerPortalUrl(customerId: string, returnUrl: string): Promise<string>;
  updatePaymentMethodUrl(customerId: string, returnUrl: string): Promise<string>;
  /** The in-page card form (spec §7 payments/*). */
  createPaymentIntent(input: {
    customerId: string;
    userId: string;
    amountCents: number;
    currency: 'usd';
    plan: string;
  }): Promise<{ clientSecret: string }>;
  createSubscription(input: {
    customerId: string;
    userId: string;
    priceId: string;
    paymentMethodId: string;
  }): Promise<{ id: string; status: string; clientSecret: string | null }>;
  setDefaultPaymentMethod(customerId: string, paymentMethodId: string): Promise<ProviderCard>;
  /**
   * Checks the signature over the raw body; throws WebhookSignatureError when it does not hold,
   * and WebhookPayloadError when it holds over something that is not an event we can read.
   */
  constructWebhookEvent(rawBody: Buffer, signature: string): ProviderEvent;
}

/** A webhook whose signature is missing, wrong or too old: nothing may change. */
export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

/**
 * A webhook signed with our secret that is still no event we can use (not JSON, no id, no
 * data.object): answering anything but 2xx would only make the provider send it again for days.
 */
export class WebhookPayloadError extends Error {
  override name = 'WebhookPayloadError';
}

/** The provider refused or could not be reached. */
export class PaymentsProviderError extends Error {
  override name = 'PaymentsProviderError';
  constructor(
    message: string,
    readonly detail: { status?: number; code?: string } = {},
  ) {
    super(message);
  }
}
