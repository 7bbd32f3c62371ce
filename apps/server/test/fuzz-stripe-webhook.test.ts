import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HANDLED_EVENTS } from '../src/modules/billing/handle-webhook';
import { signIn } from './helpers/auth';
import { stripeCheckout } from './helpers/billing';
import { build } from './helpers/build';
import { FakeStripe, signedPayload, stripeEnv } from './helpers/fake-stripe';
import { mutated, nastyValue } from './helpers/nasty-values';

/**
 * The Stripe webhook under generated bodies that carry a valid signature. The route fuzz
 * (fuzz-routes.test.ts) reaches the webhook only unsigned: the local payments stand-in takes
 * none. Whatever Stripe signs is acknowledged or refused, never answered 5xx for a body, which
 * Stripe would retry for days. FUZZ_SEED varies the bodies, FUZZ_WEBHOOK_RUNS their number.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 19);
const RUNS = Number(process.env.FUZZ_WEBHOOK_RUNS ?? 300);

const fake = new FakeStripe();
let app: FastifyInstance;
let close: () => Promise<void>;
const known: Record<string, string> = {};

beforeAll(async () => {
  await fake.start();
  ({ app, close } = await build(stripeEnv(fake)));
  const { sub } = await stripeCheckout(app, fake, await signIn(app, '+61413900001'));
  known['«customer»'] = sub.customer;
  known['«subscription»'] = sub.id;
});
afterAll(async () => {
  await close?.();
  await fake.stop();
});

const reference = fc.constantFrom('«customer»', 'cus_unknown', '');
const object = fc.record(
  {
    id: fc.constantFrom('«customer»', '«subscription»', 'in_1', 'cs_1'),
    object: fc.constantFrom('customer', 'subscription', 'invoice', 'checkout.session', 'tax_id'),
    customer: fc.oneof(reference, fc.record({ id: reference })),
  },
  { requiredKeys: [] },
);
const event = fc.record({
  id: fc.string({ maxLength: 24 }).map((text) => `evt_${text}`),
  object: fc.constant('event'),
  type: fc.constantFrom(...HANDLED_EVENTS, 'customer.tax_id.created', 'v2.core.event', ''),
  created: fc.integer(),
  data: fc.record({ object }),
});
const body = fc.oneof(
  { arbitrary: event.map((value) => JSON.stringify(value)), weight: 3 },
  { arbitrary: mutated(event).map((value) => JSON.stringify(value) ?? 'null'), weight: 4 },
  { arbitrary: nastyValue.map((value) => JSON.stringify(value) ?? 'null'), weight: 1 },
  { arbitrary: fc.constantFrom('{', '', 'not json', '\uFEFF{}'), weight: 1 },
);

describe('POST /v1/billing/webhook under signed generated events', () => {
  it('acknowledges or refuses every signed body, never 5xx', { timeout: 60_000 }, async () => {
    let n = 0;
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        n += 1;
        const payload = text.replace(/«[a-z]+»/g, (marker) => known[marker] ?? marker);
        const signed = signedPayload(payload);
        const res = await app.inject({
          method: 'POST',
          url: '/v1/billing/webhook',
          headers: { 'content-type': 'application/json', 'stripe-signature': signed.signature },
          payload,
          remoteAddress: `198.19.${(n >> 8) & 255}.${n & 255}`,
        });
        expect(res.statusCode, `signed body ${payload.slice(0, 600)}\nanswer: ${res.body}`).toBeLessThan(500);
      }),
      { seed: SEED, numRuns: RUNS, interruptAfterTimeLimit: 30_000, markInterruptAsFailure: false },
    );
  });
});
