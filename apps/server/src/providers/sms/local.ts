import type { FastifyBaseLogger } from 'fastify';
import type { DevOutbox } from '../dev-outbox/repo';
import type { SmsMessage, SmsSender } from './sms';

/** The offline stand-in: the message goes to the dev outbox and the log instead of a phone. */
export class LocalSms implements SmsSender {
  readonly name = 'local' as const;

  constructor(
    private readonly outbox: DevOutbox,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: SmsMessage): Promise<{ id: string }> {
    const stored = await this.outbox.record({ channel: 'sms', to: message.to, body: message.body });
    this.log.info({ to: message.to, body: message.body }, 'SMS (local stand-in, see /dev/outbox)');
    return { id: stored.id };
  }
}
