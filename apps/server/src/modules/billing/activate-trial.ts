import type { TSubscriptionChangeResponse } from '@app/contract/billing/subscription-changes';
import { TRIAL_DAYS } from '@app/contract/constants';
import { AppError } from '../../lib/app-error';
import { type Language, translate } from '../../lib/messages';
import type { RequestOrigin } from '../../lib/request-origin';
import type { BillingDeps } from './deps';
import { currentLiveSubscription, describeSubscription } from './describe-subscription';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Our trial (design §8): 7 days, no card, once per user; a paying subscriber does not need it. */
export async function activateTrial(
  deps: Pick<BillingDeps, 'billingRepo' | 'securityEvents' | 'transaction' | 'clock'>,
  input: { userId: string; language: Language; origin: RequestOrigin },
): Promise<TSubscriptionChangeResponse> {
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  return deps.transaction(async (trx) => {
    const repo = deps.billingRepo.with(trx);
    await repo.ensureAccount(input.userId, nowIso);
    await repo.lockAccount(input.userId);
    if (currentLiveSubscription(await repo.listSubscriptions(input.userId))) {
      throw new AppError('CONFLICT', translate(input.language, 'subscriptionExists'));
    }
    const end = new Date(now.getTime() + TRIAL_DAYS * DAY_MS).toISOString();
    // Conditional on "never started", so two clicks at once still start one trial.
    if (!(await repo.startTrial(input.userId, nowIso, end))) {
      throw new AppError('CONFLICT', translate(input.language, 'trialAlreadyUsed'));
    }
    await deps.securityEvents.with(trx).record({
      userId: input.userId,
      kind: 'plan_changed',
      detail: { change: 'trial_started', plan: 'trial' },
      origin: input.origin,
      at: now,
    });
    const account = await repo.getAccount(input.userId);
    return { success: true as const, subscription: describeSubscription(account, [], now) };
  });
}
