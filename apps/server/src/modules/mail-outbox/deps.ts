import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { MailSender } from '../../providers/mail/mail';
import type { MailOutboxRepo } from './repo';

/** What the mail worker needs. */
export interface MailOutboxDeps {
  mailOutbox: MailOutboxRepo;
  mail: MailSender;
  /** The sender address every mail goes out from. */
  from: string;
  /** How often due mail is looked for. */
  pollIntervalMs: number;
  /** First retry delay; doubles per attempt, capped at an hour. */
  retryBaseMs: number;
  /** Domain of the Message-ID, so a resent mail carries the same id. */
  messageIdDomain: string;
  clock: Clock;
  log: FastifyBaseLogger;
}

/** Built once by the module's plugin, after it decorated the app with the outbox. */
export function mailOutboxDeps(app: FastifyInstance): MailOutboxDeps {
  const { config } = app;
  return {
    mailOutbox: app.mailOutbox,
    mail: app.mail,
    from: config.mail.from,
    pollIntervalMs: config.mail.pollIntervalMs,
    retryBaseMs: config.mail.retryBaseMs,
    messageIdDomain: new URL(config.publicUrl).hostname,
    clock: app.clock,
    log: app.log,
  };
}
