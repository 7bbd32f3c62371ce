import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { Jobs } from '../../lib/jobs/plugin';
import type { MailSender } from '../../providers/mail/mail';
import type { MailOutboxRepo } from './repo';

/** What the mail outbox's use cases need. */
export interface MailOutboxDeps {
  mailOutboxRepo: MailOutboxRepo;
  jobs: Pick<Jobs, 'enqueue'>;
  mail: MailSender;
  db: Db;
  /** The sender address every mail goes out from. */
  from: string;
  /** Domain of the Message-ID, so a resent mail carries the same id. */
  messageIdDomain: string;
  clock: Clock;
}

/** Built once by the module's plugin. */
export function mailOutboxDeps(app: FastifyInstance, mailOutboxRepo: MailOutboxRepo): MailOutboxDeps {
  return {
    mailOutboxRepo,
    jobs: app.jobs,
    mail: app.mail,
    db: app.db,
    from: app.config.mail.from,
    messageIdDomain: new URL(app.config.publicUrl).hostname,
    clock: app.clock,
  };
}
