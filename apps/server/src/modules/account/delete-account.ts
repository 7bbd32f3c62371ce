import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { type Language, translate } from '../../lib/messages';
import { PaymentsProviderError } from '../../providers/payments/payments';
import { sampleOwnerOf } from '../../providers/sample-workspace/owner';
import { currentLiveSubscription } from '../billing/describe-subscription';
import { revokeGrant } from '../connections/revoke-grant';
import { hasRealEmail } from '../users/email-address';
import type { AccountDeps } from './deps';

/**
 * Deletes an account. The order is what makes it safe:
 * 1. The live subscription is canceled at the payment provider, at once, and the customer is
 *    deleted there (its cards and our user id go; the provider keeps its invoices). If either
 *    fails, nothing else happens: an erased account must never go on being charged.
 * 2. One transaction copies the invoices to the retained records and erases every row of the
 *    person, sessions included, so every device is signed out at the same instant, the jobs
 *    that name them or theirs, and what the local stand-ins recorded of them (the dev outbox,
 *    mail sent from their accounts' addresses included, their accounts' sample workspaces).
 * 3. The database's files are flushed, so no copy of the erased rows stays in the WAL, and a job
 *    rewrites them soon after (VACUUM), so no stale byte stays in a page either (decision 351).
 * 4. With the tokens held in memory, each provider grant is withdrawn (as disconnect does).
 * 5. The person is told, by SMS (at once through the SMS outbox, which sends nothing to a number
 *    that said STOP, and stores nothing: the person's rows are gone), or by mail where they have
 *    an address and no number.
 * The number and address are then free: signing in with them again makes a new user.
 */
export async function deleteAccount(
  deps: AccountDeps,
  input: { user: Selectable<UsersTable>; language: Language; log: FastifyBaseLogger },
): Promise<{ success: true; message: string }> {
  const { user, language, log } = input;
  const now = deps.clock.now();
  const billing = await deps.billingRepo.getAccount(user.id);
  const live = currentLiveSubscription(await deps.billingRepo.listSubscriptions(user.id));
  const customerId = billing?.customer_id ?? null;
  if (live) await atPaymentProvider(input, () => deps.payments.cancelNow(live.id));
  if (customerId) await atPaymentProvider(input, () => deps.payments.deleteCustomer(customerId));
  const connections = await deps.connectionsRepo.listForUser(user.id);
  // The addresses of the person's accounts: what the stand-ins sent from or to them names them.
  const accountAddresses = connections.map((c) => c.email);
  await deps.transaction(async (trx) => {
    const ids = await deps.accountRepo.with(trx).idsNaming(user);
    await deps.accountRepo.with(trx).eraseUser(user, customerId, now.toISOString());
    await deps.usersRepo.with(trx).delete(user.id);
    // Pending and finished jobs keyed by the person's messages, mails, settings or accounts.
    await deps.jobs.with(trx).forgetNaming(ids);
    // And the maintenance step after it, committed with it.
    await deps.rewriteAfterErasure(trx);
    await deps.devOutbox.with(trx).forgetPerson({
      addresses: [
        user.email,
        user.phone_number ?? '',
        user.phone_number ? `whatsapp:${user.phone_number}` : '',
        ...accountAddresses,
      ],
      mentions: [
        user.id,
        user.phone_number ?? '',
        hasRealEmail(user.email) ? user.email : '',
        ...accountAddresses,
      ],
    });
    await deps.sampleWorkspace
      .with(trx)
      .forgetOwners(
        connections.flatMap((c) =>
          c.provider === 'facebook' ? [] : [sampleOwnerOf(c.provider, c.provider_account_id)],
        ),
      );
  });
  await deps.flushErased();
  for (const connection of connections) await revokeGrant({ ...deps, log }, connection);
  await tellDeleted(deps, { user, language, log });
  return { success: true, message: translate(language, 'accountDeleted') };
}

/** One step at the payment provider; a 404 means there is nothing left there to undo. */
async function atPaymentProvider(
  { language, log }: { language: Language; log: FastifyBaseLogger },
  step: () => Promise<void>,
): Promise<void> {
  try {
    await step();
  } catch (error) {
    if (error instanceof PaymentsProviderError && error.detail.status === 404) return;
    log.warn({ err: error }, 'payment provider step before deletion failed; nothing deleted');
    throw new AppError('PAYMENT_ERROR', translate(language, 'deleteCancelFailed'));
  }
}

async function tellDeleted(
  deps: AccountDeps,
  { user, language, log }: { user: Selectable<UsersTable>; language: Language; log: FastifyBaseLogger },
): Promise<void> {
  const text = { product: deps.productName };
  if (user.phone_number) {
    try {
      const sent = await deps.smsOutbox.sendNow({
        to: user.phone_number,
        body: translate(language, 'accountDeletedSms', text),
      });
      if (!sent.sent) log.info({ reason: sent.reason }, 'account deleted; no confirmation SMS');
    } catch (error) {
      // The deletion stands; only the courtesy message is lost.
      log.warn({ err: error }, 'account deleted; the confirmation SMS failed');
    }
    return;
  }
  if (!hasRealEmail(user.email)) return;
  const nowIso = deps.clock.now().toISOString();
  await deps.transaction((trx) =>
    deps.mailOutbox.queue(trx, {
      id: newId(),
      kind: 'account_deleted',
      recipient: user.email,
      reply_to: null,
      subject: translate(language, 'accountDeletedSubject', text),
      body: translate(language, 'accountDeletedMail', text),
      contact_message_id: null,
      created_at: nowIso,
    }),
  );
}
