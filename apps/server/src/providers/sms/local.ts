import type { FastifyBaseLogger } from 'fastify';
import { maskPhone } from '../../lib/redact';
import type { DevOutbox } from '../dev-outbox/repo';
import { formatAddress } from './address';
import type { SmsMessage, SmsSender } from './sms';

/**
 * The offline stand-in: the message goes to the dev outbox and the log instead of a phone.
 * In development the log carries number and text; in production only the masked number and
 * the sign-in code, if any (that is how a local user reads it): never the text itself.
 * A WhatsApp message is an SMS row whose recipient is "whatsapp:+..." (Twilio's own way of
 * writing it), so the outbox needs no new column and /dev/outbox shows the channel plainly.
 */
export class LocalSms implements SmsSender {
  readonly name = 'local' as const;

  constructor(
    private readonly outbox: DevOutbox,
    private readonly log: FastifyBaseLogger,
    private readonly options: { redact: boolean } = { redact: false },
  ) {}

  async send(message: SmsMessage): Promise<{ id: string }> {
    const channel = message.channel ?? 'sms';
    const to = formatAddress(channel, message.to);
    const stored = await this.outbox.record({ channel: 'sms', to, body: message.body });
    const logged = this.options.redact
      ? { to: formatAddress(channel, maskPhone(message.to)), code: /\b\d{5}\b/.exec(message.body)?.[0] }
      : { to, body: message.body };
    this.log.info(logged, `${channel === 'whatsapp' ? 'WhatsApp' : 'SMS'} (local stand-in, see /dev/outbox)`);
    return { id: stored.id };
  }
}
