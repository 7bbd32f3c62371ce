import { z } from 'zod';

export const PLAN_IDS = ['trial', 'starter'] as const;
export const ZPlanId = z.enum(PLAN_IDS);
export type TPlanId = z.infer<typeof ZPlanId>;

export const ZPlan = z
  .object({
    id: ZPlanId,
    name: z.string(),
    price: z.number().nonnegative(),
    currency: z.literal('USD'),
    interval: z.literal('month'),
    tokens: z.number().int().positive(),
    /** i18n keys of the plan's feature lines. */
    features: z.array(z.string()),
    /** The card provider's price id; null for the trial, which needs no card. */
    stripePriceId: z.string().nullable(),
    popular: z.boolean(),
    hint: z.string(),
    salesPitch: z.string(),
  })
  .meta({ id: 'Plan' });
export type TPlan = z.infer<typeof ZPlan>;

/** Spec §9. The starter price id is filled in from build settings where it is known. */
export const PLANS: readonly TPlan[] = [
  {
    id: 'trial',
    name: 'Trial Free',
    price: 0,
    currency: 'USD',
    interval: 'month',
    tokens: 20_000,
    features: ['plans.trial.features.tokens', 'plans.trial.features.days', 'plans.trial.features.noCard'],
    stripePriceId: null,
    popular: false,
    hint: 'plans.trial.hint',
    salesPitch: 'plans.trial.salesPitch',
  },
  {
    id: 'starter',
    name: 'Starter Plan',
    price: 29,
    currency: 'USD',
    interval: 'month',
    tokens: 5_000_000,
    features: [
      'plans.starter.features.tokens',
      'plans.starter.features.integrations',
      'plans.starter.features.support',
    ],
    stripePriceId: null,
    popular: true,
    hint: 'plans.starter.hint',
    salesPitch: 'plans.starter.salesPitch',
  },
];
