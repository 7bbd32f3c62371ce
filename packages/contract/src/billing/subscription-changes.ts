import { z } from 'zod';
import { ZSingleLineText } from '../common';
import { defineRoute } from '../http';
import { ZSubscription } from './get-billing-info';

/** Not shown in the spec: each change answers with the subscription as it now stands. */
export const ZSubscriptionChangeResponse = z.object({
  success: z.literal(true),
  subscription: ZSubscription,
});
export type TSubscriptionChangeResponse = z.infer<typeof ZSubscriptionChangeResponse>;

export const activateTrialRoute = defineRoute({
  method: 'POST',
  path: '/billing/activate-trial',
  summary: 'Start the 7-day free trial (no card)',
  tag: 'billing',
  auth: true,
  response: ZSubscriptionChangeResponse,
  errors: ['UNAUTHORIZED', 'CONFLICT'],
});

export const ZCancelSubscriptionRequest = z.object({ cancelAtPeriodEnd: z.boolean().default(true) });

export const cancelSubscriptionRoute = defineRoute({
  method: 'POST',
  path: '/billing/cancel-subscription',
  summary: 'Cancel, by default at the end of the paid period',
  tag: 'billing',
  auth: true,
  body: ZCancelSubscriptionRequest,
  response: ZSubscriptionChangeResponse,
  errors: ['UNAUTHORIZED', 'NOT_FOUND', 'PAYMENT_ERROR'],
});

export const reactivateSubscriptionRoute = defineRoute({
  method: 'POST',
  path: '/billing/reactivate-subscription',
  summary: 'Undo a pending cancellation',
  tag: 'billing',
  auth: true,
  response: ZSubscriptionChangeResponse,
  errors: ['UNAUTHORIZED', 'NOT_FOUND', 'PAYMENT_ERROR'],
});

export const ZProcessSuccessRequest = z.object({ sessionId: ZSingleLineText.min(1).max(255) });
export const ZProcessSuccessResponse = z.object({
  success: z.boolean(),
  subscription: ZSubscription.optional(),
});

export const processSuccessRoute = defineRoute({
  method: 'POST',
  path: '/billing/process-success',
  summary: 'Record the result of a finished checkout',
  tag: 'billing',
  auth: true,
  body: ZProcessSuccessRequest,
  response: ZProcessSuccessResponse,
  errors: ['UNAUTHORIZED', 'NOT_FOUND', 'PAYMENT_ERROR'],
});
