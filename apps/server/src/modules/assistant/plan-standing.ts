import { LIVE_SUBSCRIPTION_STATUSES } from '../../providers/payments/payments';
import { describeSubscription } from '../billing/describe-subscription';
import { planPeriod } from '../billing/plan-period';
import { firstHourFrom } from '../usage/local-days';
import type { UserRow } from '../users/repo';
import type { AssistantDeps } from './deps';

/**
 * Whether the person's plan lets the assistant spend on them now: the gate asks before a model
 * runs, and every message the assistant starts itself asks again at the moment of sending.
 */
export type PlanStanding =
  | { kind: 'active' }
  | { kind: 'no_plan' }
  | { kind: 'over_limit'; periodStart: string };

export async function planStanding(
  deps: Pick<AssistantDeps, 'billingRepo' | 'usage'>,
  user: UserRow,
  now: Date,
): Promise<PlanStanding> {
  const [account, subscriptions] = await Promise.all([
    deps.billingRepo.getAccount(user.id),
    deps.billingRepo.listSubscriptions(user.id),
  ]);
  const subscription = describeSubscription(account, subscriptions, now);
  const active =
    (LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(subscription.status) ||
    (subscription.planId === 'trial' && subscription.status === 'active');
  if (!active) return { kind: 'no_plan' };
  const plan = planPeriod(subscription, user, now);
  const used = await deps.usage.usageRepo.tokensBetween(
    user.id,
    firstHourFrom(plan.periodStart),
    firstHourFrom(plan.periodEnd),
  );
  return used >= plan.planTokens
    ? { kind: 'over_limit', periodStart: plan.periodStart.toISOString() }
    : { kind: 'active' };
}

/** Whether the person paused the assistant on its screen. */
export async function isPaused(
  deps: Pick<AssistantDeps, 'assistantSettingsRepo'>,
  userId: string,
): Promise<boolean> {
  return (await deps.assistantSettingsRepo.find(userId))?.paused === 1;
}
