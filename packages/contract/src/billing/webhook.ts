import { z } from 'zod';
import { defineRoute } from '../http';

/**
 * Stripe's calls to us. The body is Stripe's event, read as raw bytes so its signature
 * (the Stripe-Signature header) can be checked; it is not described here.
 */
export const billingWebhookRoute = defineRoute({
  method: 'POST',
  path: '/billing/webhook',
  summary: 'Stripe webhook: signature-checked, each event processed once',
  tag: 'billing',
  auth: false,
  response: z.object({ received: z.literal(true) }),
  errors: ['BAD_REQUEST'],
});
