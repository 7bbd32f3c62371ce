import { PLANS } from '@app/contract/plans';
import { describeSubscription } from './describe-subscription';
import type { BillingRepo } from './repo';

/** One line for support mails: which plan the person is on and in what state, from our copy. */
export async function describePlan(
  deps: { repo: BillingRepo; now: () => Date },
  userId: string,
): Promise<string> {
  const [account, rows] = await Promise.all([
    deps.repo.getAccount(userId),
    deps.repo.listSubscriptions(userId),
  ]);
  const sub = describeSubscription(account, rows, deps.now());
  const name = PLANS.find((plan) => plan.id === sub.planId)?.name ?? sub.planId;
  const until = sub.cancelAtPeriodEnd ? `, cancelled, active until ${sub.currentPeriodEnd.slice(0, 10)}` : '';
  return `${name} (${sub.status}${until})`;
}
