import { SmsDeliveryError } from '../../providers/sms/sms';
import type { SmsOutboxDeps } from './deps';

/** After the last try: a text still waiting is marked failed, so the screen says it was not sent. */
export async function giveUpSending(
  deps: Pick<SmsOutboxDeps, 'smsOutboxRepo' | 'log'>,
  job: { messageId: string },
): Promise<void> {
  await deps.smsOutboxRepo.markFailed(job.messageId);
  deps.log.warn({ messageId: job.messageId }, 'SMS not sent after the last try');
}

/**
 * The send job: one queued text through the SMS port, at most once.
 * - The opt-out is checked at the moment of sending, whatever was decided when it was queued:
 *   nothing reaches a number that said STOP (but a carrier's own reply to STOP or HELP).
 * - WhatsApp sends nothing while it is off (WHATSAPP_ENABLED).
 * - The row moves to `sending` before the provider is called and to `sent` with the provider's
 *   id right after: a try that died in between, or whose write failed, leaves it in `sending`,
 *   and no retry sends it again (decision 311). A provider that answered with a refusal put it
 *   back to `queued` for the retry.
 */
export async function sendQueued(
  deps: Pick<SmsOutboxDeps, 'smsOutboxRepo' | 'sms' | 'phoneHash' | 'log' | 'limits' | 'clock'>,
  job: { messageId: string; carrier?: boolean | undefined },
): Promise<void> {
  const repo = deps.smsOutboxRepo;
  const message = await repo.findOutbound(job.messageId);
  if (message?.status === 'sending')
    deps.log.warn({ messageId: message.id }, 'SMS outcome unknown after an earlier try; not sent again');
  if (message?.status !== 'queued') return;
  // One try at a time owns the text from here (a job taken again after its lease finds it taken).
  if (!(await repo.claimForSending(message.id))) return;
  const channelOff = message.channel === 'whatsapp' && !deps.limits.whatsappEnabled;
  if (channelOff || (!job.carrier && (await repo.isOptedOut(deps.phoneHash(message.phone))))) {
    await repo.finish(message.id, null, 'suppressed');
    return;
  }
  // When it was handed to the provider: an approval's request counts for a YES that arrived
  // after this (decision 290). Taken before the call: the phone may show it before the call returns.
  const handedAt = deps.clock.now().toISOString();
  let sent: { id: string };
  try {
    sent = await deps.sms.send({ to: message.phone, body: message.body, channel: message.channel });
  } catch (error) {
    if (error instanceof SmsDeliveryError && error.detail.outcomeUnknown) {
      // The provider may have the text: at most once, so it stays in `sending`, never resent.
      deps.log.warn({ messageId: message.id }, 'SMS send timed out; its outcome is unknown, not resent');
      return;
    }
    // The provider answered with a refusal or could not be reached: nothing was accepted.
    await repo.backToQueued(message.id);
    throw error;
  }
  await repo.finish(message.id, sent.id, 'sent', handedAt);
}
