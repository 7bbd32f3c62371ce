import type { TSubscriptionChangeResponse } from '@app/contract/billing/subscription-changes';
import { AppError } from '../../lib/app-error';
import { type Language, translate } from '../../lib/messages';
import { currentLiveSubscription, describeSubscription } from './describe-subscription';
import { provider } from './provider-call';
import { type SyncDeps, syncCustomer } from './sync-customer';

/**
 * Cancel at period end, or undo that. The change is made at the provider, then the sync writes
 * our copy from what the provider now says (the webhook that follows finds it already done).
 */
export async function changeCancellation(
  deps: SyncDeps,
  input: { userId: string; cancel: boolean; language: Language },
): Promise<TSubscriptionChangeResponse> {
  const account = await deps.billingRepo.getAccount(input.userId);
  const live = currentLiveSubscription(await deps.billingRepo.listSubscriptions(input.userId));
  if (!account?.customer_id || !live) {
    throw new AppError('NOT_FOUND', translate(input.language, 'noSubscription'));
  }
  if ((live.cancel_at_period_end === 1) !== input.cancel) {
    await provider(() => deps.payments.setCancelAtPeriodEnd(live.id, input.cancel));
  }
  await syncCustomer(deps, { customerId: account.customer_id });
  const rows = await deps.billingRepo.listSubscriptions(input.userId);
  return {
    success: true,
    subscription: describeSubscription(
      await deps.billingRepo.getAccount(input.userId),
      rows,
      deps.clock.now(),
    ),
  };
}
