import { AppError } from '../../lib/app-error';
import { type Language, translate } from '../../lib/messages';
import { WebhookPayloadError, WebhookSignatureError } from '../../providers/payments/payments';
import { type SyncDeps, type SyncOutcome, syncCustomer } from './sync-customer';

/** The events that can change what billing shows; each one only triggers the sync. */
export const HANDLED_EVENTS = new Set([
  'checkout.session.completed',
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'invoice.paid',
  'invoice.payment_failed',
]);

/**
 * POST /v1/billing/webhook. The signature is checked over the raw bytes (300 s tolerance);
 * a bad or stale one is a 400 and changes nothing. Unknown types answer 200 (a 400 would make
 * Stripe retry them for days). A handled event does not carry our state: it tells us which
 * customer to sync, so `updated` before `created`, or a replay, still ends in the provider's
 * current state. A signed body that is no event we can read answers 200 too, `unreadable` with
 * the reason for the log: Stripe retries a 4xx as it does a 5xx, and a retry would not mend it.
 */
export async function handleWebhook(
  deps: SyncDeps,
  input: { rawBody: Buffer; signature: string | undefined; language: Language },
): Promise<{ received: true; outcome: SyncOutcome | 'ignored' | 'unreadable'; reason?: string }> {
  let event: ReturnType<typeof deps.payments.constructWebhookEvent>;
  try {
    if (!input.signature) throw new WebhookSignatureError('No Stripe-Signature header');
    event = deps.payments.constructWebhookEvent(input.rawBody, input.signature);
  } catch (error) {
    if (error instanceof WebhookSignatureError) {
      throw new AppError('BAD_REQUEST', translate(input.language, 'webhookSignature'));
    }
    if (error instanceof WebhookPayloadError) {
      return { received: true, outcome: 'unreadable', reason: error.message };
    }
    throw error;
  }
  if (!HANDLED_EVENTS.has(event.type) || !event.customerId) return { received: true, outcome: 'ignored' };
  const outcome = await syncCustomer(deps, {
    customerId: event.customerId,
    event: { id: event.id, type: event.type },
  });
  return { received: true, outcome };
}
