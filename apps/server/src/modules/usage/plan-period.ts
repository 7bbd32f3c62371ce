import { PLANS } from '@app/contract/plans';
import type { UsersRepo } from '../users/repo';

/** The plan's token allowance and the billing period it applies to. */
export interface PlanPeriod {
  planTokens: number;
  periodStart: Date;
  periodEnd: Date;
}

/**
 * Where usage learns a person's plan and current period. The billing module provides the real
 * one (decorate `planPeriodSource` in a plugin registered before `usagePlugin`); until then, and
 * for anyone without a subscription, every person is on the trial's allowance over the 30-day
 * fallback period. Null: no plan to measure against, so no alerts.
 */
export interface PlanPeriodSource {
  current(userId: string, now: Date): Promise<PlanPeriod | null>;
}

/** Spec §9: the billing period when there is no subscription period. */
export const FALLBACK_PERIOD_DAYS = 30;
const FALLBACK_PERIOD_MS = FALLBACK_PERIOD_DAYS * 24 * 60 * 60 * 1000;

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

/** The trial's tokens over the fallback period from the person's sign-up. */
export function trialPlanPeriod(user: { created_at: string }, now: Date): PlanPeriod {
  return { planTokens: TRIAL_TOKENS, ...fallbackPeriod(new Date(user.created_at), now) };
}

/** The default source: the trial's tokens over the fallback period from the person's sign-up. */
export function trialPlanPeriodSource(usersRepo: UsersRepo): PlanPeriodSource {
  return {
    async current(userId, now) {
      const user = await usersRepo.findById(userId);
      return user ? trialPlanPeriod(user, now) : null;
    },
  };
}
