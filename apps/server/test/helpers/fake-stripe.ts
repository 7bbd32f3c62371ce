import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type Obj = Record<string, unknown>;

/** Stripe's form encoding (`a[b][0][c]=v`) back into objects; arrays stay objects keyed by index. */
function parseForm(text: string): Obj {
  const out: Obj = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value;
      else {
        node[part] ??= {};
        node = node[part] as Obj;
      }
    });
  }
  return out;
}

const now = () => Math.floor(Date.now() / 1000);
const id = (prefix: string) => `${prefix}_${randomBytes(10).toString('hex')}`;
const list = (data: unknown[], url: string) => ({ object: 'list', data, has_more: false, url });

export interface FakeSubscription extends Obj {
  id: string;
  customer: string;
  status: string;
  cancel_at_period_end: boolean;
  created: number;
}

/**
 * A stateful Stripe on loopback: customers, checkout sessions, subscriptions, invoices and
 * cards, answering the few endpoints the adapter calls in Stripe's shapes, so the real `stripe`
 * SDK runs against it. Test hooks play the parts of the person (completing a checkout) and of
 * Stripe itself (renewals, failed payments, cancellations).
 */
export class FakeStripe {
  readonly customers = new Map<string, Obj>();
  readonly sessions = new Map<string, Obj>();
  readonly subscriptions = new Map<string, FakeSubscription>();
  readonly invoices = new Map<string, Obj>();
  readonly paymentMethods = new Map<string, Obj>();
  readonly requests: { method: string; path: string }[] = [];
  /** While true, every call is answered 500, as during a Stripe outage. */
  down = false;
  private readonly idempotent = new Map<string, unknown>();
  private server: Server | null = null;
  port = 0;

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** The person pays on Stripe Checkout: a subscription, a paid invoice and a card appear. */
  completeCheckout(sessionId: string, options: { created?: number } = {}): FakeSubscription {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    const customer = String(session.customer);
    const sub = this.addSubscription(customer, String(session.price), { created: options.created });
    const card = this.addCard(customer, '4242');
    sub.default_payment_method = card.id;
    this.addInvoice(customer, sub.id, 'paid');
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: sub.id });
    return sub;
  }

  addSubscription(
    customer: string,
    price: string,
    options: { status?: string; created?: number } = {},
  ): FakeSubscription {
    const start = options.created ?? now();
    const sub: FakeSubscription = {
      id: id('sub'),
      object: 'subscription',
      customer,
      status: options.status ?? 'active',
      cancel_at_period_end: false,
      created: start,
      start_date: start,
      default_payment_method: null,
      metadata: {},
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            price: { id: price, object: 'price' },
            current_period_start: start,
            current_period_end: start + 30 * 86_400,
          },
        ],
      },
    };
    this.subscriptions.set(sub.id, sub);
    return sub;
  }

  addCard(customer: string, last4: string): Obj {
    const card = {
      id: id('pm'),
      object: 'payment_method',
      type: 'card',
      customer,
      card: { brand: 'visa', last4, exp_month: 12, exp_year: 2034 },
    };
    this.paymentMethods.set(card.id, card);
    return card;
  }

  addInvoice(customer: string, subscription: string, status: string): Obj {
    const invoice = {
      id: id('in'),
      object: 'invoice',
      customer,
      status,
      created: now(),
      total: 2900,
      currency: 'usd',
      description: null,
      number: `INV-${this.invoices.size + 1}`,
      lines: { object: 'list', data: [{ description: '1 × Starter Plan (at $29.00 / month)' }] },
      invoice_pdf: `https://pay.stripe.test/invoice/${customer}/${this.invoices.size + 1}/pdf`,
      hosted_invoice_url: null,
      parent: { type: 'subscription_details', subscription_details: { subscription } },
    };
    this.invoices.set(invoice.id, invoice);
    return invoice;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', this.url);
    const body = parseForm(Buffer.concat(chunks).toString('utf8'));
    const query = parseForm(url.search.slice(1));
    const method = req.method ?? 'GET';
    this.requests.push({ method, path: url.pathname });
    const send = (status: number, payload: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      res.end(JSON.stringify(payload));
    };
    const missing = (what: string) =>
      send(404, {
        error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` },
      });
    if (this.down) return send(500, { error: { type: 'api_error', message: 'Fake Stripe is down' } });
    // A repeated idempotency key gets the first answer, as Stripe does.
    const key = req.headers['idempotency-key'];
    if (method === 'POST' && typeof key === 'string' && this.idempotent.has(key)) {
      return send(200, this.idempotent.get(key));
    }
    const remember = (payload: unknown) => {
      if (method === 'POST' && typeof key === 'string') this.idempotent.set(key, payload);
      send(200, payload);
    };
    const parts = url.pathname.split('/').filter(Boolean); // ['v1', resource, id?, action?]
    const [, resource, objectId, action] = parts;
    const expand = Object.values((query.expand ?? body.expand ?? {}) as Obj).map(String);

    if (resource === 'customers' && method === 'POST' && !objectId) {
      const customer = {
        id: id('cus'),
        object: 'customer',
        email: body.email ?? null,
        name: body.name ?? null,
        metadata: body.metadata ?? {},
        invoice_settings: { default_payment_method: null },
      };
      this.customers.set(customer.id, customer);
      return remember(customer);
    }
    if (resource === 'customers' && objectId) {
      const customer = this.customers.get(objectId);
      if (!customer) return missing('customer');
      if (method === 'DELETE') {
        // As Stripe: the customer is gone, its invoices stay.
        this.customers.delete(objectId);
        return send(200, { id: objectId, object: 'customer', deleted: true });
      }
      if (method === 'POST') {
        const settings = body.invoice_settings as Obj | undefined;
        if (settings?.default_payment_method) {
          customer.invoice_settings = { default_payment_method: settings.default_payment_method };
        }
        return remember(customer);
      }
      const settings = customer.invoice_settings as Obj;
      const pm = settings.default_payment_method as string | null;
      return send(200, {
        ...customer,
        invoice_settings: {
          default_payment_method:
            pm && expand.includes('invoice_settings.default_payment_method')
              ? (this.paymentMethods.get(pm) ?? pm)
              : pm,
        },
      });
    }
    if (resource === 'checkout' && objectId === 'sessions') {
      const sessionId = action;
      if (method === 'POST' && !sessionId) {
        const items = body.line_items as Record<string, Obj>;
        const session = {
          id: id('cs_test'),
          object: 'checkout.session',
          mode: body.mode,
          customer: body.customer,
          client_reference_id: body.client_reference_id ?? null,
          status: 'open',
          payment_status: 'unpaid',
          subscription: null,
          price: items['0']?.price,
          success_url: body.success_url,
          cancel_url: body.cancel_url,
          metadata: body.metadata ?? {},
        };
        const withUrl = { ...session, url: `https://checkout.stripe.test/c/pay/${session.id}` };
        this.sessions.set(session.id, withUrl);
        return remember(withUrl);
      }
      const session = sessionId ? this.sessions.get(sessionId) : undefined;
      return session ? send(200, session) : missing('checkout session');
    }
    if (resource === 'subscriptions' && method === 'GET' && !objectId) {
      const status = String(query.status ?? 'active');
      // Newest first, as Stripe lists: a canceled newer one comes before an active older one.
      const subs = [...this.subscriptions.values()]
        .filter((sub) => sub.customer === query.customer)
        .filter((sub) => status === 'all' || sub.status === status)
        .sort((a, b) => b.created - a.created);
      return send(200, list(subs.slice(0, Number(query.limit ?? 10)), '/v1/subscriptions'));
    }
    if (resource === 'subscriptions' && objectId && method === 'POST') {
      const sub = this.subscriptions.get(objectId);
      if (!sub) return missing('subscription');
      if (body.cancel_at_period_end !== undefined)
        sub.cancel_at_period_end = body.cancel_at_period_end === 'true';
      return remember(sub);
    }
    if (resource === 'subscriptions' && objectId && method === 'DELETE') {
      const sub = this.subscriptions.get(objectId);
      if (!sub) return missing('subscription');
      sub.status = 'canceled';
      sub.cancel_at_period_end = false;
      return send(200, sub);
    }
    if (resource === 'invoices' && method === 'GET') {
      const invoices = [...this.invoices.values()]
        .filter((invoice) => invoice.customer === query.customer)
        .sort((a, b) => Number(b.created) - Number(a.created));
      return send(200, list(invoices, '/v1/invoices'));
    }
    if (resource === 'payment_methods' && method === 'GET') {
      const cards = [...this.paymentMethods.values()]
        .filter((pm) => pm.customer === query.customer)
        .reverse();
      return send(200, list(cards.slice(0, Number(query.limit ?? 10)), '/v1/payment_methods'));
    }
    if (resource === 'payment_methods' && objectId && action === 'attach') {
      const pm = this.paymentMethods.get(objectId) ?? this.addCard(String(body.customer), '1881');
      pm.customer = body.customer;
      return remember(pm);
    }
    if (resource === 'billing_portal' && objectId === 'sessions' && method === 'POST') {
      const flow = (body.flow_data as Obj | undefined)?.type;
      return remember({
        id: id('bps'),
        object: 'billing_portal.session',
        customer: body.customer,
        return_url: body.return_url,
        url: `https://billing.stripe.test/p/session/${flow ?? 'home'}`,
      });
    }
    if (resource === 'payment_intents' && method === 'POST') {
      const pi = id('pi');
      return remember({
        id: pi,
        object: 'payment_intent',
        amount: Number(body.amount),
        currency: body.currency,
        customer: body.customer,
        client_secret: `${pi}_secret_${randomBytes(8).toString('hex')}`,
      });
    }
    send(404, {
      error: { type: 'invalid_request_error', message: `Fake Stripe has no ${method} ${url.pathname}` },
    });
  }
}

export const WEBHOOK_SECRET = 'whsec_test_fake_stripe_secret';
export const STARTER_PRICE = 'price_starter_test';

/** The app's Stripe variables, pointed at the fake. */
export function stripeEnv(fake: FakeStripe) {
  return {
    STRIPE_SECRET_KEY: 'sk_test_fakestripe',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_STARTER_PRICE_ID: STARTER_PRICE,
    STRIPE_API_URL: fake.url,
  };
}

const signer = new Stripe('sk_test_signer');

/** Any body signed as Stripe signs its posts, with the SDK's own test helper. */
export function signedPayload(
  payload: string,
  options: { secret?: string; timestamp?: number } = {},
): { payload: string; signature: string } {
  const signature = signer.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    ...(options.timestamp ? { timestamp: options.timestamp } : {}),
  });
  return { payload, signature };
}

/** An event as Stripe posts it, signed. */
export function signedEvent(
  type: string,
  object: unknown,
  options: { id?: string; secret?: string; timestamp?: number } = {},
): { payload: string; signature: string; id: string } {
  const eventId = options.id ?? id('evt');
  const payload = JSON.stringify(eventBody(eventId, type, object));
  return { ...signedPayload(payload, options), id: eventId };
}

/** Stripe's event envelope around one object. */
export function eventBody(eventId: string, type: string, object: unknown): Obj {
  return {
    id: eventId,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: now(),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}
