import { ZBillingInfoResponse } from '@app/contract/billing/get-billing-info';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { bearer, post } from './auth';
import type { FakeStripe } from './fake-stripe';

export async function info(app: FastifyInstance, token: string) {
  const res = await app.inject({ method: 'GET', url: '/v1/billing/info', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return ZBillingInfoResponse.parse(res.json());
}

/** Follows the local checkout as a person would: open the page, press a button. */
export async function localCheckout(app: FastifyInstance, token: string, action: 'pay' | 'decline') {
  const res = await post(
    app,
    '/v1/billing/create-checkout-session',
    { planId: 'starter' },
    { headers: bearer(token) },
  );
  expect(res.statusCode, res.body).toBe(200);
  const url = new URL(res.json().checkoutUrl);
  expect(url.pathname).toBe('/dev/checkout');
  const session = url.searchParams.get('session')!;
  const key = url.searchParams.get('key')!;
  const page = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('Pay 29.00 USD');
  const done = await app.inject({
    method: 'POST',
    url: '/dev/checkout',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ session, key, action }).toString(),
  });
  expect(done.statusCode).toBe(303);
  return { session, key, location: new URL(String(done.headers.location)) };
}

/** A checkout at the fake Stripe (helpers/fake-stripe.ts), paid: the subscription it made. */
export async function stripeCheckout(app: FastifyInstance, fake: FakeStripe, token: string) {
  const res = await post(
    app,
    '/v1/billing/create-checkout-session',
    { planId: 'starter' },
    { headers: bearer(token) },
  );
  expect(res.statusCode, res.body).toBe(200);
  const sessionId = String(res.json().checkoutUrl).split('/').pop() as string;
  return { sessionId, sub: fake.completeCheckout(sessionId) };
}
