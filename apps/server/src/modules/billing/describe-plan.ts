import { PLANS } from '@app/contract/plans';
import type { BillingDeps } from './deps';
import { describeSubscription } from './describe-subscription';

/** One line for support mails: which plan the person is on and in what state, from our copy. */
export async function describePlan(
  deps: Pick<BillingDeps, 'billingRepo' | 'clock'>,
  userId: string,
): Promise<string> {
  const [account, rows] = await Promise.all([
    deps.billingRepo.getAccount(userId),
    deps.billingRepo.listSubscriptions(userId),
  ]);
  const sub = describeSubscription(account, rows, deps.clock.now());
  const name = PLANS.find((plan) => plan.id === sub.planId)?.name ?? sub.planId;
  const until = sub.cancelAtPeriodEnd ? `, cancelled, active until ${sub.currentPeriodEnd.slice(0, 10)}` : '';
  return `${name} (${sub.status}${until})`;
}
