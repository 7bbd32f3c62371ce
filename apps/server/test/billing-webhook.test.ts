import { ZBillingInfoResponse } from '@app/contract/billing/get-billing-info';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncCustomer } from '../src/modules/billing/sync-customer';
import type { PaymentsProvider } from '../src/providers/payments/payments';
import { bearer, post, signIn } from './helpers/auth';
import { stripeCheckout } from './helpers/billing';
import { build } from './helpers/build';
import {
  eventBody,
  FakeStripe,
  STARTER_PRICE,
  signedEvent,
  signedPayload,
  stripeEnv,
} from './helpers/fake-stripe';

let n = 0;
const phone = () => `+6141${String(1000000 + ++n).slice(-7)}`;

const fake = new FakeStripe();
let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  await fake.start();
  ({ app, close } = await build(stripeEnv(fake)));
});
afterAll(async () => {
  await close?.();
  await fake.stop();
});

async function info(token: string) {
  const res = await app.inject({ method: 'GET', url: '/v1/billing/info', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return ZBillingInfoResponse.parse(res.json());
}

/** A signed-in user who went through Stripe Checkout at the fake (no webhook sent yet). */
async function paidUser() {
  const token = await signIn(app, phone());
  const { sessionId, sub } = await stripeCheckout(app, fake, token);
  return { token, sessionId, sub, customer: sub.customer };
}

function deliver(event: { payload: string; signature: string }) {
  return app.inject({
    method: 'POST',
    url: '/v1/billing/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
    payload: event.payload,
  });
}

const storedEvent = (id: string) =>
  app.db.selectFrom('billing_webhook_events').selectAll().where('id', '=', id).executeTakeFirst();

describe('checkout against Stripe (the SDK on a loopback fake)', () => {
  it('is reported as the real adapter, not a stand-in', async () => {
    expect((await app.inject({ method: 'GET', url: '/v1/config' })).json().standIns).not.toContain(
      'payments',
    );
    expect((await app.inject({ method: 'GET', url: '/dev/checkout?session=x' })).statusCode).toBe(404);
  });

  it('creates one Stripe customer for two checkout requests at once, with our user id in metadata', async () => {
    const token = await signIn(app, phone());
    const before = fake.customers.size;
    const sessionsBefore = fake.sessions.size;
    const [a, b] = await Promise.all(
      [1, 2].map(() =>
        post(
          app,
          '/v1/billing/create-checkout-session',
          { planId: 'starter', priceId: 'price_other' },
          { headers: bearer(token) },
        ),
      ),
    );
    expect(a!.statusCode, a!.body).toBe(200);
    expect(b!.statusCode, b!.body).toBe(200);
    expect(fake.customers.size).toBe(before + 1);
    // And one payable session: the second request gets the open one, so nobody can pay twice.
    expect(a!.json().checkoutUrl).toBe(b!.json().checkoutUrl);
    expect(fake.sessions.size).toBe(sessionsBefore + 1);
    const third = await post(
      app,
      '/v1/billing/create-checkout-session',
      { planId: 'starter' },
      { headers: bearer(token) },
    );
    expect(third.json().checkoutUrl).toBe(a!.json().checkoutUrl);
    const customer = [...fake.customers.values()].at(-1)!;
    const user = await app.db
      .selectFrom('billing_accounts')
      .selectAll()
      .where('customer_id', '=', String(customer.id))
      .executeTakeFirstOrThrow();
    expect(customer.metadata).toEqual({ userId: user.user_id });
    // The session is subscription mode at the server's price, whatever the page sent.
    const session = [...fake.sessions.values()].at(-1)!;
    expect(session).toMatchObject({ mode: 'subscription', price: STARTER_PRICE, customer: customer.id });
    expect(String(session.success_url)).toMatch(
      /\/billing\?success=true&session_id=\{CHECKOUT_SESSION_ID\}$/,
    );
  });

  it('shows the paid plan on the success redirect before any webhook (no second payment)', async () => {
    const { token, sessionId, sub } = await paidUser();
    expect((await info(token)).subscription.planId).toBe('trial');
    const res = await post(app, '/v1/billing/process-success', { sessionId }, { headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, subscription: { id: sub.id, status: 'active' } });
    const body = await info(token);
    expect(body.subscription).toMatchObject({
      id: sub.id,
      planId: 'starter',
      status: 'active',
      cancelAtPeriodEnd: false,
    });
    expect(body.paymentMethod).toMatchObject({ last4: '4242', brand: 'visa' });
    expect(body.invoices).toEqual([expect.objectContaining({ amount: 29, status: 'paid' })]);
    const again = await post(
      app,
      '/v1/billing/create-checkout-session',
      { planId: 'starter' },
      { headers: bearer(token) },
    );
    expect(again.statusCode).toBe(409);
  });

  it('ignores a canceled subscription listed first: the live one counts', async () => {
    const { token, sessionId, customer, sub } = await paidUser();
    fake.addSubscription(customer, STARTER_PRICE, { status: 'canceled', created: sub.created + 60 });
    await post(app, '/v1/billing/process-success', { sessionId }, { headers: bearer(token) });
    expect((await info(token)).subscription).toMatchObject({ id: sub.id, status: 'active' });
  });

  it('cancels at period end and reactivates at Stripe; returns portal and card-update addresses', async () => {
    const { token, sessionId, sub } = await paidUser();
    const headers = bearer(token);
    await post(app, '/v1/billing/process-success', { sessionId }, { headers });
    const cancel = await post(
      app,
      '/v1/billing/cancel-subscription',
      { cancelAtPeriodEnd: true },
      { headers },
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(fake.subscriptions.get(sub.id)?.cancel_at_period_end).toBe(true);
    expect(cancel.json().subscription).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });
    const back = await post(app, '/v1/billing/reactivate-subscription', undefined, { headers });
    expect(back.json().subscription.cancelAtPeriodEnd).toBe(false);
    expect(fake.subscriptions.get(sub.id)?.cancel_at_period_end).toBe(false);
    const portal = await post(app, '/v1/billing/customer-portal', {}, { headers });
    expect(portal.json().portalUrl).toBe('https://billing.stripe.test/p/session/home');
    const update = await post(app, '/v1/billing/update-payment-method', {}, { headers });
    expect(update.json().updateUrl).toBe('https://billing.stripe.test/p/session/payment_method_update');
    const invoiceId = (await info(token)).invoices[0]!.id;
    const own = await app.inject({
      method: 'GET',
      url: `/v1/billing/invoices/${invoiceId}/download`,
      headers,
    });
    expect(own.json().downloadUrl).toMatch(/^https:\/\/pay\.stripe\.test\/invoice\//);
    const stranger = await signIn(app, phone());
    const theirs = await app.inject({
      method: 'GET',
      url: `/v1/billing/invoices/${invoiceId}/download`,
      headers: bearer(stranger),
    });
    expect(theirs.statusCode).toBe(404);
  });

  it('answers a Stripe failure as PAYMENT_ERROR (502), not a 500, and keeps our copy', async () => {
    const { token, sessionId, sub } = await paidUser();
    await post(app, '/v1/billing/process-success', { sessionId }, { headers: bearer(token) });
    fake.subscriptions.delete(sub.id);
    const res = await post(
      app,
      '/v1/billing/cancel-subscription',
      { cancelAtPeriodEnd: true },
      { headers: bearer(token) },
    );
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('PAYMENT_ERROR');
    expect((await info(token)).subscription).toMatchObject({
      id: sub.id,
      status: 'active',
      cancelAtPeriodEnd: false,
    });
  });
});

describe('POST /v1/billing/webhook', () => {
  it('applies a validly signed event: the sync writes what Stripe now says, and the event id is stored', async () => {
    const { token, sub } = await paidUser();
    const event = signedEvent('customer.subscription.created', sub);
    const res = await deliver(event);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect((await info(token)).subscription).toMatchObject({ id: sub.id, status: 'active' });
    expect(await storedEvent(event.id)).toMatchObject({ type: 'customer.subscription.created' });
  });

  it('refuses a wrong secret with 400 and changes nothing', async () => {
    const { token, sub } = await paidUser();
    const event = signedEvent('customer.subscription.created', sub, { secret: 'whsec_someone_else' });
    const res = await deliver(event);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('BAD_REQUEST');
    expect((await info(token)).subscription.planId).toBe('trial');
    expect(await storedEvent(event.id)).toBeUndefined();
  });

  it('refuses a stale timestamp (over 300 s) with 400 and changes nothing', async () => {
    const { token, sub } = await paidUser();
    const event = signedEvent('customer.subscription.created', sub, {
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    expect((await deliver(event)).statusCode).toBe(400);
    expect((await info(token)).subscription.planId).toBe('trial');
    expect(await storedEvent(event.id)).toBeUndefined();
  });

  it('refuses a timestamp over 300 s in the future with 400 and changes nothing', async () => {
    const { token, sub } = await paidUser();
    const event = signedEvent('customer.subscription.created', sub, {
      timestamp: Math.floor(Date.now() / 1000) + 301,
    });
    expect((await deliver(event)).statusCode).toBe(400);
    expect((await info(token)).subscription.planId).toBe('trial');
    expect(await storedEvent(event.id)).toBeUndefined();
    // A clock a little ahead is within the tolerance, as a little behind is.
    const close = signedEvent('customer.subscription.created', sub, {
      timestamp: Math.floor(Date.now() / 1000) + 60,
    });
    expect((await deliver(close)).statusCode).toBe(200);
  });

  it('refuses a missing signature, and a body changed after signing', async () => {
    const { sub } = await paidUser();
    const event = signedEvent('customer.subscription.created', sub);
    const unsigned = await app.inject({
      method: 'POST',
      url: '/v1/billing/webhook',
      headers: { 'content-type': 'application/json' },
      payload: event.payload,
    });
    expect(unsigned.statusCode).toBe(400);
    // One space more: the same JSON to a parser, other bytes to the signature.
    expect((await deliver({ ...event, payload: `${event.payload} ` })).statusCode).toBe(400);
  });

  it('processes an event id once: a replay answers 200 and changes nothing', async () => {
    const { token, sub } = await paidUser();
    const first = signedEvent('customer.subscription.updated', sub);
    expect((await deliver(first)).statusCode).toBe(200);
    // Stripe's side moves on; a replay of the old event must not be the thing that applies it.
    fake.subscriptions.get(sub.id)!.cancel_at_period_end = true;
    const replay = await deliver(signedEvent('customer.subscription.updated', sub, { id: first.id }));
    expect(replay.statusCode).toBe(200);
    expect((await info(token)).subscription.cancelAtPeriodEnd).toBe(false);
    const next = await deliver(signedEvent('customer.subscription.updated', fake.subscriptions.get(sub.id)));
    expect(next.statusCode).toBe(200);
    expect((await info(token)).subscription.cancelAtPeriodEnd).toBe(true);
    const rows = await app.db
      .selectFrom('billing_webhook_events')
      .select('id')
      .where('id', '=', first.id)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('ends in the right state when `updated` arrives before `created`', async () => {
    const { token, sub } = await paidUser();
    const createdPayload = { ...sub };
    fake.subscriptions.get(sub.id)!.cancel_at_period_end = true;
    expect(
      (await deliver(signedEvent('customer.subscription.updated', fake.subscriptions.get(sub.id))))
        .statusCode,
    ).toBe(200);
    // The late `created` carries the older state; the sync reads Stripe's current one instead.
    expect((await deliver(signedEvent('customer.subscription.created', createdPayload))).statusCode).toBe(
      200,
    );
    expect((await info(token)).subscription).toMatchObject({
      id: sub.id,
      status: 'active',
      cancelAtPeriodEnd: true,
    });
  });

  it('answers 200 to an event type it does not handle, and changes nothing', async () => {
    const { token, sub } = await paidUser();
    const res = await deliver(
      signedEvent('customer.tax_id.created', { id: 'txi_1', object: 'tax_id', customer: sub.customer }),
    );
    expect(res.statusCode).toBe(200);
    expect((await info(token)).subscription.planId).toBe('trial');
  });

  // Stripe retries any answer but a 2xx for days, a 4xx included: a signed event we cannot use is
  // acknowledged (and logged), never a 500 and never a refusal.
  it.each([
    ['without data', (body: Record<string, unknown>) => JSON.stringify({ ...body, data: undefined })],
    ['whose data has no object', (body: Record<string, unknown>) => JSON.stringify({ ...body, data: {} })],
    ['whose data is null', (body: Record<string, unknown>) => JSON.stringify({ ...body, data: null })],
    ['without an id', (body: Record<string, unknown>) => JSON.stringify({ ...body, id: undefined })],
    ['with a type that is not text', (body: Record<string, unknown>) => JSON.stringify({ ...body, type: 7 })],
    ['that is JSON null', () => 'null'],
    ['that is not JSON', () => 'not json {'],
    ['that is a thin v2 notification', () => JSON.stringify({ id: 'evt_thin', object: 'v2.core.event' })],
  ])('acknowledges a validly signed event %s with 200 and changes nothing', async (_name, shape) => {
    const { token, sub } = await paidUser();
    const eventId = `evt_odd_${sub.id}`;
    const res = await deliver(signedPayload(shape(eventBody(eventId, 'customer.subscription.created', sub))));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect((await info(token)).subscription.planId).toBe('trial');
    expect(await storedEvent(eventId)).toBeUndefined();
  });

  it('answers 200 to an event about a customer that is not ours', async () => {
    const res = await deliver(
      signedEvent('invoice.paid', { id: 'in_x', object: 'invoice', customer: 'cus_unknown' }),
    );
    expect(res.statusCode).toBe(200);
  });

  it('shows past_due after invoice.payment_failed, and active again after invoice.paid', async () => {
    const { token, sub, customer } = await paidUser();
    fake.subscriptions.get(sub.id)!.status = 'past_due';
    const failed = fake.addInvoice(customer, sub.id, 'open');
    expect((await deliver(signedEvent('invoice.payment_failed', failed))).statusCode).toBe(200);
    const body = await info(token);
    expect(body.subscription).toMatchObject({ id: sub.id, status: 'past_due' });
    expect(body.invoices.map((invoice) => invoice.status).sort()).toEqual(['open', 'paid']);
    fake.subscriptions.get(sub.id)!.status = 'active';
    failed.status = 'paid';
    expect((await deliver(signedEvent('invoice.paid', failed))).statusCode).toBe(200);
    expect((await info(token)).subscription.status).toBe('active');
  });

  it('shows the subscription canceled after customer.subscription.deleted, and allows a new checkout', async () => {
    const { token, sub } = await paidUser();
    expect(
      (
        await deliver(
          signedEvent('checkout.session.completed', {
            id: 'cs_x',
            object: 'checkout.session',
            customer: sub.customer,
          }),
        )
      ).statusCode,
    ).toBe(200);
    expect((await info(token)).subscription.status).toBe('active');
    fake.subscriptions.get(sub.id)!.status = 'canceled';
    expect(
      (await deliver(signedEvent('customer.subscription.deleted', fake.subscriptions.get(sub.id))))
        .statusCode,
    ).toBe(200);
    expect((await info(token)).subscription).toMatchObject({
      id: sub.id,
      planId: 'starter',
      status: 'canceled',
    });
    const again = await post(
      app,
      '/v1/billing/create-checkout-session',
      { planId: 'starter' },
      { headers: bearer(token) },
    );
    expect(again.statusCode).toBe(200);
  });

  it('never writes an older read over a newer one when two syncs overlap', async () => {
    const { token, sessionId, sub } = await paidUser();
    await post(app, '/v1/billing/process-success', { sessionId }, { headers: bearer(token) });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A sync whose read of Stripe is slow: it reads the old state, then waits.
    const slowPayments = Object.create(app.payments) as PaymentsProvider;
    slowPayments.listLiveSubscriptions = async (customer) => {
      const subs = await app.payments.listLiveSubscriptions(customer);
      await gate;
      return subs;
    };
    const deps = {
      billingRepo: app.billingRepo,
      securityEvents: app.securityEvents,
      transaction: app.transaction,
      clock: { now: () => new Date() },
    };
    const slow = syncCustomer({ ...deps, payments: slowPayments }, { customerId: sub.customer });
    await new Promise((resolve) => setTimeout(resolve, 20));
    fake.subscriptions.get(sub.id)!.cancel_at_period_end = true;
    expect(await syncCustomer({ ...deps, payments: app.payments }, { customerId: sub.customer })).toBe(
      'synced',
    );
    release();
    expect(await slow).toBe('newer-state-kept');
    expect((await info(token)).subscription.cancelAtPeriodEnd).toBe(true);
  });

  it('leaves every other route parsing JSON as before', async () => {
    const token = await signIn(app, phone());
    const res = await post(
      app,
      '/v1/billing/create-checkout-session',
      { planId: 'nope' },
      { headers: bearer(token) },
    );
    expect(res.statusCode).toBe(400);
  });
});
