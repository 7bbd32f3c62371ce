import type { TBillingInfoResponse } from '@app/contract/billing/get-billing-info';
import type { BillingDeps } from './deps';
import { describeSubscription } from './describe-subscription';

/** Everything from our copy: the page never waits on the provider. */
export async function getBillingInfo(
  deps: Pick<BillingDeps, 'repo' | 'usage' | 'now'>,
  input: { userId: string; timeZone?: string },
): Promise<TBillingInfoResponse> {
  const [account, rows, invoices] = await Promise.all([
    deps.repo.getAccount(input.userId),
    deps.repo.listSubscriptions(input.userId),
    deps.repo.listInvoices(input.userId),
  ]);
  const subscription = describeSubscription(account, rows, deps.now());
  const usage = await deps.usage.forUser({
    userId: input.userId,
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
