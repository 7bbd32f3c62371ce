import type { FastifyBaseLogger } from 'fastify';
import { maskPhone } from '../../lib/redact';
import type { DevOutbox } from '../dev-outbox/repo';
import type { SmsMessage, SmsSender } from './sms';

/**
 * The offline stand-in: the message goes to the dev outbox and the log instead of a phone.
 * In development the log carries number and text; in production only the masked number and
 * the sign-in code, if any (that is how a local user reads it): never the text itself.
 */
export class LocalSms implements SmsSender {
  readonly name = 'local' as const;

  constructor(
    private readonly outbox: DevOutbox,
    private readonly log: FastifyBaseLogger,
    private readonly options: { redact: boolean } = { redact: false },
  ) {}

  async send(message: SmsMessage): Promise<{ id: string }> {
    const stored = await this.outbox.record({ channel: 'sms', to: message.to, body: message.body });
    const logged = this.options.redact
      ? { to: maskPhone(message.to), code: /\b\d{5}\b/.exec(message.body)?.[0] }
      : { to: message.to, body: message.body };
    this.log.info(logged, 'SMS (local stand-in, see /dev/outbox)');
    return { id: stored.id };
  }
}
