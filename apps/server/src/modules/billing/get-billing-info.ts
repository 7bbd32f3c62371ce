import type { TBillingInfoResponse } from '@app/contract/billing/get-billing-info';
import type { UserRow } from '../users/repo';
import type { BillingDeps } from './deps';
import { describeSubscription } from './describe-subscription';
import { planPeriod } from './plan-period';

/** Everything from our copy: the page never waits on the provider. */
export async function getBillingInfo(
  deps: Pick<BillingDeps, 'billingRepo' | 'usage' | 'clock'>,
  input: { user: UserRow; timeZone?: string },
): Promise<TBillingInfoResponse> {
  const userId = input.user.id;
  const { account, subscriptions: rows, invoices } = await deps.billingRepo.readBilling(userId);
  const now = deps.clock.now();
  const subscription = describeSubscription(account, rows, now);
  // Usage counts against the plan described here, and the user already read: neither is read twice.
  const usage = await deps.usage.summary({
    userId,
    user: input.user,
    plan: planPeriod(subscription, input.user, now),
    now,
    ...(input.timeZone ? { timeZone: input.timeZone } : {}),
  });
  return {
    subscription,
    paymentMethod: account?.card_last4
      ? {
          last4: account.card_last4,
          brand: account.card_brand,
          expMonth: account.card_exp_month,
          expYear: account.card_exp_year,
        }
      : null,
    invoices: invoices.map((invoice) => ({
      id: invoice.id,
      date: invoice.date,
      description: invoice.description,
      amount: invoice.amount_cents / 100,
      status: invoice.status,
    })),
    usage,
  };
}
