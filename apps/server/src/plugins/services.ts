import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { loadSecrets, type Secrets } from '../lib/secrets';
import { AuthRepo } from '../modules/auth/repo';
import { MailOutboxRepo } from '../modules/mail-outbox/repo';
import { MailOutboxWorker } from '../modules/mail-outbox/worker';
import { DevOutbox } from '../providers/dev-outbox/repo';
import { LocalMail } from '../providers/mail/local';
import type { MailSender } from '../providers/mail/mail';
import { SmtpMail } from '../providers/mail/smtp';
import { LocalSms } from '../providers/sms/local';
import type { SmsSender } from '../providers/sms/sms';
import { TwilioSms } from '../providers/sms/twilio';
import { type StandInService, standInServices } from '../providers/stand-ins';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    standIns: readonly StandInService[];
    devOutbox: DevOutbox;
    defaultRateLimit: { max: number; timeWindow: number };
    secrets: Secrets;
    /** The one source of "now", so tests can move time. */
    clock: { now: () => Date };
    sms: SmsSender;
    authRepo: AuthRepo;
    mail: MailSender;
    mailOutbox: MailOutboxRepo;
    mailWorker: MailOutboxWorker;
  }
}

/** Our own decorators: the parts modules use, built once from config. */
export const servicesPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const standIns = standInServices(opts.config);
  app.decorate('config', opts.config);
  app.decorate('standIns', standIns);
  const devOutbox = new DevOutbox(app.db);
  app.decorate('devOutbox', devOutbox);
  app.decorate('secrets', loadSecrets(opts.config));
  app.decorate('clock', { now: () => new Date() });
  const sms: SmsSender = opts.config.twilio
    ? new TwilioSms(opts.config.twilio)
    : new LocalSms(devOutbox, app.log);
  app.decorate('sms', sms);
  app.decorate('authRepo', new AuthRepo(app.db));

  const mail: MailSender = opts.config.mail.smtpUrl
    ? new SmtpMail(opts.config.mail.smtpUrl)
    : new LocalMail(devOutbox, app.log);
  const mailOutbox = new MailOutboxRepo(app.db);
  const mailWorker = new MailOutboxWorker(mailOutbox, mail, {
    from: opts.config.mail.from,
    pollIntervalMs: opts.config.mail.pollIntervalMs,
    retryBaseMs: opts.config.mail.retryBaseMs,
    messageIdDomain: new URL(opts.config.publicUrl).hostname,
    now: () => app.clock.now(),
    log: app.log,
  });
  app.decorate('mail', mail);
  app.decorate('mailOutbox', mailOutbox);
  app.decorate('mailWorker', mailWorker);
  // Pending mail from before a restart goes out as soon as the app is up.
  app.addHook('onReady', async () => mailWorker.start());
  // preClose runs before the database closes, so an in-flight delivery can finish.
  app.addHook('preClose', async () => {
    await mailWorker.stop();
    mail.close?.();
  });
  app.decorate('defaultRateLimit', { max: opts.config.rateLimitPerMinute, timeWindow: 60_000 });
  if (standIns.length > 0) {
    app.log.info({ standIns }, `local stand-ins in use for: ${standIns.join(', ')} (see /dev/outbox)`);
  }
});
