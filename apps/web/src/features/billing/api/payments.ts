import type { TBillingDetails } from '@app/contract/payments/payments';
import {
  createIntentRoute,
  createSubscriptionRoute,
  paymentsUpdatePaymentMethodRoute,
} from '@app/contract/payments/payments';
import { PLANS, type TPlan } from '@app/contract/plans';
import type { PaymentIntent, Stripe, StripeCardElement } from '@stripe/stripe-js';
import i18n from 'i18next';
import { ApiError, apiRequest } from '@/lib/api-client';

/** The status text of a failed call, for the spec's "... failed: {status text}" log lines. */
function statusText(error: unknown): string {
  if (error instanceof ApiError) return `${error.status} ${error.code}`;
  return error instanceof Error ? error.message : String(error);
}

/** Spec §8: payment calls log what failed in the spec's words, then let the screen decide. */
async function logged<T>(key: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    console.error(i18n.t(key, { ns: 'billing', status: statusText(error) }));
    throw error;
  }
}

/** Spec §7: the amount is the plan's price x 100 (cents), in usd; the server checks it again. */
export function createPaymentIntent(planId: TPlan['id'], billingDetails: TBillingDetails) {
  const plan = PLANS.find((candidate) => candidate.id === planId);
  if (!plan || plan.price <= 0) throw new Error(i18n.t('invalidPlan', { ns: 'errors' }));
  return logged('messages.intentFailed', () =>
    apiRequest(createIntentRoute, {
      body: {
        amount: Math.round(plan.price * 100),
        currency: 'usd',
        plan: plan.id,
        billing_details: billingDetails,
      },
    }),
  );
}

export function createSubscription(planId: TPlan['id'], paymentMethodId: string) {
  return logged('messages.subscriptionFailed', () =>
    apiRequest(createSubscriptionRoute, { body: { plan: planId, paymentMethodId } }),
  );
}

export function updateDefaultCard(paymentMethodId: string) {
  return logged('messages.paymentMethodFailed', () =>
    apiRequest(paymentsUpdatePaymentMethodRoute, { body: { paymentMethodId } }),
  );
}

export type CardPaymentResult =
  | { success: true; paymentIntent: PaymentIntent }
  | { success: false; error: string };

/**
 * Spec §4 card processing: the provider confirms the intent with the card element and the
 * billing details; a refusal comes back as success false with the provider's own message.
 */
export async function confirmCardPayment(
  stripe: Stripe,
  clientSecret: string,
  card: StripeCardElement | null,
  billingDetails: TBillingDetails,
): Promise<CardPaymentResult> {
  if (!card) return { success: false, error: i18n.t('messages.cardElementMissing', { ns: 'billing' }) };
  const result = await stripe.confirmCardPayment(clientSecret, {
    payment_method: { card, billing_details: billingDetails },
  });
  if (result.error) {
    return { success: false, error: result.error.message ?? i18n.t('errors:codes.PAYMENT_ERROR') };
  }
  return { success: true, paymentIntent: result.paymentIntent };
}
