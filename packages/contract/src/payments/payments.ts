import { z } from 'zod';
import { singleLine, ZSingleLineText } from '../common';
import { defineRoute } from '../http';
import { ZPlanId } from '../plans';

export const ZBillingDetails = z.object({
  name: ZSingleLineText.trim().min(1, 'Name is required').max(200),
  email: singleLine(z.email('Enter a valid email address').max(254)),
  address: z.object({
    line1: ZSingleLineText.trim().min(1, 'Address is required').max(200),
    city: ZSingleLineText.trim().min(1, 'City is required').max(100),
    state: ZSingleLineText.trim().min(1, 'State is required').max(100),
    postal_code: ZSingleLineText.trim().min(1, 'ZIP is required').max(20),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .default('US'),
  }),
});
export type TBillingDetails = z.infer<typeof ZBillingDetails>;

export const ZCreateIntentRequest = z.object({
  /** Cents: the plan's price x 100. The server checks it against the plan. */
  amount: z.number().int().positive(),
  currency: z.literal('usd'),
  plan: ZPlanId,
  billing_details: ZBillingDetails,
});
export const ZCreateIntentResponse = z.object({ client_secret: z.string() });

export const createIntentRoute = defineRoute({
  method: 'POST',
  path: '/payments/create-intent',
  summary: 'Create a card payment intent for the in-page card form',
  tag: 'payments',
  auth: true,
  body: ZCreateIntentRequest,
  response: ZCreateIntentResponse,
  errors: ['UNAUTHORIZED', 'BAD_REQUEST', 'PAYMENT_ERROR'],
});

/** Not shown in the spec: subscribe with a payment method confirmed by the card form. */
export const ZCreateSubscriptionRequest = z.object({
  plan: ZPlanId,
  paymentMethodId: ZSingleLineText.min(1).max(255),
});
export const ZCreateSubscriptionResponse = z.object({
  subscriptionId: z.string(),
  status: z.string(),
  client_secret: z.string().nullable(),
});

export const createSubscriptionRoute = defineRoute({
  method: 'POST',
  path: '/payments/create-subscription',
  summary: 'Create a subscription from a confirmed payment method',
  tag: 'payments',
  auth: true,
  body: ZCreateSubscriptionRequest,
  response: ZCreateSubscriptionResponse,
  errors: ['UNAUTHORIZED', 'BAD_REQUEST', 'PAYMENT_ERROR'],
});

/** Not shown in the spec: make a confirmed payment method the default card. */
export const ZUpdatePaymentMethodRequest = z.object({ paymentMethodId: ZSingleLineText.min(1).max(255) });
export const ZUpdatePaymentMethodResponse = z.object({
  success: z.literal(true),
  last4: z.string().regex(/^[0-9]{4}$/),
});

export const paymentsUpdatePaymentMethodRoute = defineRoute({
  method: 'POST',
  path: '/payments/update-payment-method',
  summary: 'Replace the default card',
  tag: 'payments',
  auth: true,
  body: ZUpdatePaymentMethodRequest,
  response: ZUpdatePaymentMethodResponse,
  errors: ['UNAUTHORIZED', 'PAYMENT_ERROR'],
});
