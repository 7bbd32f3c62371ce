import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { DevOutbox } from '../dev-outbox/repo';
import { type BuiltPort, portPlugin } from '../port';
import { LocalMail } from './local';
import type { MailSender } from './mail';

/** SMTP when SMTP_URL is set; otherwise mail goes to the dev outbox. */
export async function buildMail(
  config: Config,
  deps: { devOutbox: DevOutbox; log: FastifyBaseLogger },
): Promise<BuiltPort<MailSender>> {
  if (config.mail.smtpUrl) {
    // nodemailer is loaded only with SMTP configured; the dev outbox never needs it.
    const { SmtpMail } = await import('./smtp');
    return { port: 'mail', adapter: new SmtpMail(config.mail.smtpUrl), standIn: false, vendor: 'smtp' };
  }
  return {
    port: 'mail',
    adapter: new LocalMail(deps.devOutbox, deps.log),
    standIn: true,
    vendor: 'local',
    missing: ['SMTP_URL'],
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailSender;
  }
}

export const mailPort = portPlugin(
  'mail',
  (app) => buildMail(app.config, { devOutbox: app.devOutbox, log: app.log }),
  ['dev-outbox'],
);
