import { PHONE_EMAIL_DOMAIN } from '@app/contract/common';
import type { Selectable } from 'kysely';
import type { UsersTable } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { newId } from '../../lib/ids';
import { type Language, translate } from '../../lib/messages';
import { PaymentsProviderError } from '../../providers/payments/payments';
import { currentLiveSubscription } from '../billing/describe-subscription';
import { revokeGrant } from '../connections/revoke-grant';
import type { AccountDeps } from './deps';

/**
 * Deletes an account. The order is what makes it safe:
 * 1. The live subscription is canceled at the payment provider, at once. If that fails, nothing
 *    else happens: an erased account must never go on being charged.
 * 2. One transaction copies the invoices to the retained records and erases every row of the
 *    person, sessions included, so every device is signed out at the same instant.
 * 3. With the tokens held in memory, each provider grant is withdrawn (as disconnect does).
 * 4. The person is told, by SMS, or by mail where they have an address and no number.
 * The number and address are then free: signing in with them again makes a new user.
 */
export async function deleteAccount(
  deps: AccountDeps,
  input: { user: Selectable<UsersTable>; language: Language },
): Promise<{ success: true; message: string }> {
  const { user, language } = input;
  const now = deps.now();
  const billing = await deps.billing.getAccount(user.id);
  const live = currentLiveSubscription(await deps.billing.listSubscriptions(user.id));
  if (live) {
    try {
      await deps.payments.cancelNow(live.id);
    } catch (error) {
      if (!(error instanceof PaymentsProviderError) || error.detail.status !== 404) {
        deps.log.warn(
          { err: error, subscriptionId: live.id },
          'cancel before deletion failed; nothing deleted',
        );
        throw new AppError('PAYMENT_ERROR', translate(language, 'deleteCancelFailed'));
      }
      // 404: the provider no longer has it, so there is nothing left to charge.
    }
  }
  const connections = await deps.connections.listForUser(user.id);
  await deps.transaction((trx) =>
    deps.repo.with(trx).eraseUser(user, billing?.customer_id ?? null, now.toISOString()),
  );
  for (const connection of connections) await revokeGrant(deps, connection);
  await tellDeleted(deps, user, language);
  return { success: true, message: translate(language, 'accountDeleted') };
}

async function tellDeleted(
  deps: AccountDeps,
  user: Selectable<UsersTable>,
  language: Language,
): Promise<void> {
  const text = { product: deps.productName };
  if (user.phone_number) {
    try {
      await deps.sms.send({ to: user.phone_number, body: translate(language, 'accountDeletedSms', text) });
    } catch (error) {
      // The deletion stands; only the courtesy message is lost.
      deps.log.warn({ err: error }, 'account deleted; the confirmation SMS failed');
    }
    return;
  }
  if (!user.email.includes('@') || user.email.endsWith(`@${PHONE_EMAIL_DOMAIN}`)) return;
  const nowIso = deps.now().toISOString();
  await deps.outbox.insert({
    id: newId(),
    kind: 'account_deleted',
    recipient: user.email,
    reply_to: null,
    subject: translate(language, 'accountDeletedSubject', text),
    body: translate(language, 'accountDeletedMail', text),
    next_attempt_at: nowIso,
    contact_message_id: null,
    created_at: nowIso,
  });
  deps.afterMailQueued();
}
