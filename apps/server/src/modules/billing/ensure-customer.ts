import { hasRealEmail } from '../users/email-address';
import type { UserRow } from '../users/repo';
import type { BillingDeps } from './deps';
import { provider } from './deps';

/**
 * The user's provider customer, created exactly once: the unique column keeps one per user in
 * our database, and the user id as idempotency key makes two racing creates one customer at
 * the provider; whichever request stores first wins, the other reads it back.
 */
export async function ensureCustomer(
  deps: Pick<BillingDeps, 'repo' | 'payments' | 'now'>,
  user: UserRow,
): Promise<string> {
  const nowIso = deps.now().toISOString();
  await deps.repo.ensureAccount(user.id, nowIso);
  const existing = await deps.repo.getAccount(user.id);
  if (existing?.customer_id) return existing.customer_id;
  const created = await provider(() =>
    deps.payments.createCustomer({
      userId: user.id,
      email: hasRealEmail(user.email) ? user.email : null,
      name: user.name,
    }),
  );
  await deps.repo.setCustomerIfUnset(user.id, created, nowIso);
  const stored = await deps.repo.getAccount(user.id);
  return stored?.customer_id ?? created;
}

/** The user's customer if there is one; reading never creates one. */
export async function existingCustomer(
  deps: Pick<BillingDeps, 'repo'>,
  userId: string,
): Promise<string | null> {
  return (await deps.repo.getAccount(userId))?.customer_id ?? null;
}
