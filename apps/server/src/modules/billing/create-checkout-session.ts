import type { TCreateCheckoutSessionRequest } from '@app/contract/billing/create-checkout-session';
import { AppError } from '../../lib/app-error';
import { type Language, translate } from '../../lib/messages';
import type { OneTimeStore } from '../../lib/one-time-store/one-time-store';
import type { UserRow } from '../users/repo';
import type { BillingDeps } from './deps';
import { ensureCustomer } from './ensure-customer';
import { provider } from './provider-call';

const LOCK_TTL_MS = 30_000;
const LOCK_WAIT_MS = 10_000;
const LOCK_POLL_MS = 50;

/** Waits for the user's checkout lock (across instances), so concurrent requests take turns. */
async function withCheckoutLock<T>(
  store: OneTimeStore,
  userId: string,
  language: Language,
  work: () => Promise<T>,
): Promise<T> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    const release = await store.lock(`billing-checkout:${userId}`, LOCK_TTL_MS);
    if (release) {
      try {
        return await work();
      } finally {
        await release();
      }
    }
    if (Date.now() > deadline) throw new AppError('CONFLICT', translate(language, 'checkoutBusy'));
    await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
  }
}

/**
 * Starts Stripe Checkout (subscription mode) for Starter. The price is the server's, whatever
 * priceId the page sends; a customer who already has a live subscription at the provider
 * (asked there, not in our copy, which a webhook may not have reached yet) cannot start another.
 * While the person's last checkout is still open, they get that one again: two tabs or a
 * double click lead to one payable session, never two charges.
 */
export async function createCheckoutSession(
  deps: Pick<BillingDeps, 'billingRepo' | 'payments' | 'clock' | 'publicUrl' | 'oneTimeStore'>,
  input: TCreateCheckoutSessionRequest & { user: UserRow; language: Language },
): Promise<{ checkoutUrl: string }> {
  if (input.planId !== 'starter') throw new AppError('BAD_REQUEST', translate(input.language, 'invalidPlan'));
  return withCheckoutLock(deps.oneTimeStore, input.user.id, input.language, async () => {
    const customerId = await ensureCustomer(deps, input.user);
    const live = await provider(() => deps.payments.listLiveSubscriptions(customerId));
    if (live.length > 0) throw new AppError('CONFLICT', translate(input.language, 'subscriptionExists'));
    const previousId = (await deps.billingRepo.getAccount(input.user.id))?.checkout_session_id;
    if (previousId) {
      const previous = await provider(() => deps.payments.getCheckoutSession(previousId));
      if (previous?.status === 'open' && previous.url) return { checkoutUrl: previous.url };
    }
    const session = await provider(() =>
      deps.payments.createCheckoutSession({
        customerId,
        userId: input.user.id,
        priceId: deps.payments.starterPriceId,
        // The spec's return (§4): /billing?success=true&session_id=..., filled in by the provider.
        successUrl: `${deps.publicUrl}/billing?success=true&session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${deps.publicUrl}/billing?canceled=true`,
      }),
    );
    await deps.billingRepo.setCheckoutSession(input.user.id, session.id, deps.clock.now().toISOString());
    return { checkoutUrl: session.url };
  });
}
