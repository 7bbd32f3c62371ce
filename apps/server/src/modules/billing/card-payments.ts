import { PLANS, type TPlanId } from '@app/contract/plans';
import { AppError } from '../../lib/app-error';
import { type Language, translate } from '../../lib/messages';
import type { UserRow } from '../users/repo';
import type { BillingDeps } from './deps';
import { ensureCustomer } from './ensure-customer';
import { provider } from './provider-call';
import { type SyncDeps, syncCustomer } from './sync-customer';

/** The paid plan asked for, or 400 with the spec's 'Invalid plan selected'. */
function paidPlan(planId: TPlanId, language: Language) {
  const plan = PLANS.find((candidate) => candidate.id === planId);
  if (!plan || plan.price <= 0) throw new AppError('BAD_REQUEST', translate(language, 'invalidPlan'));
  return plan;
}

/** The in-page card form's intent: the amount must be the plan's price in cents (the page computes it). */
export async function createPaymentIntent(
  deps: Pick<BillingDeps, 'billingRepo' | 'payments' | 'clock'>,
  input: { user: UserRow; plan: TPlanId; amount: number; currency: 'usd'; language: Language },
): Promise<{ client_secret: string }> {
  const plan = paidPlan(input.plan, input.language);
  if (input.amount !== Math.round(plan.price * 100)) {
    throw new AppError('BAD_REQUEST', translate(input.language, 'amountMismatch'));
  }
  const customerId = await ensureCustomer(deps, input.user);
  const intent = await provider(() =>
    deps.payments.createPaymentIntent({
      customerId,
      userId: input.user.id,
      amountCents: input.amount,
      currency: input.currency,
      plan: plan.id,
    }),
  );
  return { client_secret: intent.clientSecret };
}

/** Subscribes with a card the form confirmed; refused while a live subscription exists. */
export async function createCardSubscription(
  deps: SyncDeps,
  input: { user: UserRow; plan: TPlanId; paymentMethodId: string; language: Language },
): Promise<{ subscriptionId: string; status: string; client_secret: string | null }> {
  paidPlan(input.plan, input.language);
  const customerId = await ensureCustomer(deps, input.user);
  const live = await provider(() => deps.payments.listLiveSubscriptions(customerId));
  if (live.length > 0) throw new AppError('CONFLICT', translate(input.language, 'subscriptionExists'));
  const sub = await provider(() =>
    deps.payments.createSubscription({
      customerId,
      userId: input.user.id,
      priceId: deps.payments.starterPriceId,
      paymentMethodId: input.paymentMethodId,
    }),
  );
  await syncCustomer(deps, { customerId });
  return { subscriptionId: sub.id, status: sub.status, client_secret: sub.clientSecret };
}

/** Makes a confirmed card the default one, then syncs so billing/info shows its last4. */
export async function replaceCard(
  deps: SyncDeps,
  input: { user: UserRow; paymentMethodId: string },
): Promise<{ success: true; last4: string }> {
  const customerId = await ensureCustomer(deps, input.user);
  const card = await provider(() => deps.payments.setDefaultPaymentMethod(customerId, input.paymentMethodId));
  await syncCustomer(deps, { customerId });
  return { success: true, last4: card.last4 };
}
