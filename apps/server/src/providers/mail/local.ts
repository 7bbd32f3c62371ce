import type { FastifyBaseLogger } from 'fastify';
import type { DevOutbox } from '../dev-outbox/repo';
import type { MailMessage, MailSender } from './mail';

/** The offline stand-in: mail goes to the dev outbox and the log. */
export class LocalMail implements MailSender {
  readonly name = 'local' as const;

  constructor(
    private readonly outbox: DevOutbox,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: MailMessage): Promise<void> {
    const header = [
      `From: ${message.from}`,
      ...(message.replyTo ? [`Reply-To: ${message.replyTo}`] : []),
    ].join('\n');
    await this.outbox.record({
      channel: 'email',
      to: message.to,
      subject: message.subject,
      body: `${header}\n\n${message.text}`,
    });
    this.log.info({ to: message.to, subject: message.subject }, 'mail (local stand-in, see /dev/outbox)');
  }
}
