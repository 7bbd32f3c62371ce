import type { TPlanChange } from '@app/contract/account/activity';
import type { ProviderSubscription } from '../../providers/payments/payments';
import { currentLiveSubscription } from './describe-subscription';
import type { BillingSubscriptionRow, ProviderState } from './repo';

/**
 * What a sync changed about the person's plan, as their security activity words it. Derived
 * from our copy before and the provider's state after, so a change is recorded once whichever
 * path (the success redirect, a webhook, a button) brought it.
 */
export function planChange(
  before: BillingSubscriptionRow[],
  after: ProviderState['subscriptions'],
): { change: TPlanChange; plan: string } | null {
  const was = currentLiveSubscription(before);
  const is = pickCurrent(after);
  if (!was && is) return { change: 'subscribed', plan: is.planId };
  if (was && !is) return { change: 'ended', plan: was.plan_id };
  if (!was || !is || was.id !== is.id) return null;
  const wasCanceling = was.cancel_at_period_end === 1;
  if (!wasCanceling && is.cancelAtPeriodEnd) return { change: 'canceled', plan: is.planId };
  if (wasCanceling && !is.cancelAtPeriodEnd) return { change: 'reactivated', plan: is.planId };
  return null;
}

/** The provider's live subscriptions, chosen as currentLiveSubscription chooses among ours. */
function pickCurrent<T extends ProviderSubscription>(subscriptions: T[]): T | undefined {
  return subscriptions.find((sub) => sub.status !== 'past_due') ?? subscriptions[0];
}
