import type { TSubscription } from '@app/contract/billing/get-billing-info';
import { FALLBACK_BILLING_PERIOD_DAYS } from '@app/contract/constants';
import { PLANS } from '@app/contract/plans';
import { LIVE_SUBSCRIPTION_STATUSES } from '../../providers/payments/payments';
import type { UserRow } from '../users/repo';
import type { BillingDeps } from './deps';
import { describeSubscription } from './describe-subscription';

/** The plan's token allowance and the billing period it applies to: what usage is measured against. */
export interface PlanPeriod {
  planTokens: number;
  periodStart: Date;
  periodEnd: Date;
}

const FALLBACK_PERIOD_MS = FALLBACK_BILLING_PERIOD_DAYS * 24 * 60 * 60 * 1000;

/**
 * The 30-day period containing `now`, counted in back-to-back periods from `anchor` (when the
 * person joined). Anchored rather than rolling, so "once per period" for alerts means something.
 */
export function fallbackPeriod(anchor: Date, now: Date): { periodStart: Date; periodEnd: Date } {
  const elapsed = Math.max(0, now.getTime() - anchor.getTime());
  const start = anchor.getTime() + Math.floor(elapsed / FALLBACK_PERIOD_MS) * FALLBACK_PERIOD_MS;
  return { periodStart: new Date(start), periodEnd: new Date(start + FALLBACK_PERIOD_MS) };
}

const TRIAL_TOKENS = PLANS.find((plan) => plan.id === 'trial')?.tokens ?? 20_000;

/** The trial's tokens over the fallback period from the person's sign-up (spec §9). */
export function trialPlanPeriod(user: Pick<UserRow, 'created_at'>, now: Date): PlanPeriod {
  return { planTokens: TRIAL_TOKENS, ...fallbackPeriod(new Date(user.created_at), now) };
}

/** The running plan's: a live paid subscription or our trial while it runs; null when none runs. */
export function runningPlanPeriod(subscription: TSubscription): PlanPeriod | null {
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
 * The one answer to "which plan and period does this person's usage count against": the
 * running plan's, and for anyone without one the trial's allowance over 30-day periods from
 * sign-up. Usage's totals, its chart and its 80%/100% alerts all ask here.
 */
export function planPeriod(
  subscription: TSubscription,
  user: Pick<UserRow, 'created_at'>,
  now: Date,
): PlanPeriod {
  return runningPlanPeriod(subscription) ?? trialPlanPeriod(user, now);
}

/** planPeriod from our copy, for a caller that has not described the subscription already. */
export async function currentPlanPeriod(
  deps: Pick<BillingDeps, 'billingRepo'>,
  user: Pick<UserRow, 'id' | 'created_at'>,
  now: Date,
): Promise<PlanPeriod> {
  const { account, subscriptions } = await deps.billingRepo.readPlan(user.id);
  return planPeriod(describeSubscription(account, subscriptions, now), user, now);
}
