import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/database';
import { exponentialBackoff } from '../../lib/jobs/worker';
import { mailOutboxDeps } from './deps';
import { enqueuePendingMail, mailSendJob, queueMail } from './queue-mail';
import type { NewOutboxMail } from './repo';
import { MailOutboxRepo } from './repo';
import { sendMail } from './send-mail';

/** The outbox as other modules use it. */
export interface MailOutbox {
  /** Stores the mail and its send job through `trx`, the transaction storing what it is about. */
  queue(trx: Db, mail: NewOutboxMail): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailOutbox: MailOutbox;
  }
}

const HOUR_MS = 60 * 60_000;

/**
 * The mail outbox (design §5: nothing is lost): a mail is stored with what it is about and a
 * job of the durable queue sends it through the mail port, retrying with back-off from
 * MAIL_RETRY_BASE_MS up to an hour, and never giving up (decision 215).
 */
export const mailOutboxPlugin = fp(
  async (app: FastifyInstance) => {
    const deps = mailOutboxDeps(app, new MailOutboxRepo(app.db));
    app.decorate('mailOutbox', { queue: (trx, mail) => queueMail(deps, trx, mail) } satisfies MailOutbox);
    app.jobs.worker.register(mailSendJob, (job) => sendMail(deps, job.payload.mailId), {
      // A person's message to support is never dropped: late beats lost.
      maxAttempts: Number.POSITIVE_INFINITY,
      backoff: exponentialBackoff(app.config.mail.retryBaseMs, HOUR_MS),
      // The SMTP adapter's own timeouts (10 s to connect, 30 s idle) end a send well within it.
      leaseMs: 60_000,
      // A mail server that hangs to its timeouts holds at most half the slots: the assistant's
      // replies keep theirs.
      maxRunning: Math.max(1, Math.floor(app.config.jobs.concurrency / 2)),
    });
    // Mail stored before the outbox moved onto the queue, or by an older instance during an
    // upgrade, gets its job before the app serves.
    app.addHook('onReady', async () => {
      const queued = await enqueuePendingMail(deps);
      if (queued > 0) app.log.info({ queued }, 'pending mail without a send job queued');
    });
  },
  { name: 'mail-outbox', dependencies: ['db', 'mail', 'jobs'] },
);
