import type { TSubscription } from '@app/contract/billing/get-billing-info';
import { PLANS } from '@app/contract/plans';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LIVE_SUBSCRIPTION_STATUSES } from '../../providers/payments/payments';
import { describeSubscription } from './describe-subscription';
import type { BillingAccountRow, BillingSubscriptionRow } from './repo';

/**
 * The plan and period a person's usage counts against, when billing has one running: a live
 * paid subscription or our trial. Null otherwise; usage then measures over its 30-day fallback.
 */
export function billingPlanPeriod(
  account: BillingAccountRow | undefined,
  rows: BillingSubscriptionRow[],
  now: Date,
): { planTokens: number; periodStart: Date; periodEnd: Date } | null {
  return planPeriodOf(describeSubscription(account, rows, now));
}

/** billingPlanPeriod of a subscription already described (billing/info describes it anyway). */
export function planPeriodOf(
  subscription: TSubscription,
): { planTokens: number; periodStart: Date; periodEnd: Date } | null {
  if (!(LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(subscription.status)) return null;
  const plan = PLANS.find((candidate) => candidate.id === subscription.planId);
  if (!plan) return null;
  return {
    planTokens: plan.tokens,
    periodStart: new Date(subscription.currentPeriodStart),
    periodEnd: new Date(subscription.currentPeriodEnd),
  };
}

/**
 * Hands usage (its token total, the chart's period and the 80%/100% alerts) the plan and period
 * billing knows. Registered before the usage plugin, which keeps what is already decorated.
 */
export const billingPlanPeriodPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('planPeriodSource', {
      async current(userId: string, now: Date) {
        const [account, rows] = await Promise.all([
          app.billingRepo.getAccount(userId),
          app.billingRepo.listSubscriptions(userId),
        ]);
        return billingPlanPeriod(account, rows, now);
      },
    });
  },
  { name: 'billing-plan-period', dependencies: ['billing-repo'] },
);
