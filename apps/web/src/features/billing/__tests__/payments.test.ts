import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '@/testing/fake-api';
import { signInAs } from '@/testing/render-app';
import {
  confirmCardPayment,
  createPaymentIntent,
  createSubscription,
  updateDefaultCard,
} from '../api/payments';

const details = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  address: { line1: '1 Way', city: 'Springfield', state: 'IL', postal_code: '62701', country: 'US' },
};
const fail = () => Response.json({ error: { code: 'INTERNAL', message: 'x' } }, { status: 500 });

beforeAll(() => i18n.loadNamespaces('billing'));
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('payments calls (spec §7, §8)', () => {
  it('a payment intent asks for the plan price x 100 in usd with the billing details', async () => {
    signInAs();
    const calls = fakeApi({
      '/v1/payments/create-intent': () => Response.json({ client_secret: 'pi_1_secret' }),
    });
    await expect(createPaymentIntent('starter', details)).resolves.toEqual({ client_secret: 'pi_1_secret' });
    expect(JSON.parse(String(calls.at(-1)?.init?.body))).toEqual({
      amount: 2900,
      currency: 'usd',
      plan: 'starter',
      billing_details: details,
    });
  });

  it('the trial cannot be paid for: Invalid plan selected', () => {
    expect(() => createPaymentIntent('trial', details)).toThrow('Invalid plan selected');
  });

  it.each([
    [
      '/v1/payments/create-intent',
      () => createPaymentIntent('starter', details),
      'Payment intent creation failed: 500 INTERNAL',
    ],
    [
      '/v1/payments/create-subscription',
      () => createSubscription('starter', 'pm_1'),
      'Subscription creation failed: 500 INTERNAL',
    ],
    [
      '/v1/payments/update-payment-method',
      () => updateDefaultCard('pm_1'),
      'Payment method update failed: 500 INTERNAL',
    ],
  ])('a failed %s is logged in the spec words and re-thrown', async (path, call, logged) => {
    signInAs();
    fakeApi({ [path]: fail });
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(call()).rejects.toMatchObject({ status: 500 });
    expect(log).toHaveBeenCalledWith(logged);
  });
});

describe('card confirmation (spec §4 card processing)', () => {
  const card = {} as StripeCardElement;

  it('without a card element: Card element not found', async () => {
    const stripe = { confirmCardPayment: vi.fn() } as unknown as Stripe;
    await expect(confirmCardPayment(stripe, 's', null, details)).resolves.toEqual({
      success: false,
      error: 'Card element not found',
    });
  });

  it("a refused card: success false with the provider's message", async () => {
    const stripe = {
      confirmCardPayment: vi.fn(async () => ({ error: { message: 'Your card was declined.' } })),
    } as unknown as Stripe;
    await expect(confirmCardPayment(stripe, 's', card, details)).resolves.toEqual({
      success: false,
      error: 'Your card was declined.',
    });
  });

  it('an accepted card: success true with the payment intent, confirmed with the card and details', async () => {
    const paymentIntent = { id: 'pi_1', status: 'succeeded' };
    const confirm = vi.fn(async () => ({ paymentIntent }));
    const stripe = { confirmCardPayment: confirm } as unknown as Stripe;
    await expect(confirmCardPayment(stripe, 'pi_1_secret', card, details)).resolves.toEqual({
      success: true,
      paymentIntent,
    });
    expect(confirm).toHaveBeenCalledWith('pi_1_secret', {
      payment_method: { card, billing_details: details },
    });
  });
});
