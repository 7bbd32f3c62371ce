import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { mailOutboxDeps } from './deps';
import { MailOutboxRepo } from './repo';
import { MailOutboxWorker } from './worker';

declare module 'fastify' {
  interface FastifyInstance {
    mailOutbox: MailOutboxRepo;
    mailWorker: MailOutboxWorker;
  }
}

/** The mail outbox and its worker, which delivers through the mail port with retries. */
export const mailOutboxPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('mailOutbox', new MailOutboxRepo(app.db));
    const mailWorker = new MailOutboxWorker(mailOutboxDeps(app));
    app.decorate('mailWorker', mailWorker);
    // Pending mail from before a restart goes out as soon as the app is up.
    app.addHook('onReady', async () => mailWorker.start());
    // preClose runs before the database and the mail transport close, so an in-flight delivery can finish.
    app.addHook('preClose', async () => mailWorker.stop());
  },
  { name: 'mail-outbox', dependencies: ['db', 'mail'] },
);
