import nodemailer, { type Transporter } from 'nodemailer';
import type { MailMessage, MailSender } from './mail';

/** SMTP through nodemailer; `SMTP_URL` carries host, port, TLS and credentials (smtp:// or smtps://). */
export class SmtpMail implements MailSender {
  readonly name = 'smtp' as const;
  private readonly transport: Transporter;

  constructor(url: string) {
    // Short timeouts: a stuck server should turn into a retry, not a worker waiting for minutes.
    this.transport = nodemailer.createTransport({
      url,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: message.from,
      to: message.to,
      ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      subject: message.subject,
      text: message.text,
      ...(message.messageId ? { messageId: message.messageId } : {}),
    });
  }

  close(): void {
    this.transport.close();
  }
}
