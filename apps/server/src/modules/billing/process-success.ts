import type { TSubscription } from '@app/contract/billing/get-billing-info';
import { AppError } from '../../lib/app-error';
import { type Language, translate } from '../../lib/messages';
import { currentLiveSubscription, describeSubscription } from './describe-subscription';
import { provider } from './provider-call';
import { type SyncDeps, syncCustomer } from './sync-customer';

/**
 * The success redirect: runs the sync at once, so the page shows the paid plan before any
 * webhook arrives (and a person who sees "trial" does not pay again). Only the user's own
 * checkout session counts; another's is not found.
 */
export async function processSuccess(
  deps: SyncDeps,
  input: { userId: string; sessionId: string; language: Language },
): Promise<{ success: boolean; subscription?: TSubscription }> {
  const account = await deps.billingRepo.getAccount(input.userId);
  const session = account?.customer_id
    ? await provider(() => deps.payments.getCheckoutSession(input.sessionId))
    : null;
  if (!account?.customer_id || !session || session.customerId !== account.customer_id) {
    throw new AppError('NOT_FOUND', translate(input.language, 'checkoutNotFound'));
  }
  await syncCustomer(deps, { customerId: account.customer_id });
  const rows = await deps.billingRepo.listSubscriptions(input.userId);
  const paid = session.status === 'complete' && Boolean(currentLiveSubscription(rows));
  return {
    success: paid,
    subscription: describeSubscription(
      await deps.billingRepo.getAccount(input.userId),
      rows,
      deps.clock.now(),
    ),
  };
}
