import type { TCreateCheckoutSessionRequest } from '@app/contract/billing/create-checkout-session';
import { AppError } from '../../lib/app-error';
import { type Language, translate } from '../../lib/messages';
import type { UserRow } from '../auth/repo';
import type { BillingDeps } from './deps';
import { provider } from './deps';
import { ensureCustomer } from './ensure-customer';

/**
 * Starts Stripe Checkout (subscription mode) for Starter. The price is the server's, whatever
 * priceId the page sends; a customer who already has a live subscription at the provider
 * (asked there, not in our copy, which a webhook may not have reached yet) cannot start another.
 */
export async function createCheckoutSession(
  deps: Pick<BillingDeps, 'repo' | 'payments' | 'now' | 'publicUrl'>,
  input: TCreateCheckoutSessionRequest & { user: UserRow; language: Language },
): Promise<{ checkoutUrl: string }> {
  if (input.planId !== 'starter') throw new AppError('BAD_REQUEST', translate(input.language, 'invalidPlan'));
  const customerId = await ensureCustomer(deps, input.user);
  const live = await provider(() => deps.payments.listLiveSubscriptions(customerId));
  if (live.length > 0) throw new AppError('CONFLICT', translate(input.language, 'subscriptionExists'));
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
  return { checkoutUrl: session.url };
}
