import { z } from 'zod';
import { ZSingleLineText } from '../common';
import { defineRoute } from '../http';
import { ZPlanId } from '../plans';

export const ZCreateCheckoutSessionRequest = z.object({
  planId: ZPlanId,
  priceId: ZSingleLineText.max(255).nullable().optional(),
});
export const ZCreateCheckoutSessionResponse = z.object({ checkoutUrl: z.url() });
export type TCreateCheckoutSessionRequest = z.infer<typeof ZCreateCheckoutSessionRequest>;

export const createCheckoutSessionRoute = defineRoute({
  method: 'POST',
  path: '/billing/create-checkout-session',
  summary: 'Start paying for a plan: returns the checkout address',
  tag: 'billing',
  auth: true,
  body: ZCreateCheckoutSessionRequest,
  response: ZCreateCheckoutSessionResponse,
  errors: ['UNAUTHORIZED', 'BAD_REQUEST', 'PAYMENT_ERROR'],
});
