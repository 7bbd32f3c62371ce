import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { env } from '@/config/env';
import { TEST_APP_CONFIG } from '@/testing/app-config';
import { fakeApi } from '@/testing/fake-api';
import { renderApp } from '@/testing/render-app';
import { billingInfo } from './billing-fixtures';

vi.setConfig({ testTimeout: 30_000 });

// The provider's loader, as the card form sees it: a card element and createPaymentMethod.
const stripe = vi.hoisted(() => ({
  loadStripe: vi.fn(),
  createPaymentMethod: vi.fn(),
  mount: vi.fn(),
}));
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe: stripe.loadStripe }));

const mutableEnv = env as { billingCardForm: boolean };
let calls: ReturnType<typeof fakeApi>;
let updateAnswer: () => Response;

beforeEach(() => {
  mutableEnv.billingCardForm = true;
  const card = { mount: stripe.mount, destroy: vi.fn() };
  stripe.loadStripe.mockResolvedValue({
    elements: () => ({ create: () => card }),
    createPaymentMethod: stripe.createPaymentMethod,
  });
  updateAnswer = () => Response.json({ success: true, last4: '1881' });
  calls = fakeApi({
    '/v1/config': () =>
      Response.json({
        ...TEST_APP_CONFIG,
        payments: { publishableKey: 'pk_test_123', starterPriceId: null },
      }),
    '/v1/billing/info': () => Response.json(billingInfo('active')),
    '/v1/payments/update-payment-method': () => updateAnswer(),
  });
});
afterEach(() => {
  mutableEnv.billingCardForm = false;
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

async function fillAndSubmit() {
  const user = userEvent.setup();
  renderApp('/billing', { user: {} });
  const card = await screen.findByRole('region', { name: 'Current Plan' }, { timeout: 10_000 });
  await user.click(within(card).getByRole('button', { name: 'Update payment method' }));
  const dialog = await screen.findByRole('dialog', { name: 'Update payment method' }, { timeout: 10_000 });
  await waitFor(() => expect(stripe.mount).toHaveBeenCalled());
  const values: [string, string][] = [
    ['Name on card', 'Ada Lovelace'],
    ['Email', 'ada@example.com'],
    ['Address', '1 Analytical Way'],
    ['City', 'Springfield'],
    ['State', 'IL'],
    ['ZIP', '62701'],
  ];
  for (const [label, value] of values) {
    fireEvent.change(within(dialog).getByRole('textbox', { name: label }), { target: { value } });
  }
  await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
  return dialog;
}

describe('card form with the card element (publishable key configured)', () => {
  it('loads the provider with the key and saves the confirmed card as the default', async () => {
    stripe.createPaymentMethod.mockResolvedValue({ paymentMethod: { id: 'pm_new' } });
    await fillAndSubmit();
    expect(stripe.loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(await screen.findByText('Your card was updated.')).toBeInTheDocument();
    const sent = calls.find((c) => c.path === '/v1/payments/update-payment-method');
    expect(JSON.parse(String(sent?.init?.body))).toEqual({ paymentMethodId: 'pm_new' });
    expect(stripe.createPaymentMethod).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'card',
        billing_details: {
          name: 'Ada Lovelace',
          email: 'ada@example.com',
          address: {
            line1: '1 Analytical Way',
            city: 'Springfield',
            state: 'IL',
            postal_code: '62701',
            country: 'US',
          },
        },
      }),
    );
  });

  it("a card the provider refuses shows the provider's message and sends nothing", async () => {
    stripe.createPaymentMethod.mockResolvedValue({ error: { message: 'Your card number is incomplete.' } });
    const dialog = await fillAndSubmit();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Your card number is incomplete.');
    expect(calls.some((c) => c.path === '/v1/payments/update-payment-method')).toBe(false);
  });

  it("a server failure shows 'Payment failed. Please try again.'", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stripe.createPaymentMethod.mockResolvedValue({ paymentMethod: { id: 'pm_new' } });
    updateAnswer = () => Response.json({ error: { code: 'INTERNAL', message: 'x' } }, { status: 500 });
    const dialog = await fillAndSubmit();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Payment failed. Please try again.');
  });
});
