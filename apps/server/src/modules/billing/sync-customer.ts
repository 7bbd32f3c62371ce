import type { BillingDeps } from './deps';
import { planChange } from './plan-changes';
import { provider } from './provider-call';
import type { ProviderState } from './repo';

/** What a sync needs, and so what everything that ends in a sync needs. */
export type SyncDeps = Pick<
  BillingDeps,
  'billingRepo' | 'securityEvents' | 'payments' | 'transaction' | 'clock'
>;

export type SyncOutcome = 'synced' | 'newer-state-kept' | 'duplicate-event' | 'unknown-customer';

/** The only paid plan: every provider subscription is Starter, whatever price it runs on. */
const planOf = (_priceId: string | null) => 'starter';

/** Reads everything billing shows about a customer from the provider. */
async function readProviderState(
  deps: Pick<BillingDeps, 'payments'>,
  customerId: string,
): Promise<ProviderState> {
  const [subscriptions, invoices, card] = await Promise.all([
    deps.payments.listLiveSubscriptions(customerId),
    deps.payments.listInvoices(customerId),
    deps.payments.defaultCard(customerId),
  ]);
  return {
    subscriptions: subscriptions.map((sub) => ({ ...sub, planId: planOf(sub.priceId) })),
    invoices,
    card,
  };
}

/**
 * THE sync (design §8): re-reads the customer's live subscriptions, invoices and card from the
 * provider and writes our copy. The success redirect, every webhook and the local checkout all
 * call it, so events that arrive late, twice or out of order cannot leave a wrong state: whatever
 * triggered it, the provider's current state is what gets written.
 *
 * With an event, its id is stored in the same transaction as the write, and a repeat changes
 * nothing. The provider is read before the transaction (no network call holds a database lock);
 * a read older than the one already written is not written over it.
 */
export async function syncCustomer(
  deps: SyncDeps,
  input: { customerId: string; event?: { id: string; type: string } },
): Promise<SyncOutcome> {
  const { event } = input;
  if (event && (await deps.billingRepo.hasWebhookEvent(event.id))) return 'duplicate-event';
  const account = await deps.billingRepo.findAccountByCustomer(input.customerId);
  if (!account) {
    // Not one of ours (another app on the same Stripe account): remembered so a replay stops early.
    if (event)
      await deps.billingRepo.recordWebhookEvent(event.id, event.type, deps.clock.now().toISOString());
    return 'unknown-customer';
  }
  const readAt = deps.clock.now().toISOString();
  const state = await provider(() => readProviderState(deps, input.customerId));
  return deps.transaction(async (trx) => {
    const repo = deps.billingRepo.with(trx);
    const nowIso = deps.clock.now().toISOString();
    if (event && !(await repo.recordWebhookEvent(event.id, event.type, nowIso))) return 'duplicate-event';
    await repo.lockAccount(account.user_id);
    const current = await repo.getAccount(account.user_id);
    if (current?.synced_at && current.synced_at > readAt) return 'newer-state-kept';
    const change = planChange(await repo.listSubscriptions(account.user_id), state.subscriptions);
    await repo.writeProviderState(account.user_id, state, readAt, nowIso);
    if (change) {
      await deps.securityEvents
        .with(trx)
        .record({ userId: account.user_id, kind: 'plan_changed', detail: change, at: deps.clock.now() });
    }
    return 'synced';
  });
}
