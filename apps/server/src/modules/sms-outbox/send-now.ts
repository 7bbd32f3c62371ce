import type { SmsChannel } from '../../providers/sms/address';
import type { SmsOutboxDeps } from './deps';

export type SentNow = { sent: true; id: string } | { sent: false; reason: 'opted_out' | 'channel_off' };

/**
 * One text sent at once, not queued, for what cannot wait or has no one left to queue it for:
 * a sign-in code (the person is looking at the screen), the word that an account was deleted
 * (the rows it would be stored with are gone). The same checks as the queue: a number that said
 * STOP gets nothing, and the caller tells the person why. A provider failure is thrown.
 */
export async function sendNow(
  deps: Pick<SmsOutboxDeps, 'smsOutboxRepo' | 'sms' | 'phoneHash' | 'limits'>,
  message: { to: string; body: string; channel?: SmsChannel },
): Promise<SentNow> {
  if (message.channel === 'whatsapp' && !deps.limits.whatsappEnabled)
    return { sent: false, reason: 'channel_off' };
  if (await deps.smsOutboxRepo.isOptedOut(deps.phoneHash(message.to)))
    return { sent: false, reason: 'opted_out' };
  const sent = await deps.sms.send(message);
  return { sent: true, id: sent.id };
}
