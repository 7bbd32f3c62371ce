import { hasRealEmail } from '../users/email-address';
import type { UserRow } from '../users/repo';
import type { BillingDeps } from './deps';
import { provider } from './provider-call';

/**
 * The user's provider customer, created exactly once: the unique column keeps one per user in
 * our database, and the user id as idempotency key makes two racing creates one customer at
 * the provider; whichever request stores first wins, the other reads it back.
 */
export async function ensureCustomer(
  deps: Pick<BillingDeps, 'billingRepo' | 'payments' | 'clock'>,
  user: UserRow,
): Promise<string> {
  const nowIso = deps.clock.now().toISOString();
  await deps.billingRepo.ensureAccount(user.id, nowIso);
  const existing = await deps.billingRepo.getAccount(user.id);
  if (existing?.customer_id) return existing.customer_id;
  const created = await provider(() =>
    deps.payments.createCustomer({
      userId: user.id,
      email: hasRealEmail(user.email) ? user.email : null,
      name: user.name,
    }),
  );
  await deps.billingRepo.setCustomerIfUnset(user.id, created, nowIso);
  const stored = await deps.billingRepo.getAccount(user.id);
  return stored?.customer_id ?? created;
}

/** The user's customer if there is one; reading never creates one. */
export async function existingCustomer(
  deps: Pick<BillingDeps, 'billingRepo'>,
  userId: string,
): Promise<string | null> {
  return (await deps.billingRepo.getAccount(userId))?.customer_id ?? null;
}
