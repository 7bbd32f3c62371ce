import { z } from 'zod';
import { ZIsoDateTime } from '../common';
import { defineRoute } from '../http';
import { ZPlanId } from '../plans';
import { ZUsageQuery } from '../usage/time-zone';

export const ZSubscription = z
  .object({
    /** The card provider's subscription id; null while on the trial. */
    id: z.string().nullable(),
    planId: ZPlanId,
    /** 'active', 'trialing', 'past_due', 'canceled', ... as the provider reports it. */
    status: z.string(),
    currentPeriodStart: ZIsoDateTime,
    currentPeriodEnd: ZIsoDateTime,
    cancelAtPeriodEnd: z.boolean(),
  })
  .meta({ id: 'Subscription' });
export type TSubscription = z.infer<typeof ZSubscription>;

export const ZPaymentMethod = z.object({
  last4: z.string().regex(/^[0-9]{4}$/),
  brand: z.string().nullable(),
  expMonth: z.number().int().min(1).max(12).nullable(),
  expYear: z.number().int().nullable(),
});

export const ZInvoice = z.object({
  id: z.string(),
  date: ZIsoDateTime,
  description: z.string(),
  /** In dollars (the UI prints it as is). */
  amount: z.number(),
  status: z.string(),
});
export type TInvoice = z.infer<typeof ZInvoice>;

export const ZUsage = z.object({
  tokens: z.number().int().nonnegative(),
  integrations: z.number().int().nonnegative(),
  /** Bytes kept for the user. */
  storage: z.number().int().nonnegative(),
  /** ISO date (YYYY-MM-DD) -> usage of that day. */
  dailyUsage: z.record(z.iso.date(), z.object({ tokens: z.number().int().nonnegative() })),
});
export type TUsage = z.infer<typeof ZUsage>;

export const ZBillingInfoResponse = z.object({
  subscription: ZSubscription,
  paymentMethod: ZPaymentMethod.nullable(),
  invoices: z.array(ZInvoice),
  usage: ZUsage,
});
export type TBillingInfoResponse = z.infer<typeof ZBillingInfoResponse>;

export const getBillingInfoRoute = defineRoute({
  method: 'GET',
  path: '/billing/info',
  summary: 'Subscription, card, invoices and usage',
  tag: 'billing',
  auth: true,
  /** The browser's time zone, so the chart's days are the person's days. */
  query: ZUsageQuery,
  response: ZBillingInfoResponse,
  errors: ['UNAUTHORIZED', 'VALIDATION_ERROR'],
});
