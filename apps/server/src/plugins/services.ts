import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { loadSecrets, type Secrets } from '../lib/secrets';
import { AuthRepo } from '../modules/auth/repo';
import { DevOutbox } from '../providers/dev-outbox/repo';
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
  app.decorate('defaultRateLimit', { max: opts.config.rateLimitPerMinute, timeWindow: 60_000 });
  if (standIns.length > 0) {
    app.log.info({ standIns }, `local stand-ins in use for: ${standIns.join(', ')} (see /dev/outbox)`);
  }
});
