import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock';
import type { Jobs } from '../../lib/jobs/plugin';
import { hmac } from '../../lib/secrets';
import type { SmsSender } from '../../providers/sms/sms';
import type { SmsOutboxRepo } from './repo';

/** What the SMS outbox's use cases need: the only holder of the SMS port. */
export interface SmsOutboxDeps {
  smsOutboxRepo: SmsOutboxRepo;
  sms: SmsSender;
  jobs: Pick<Jobs, 'enqueue'>;
  clock: Clock;
  log: FastifyBaseLogger;
  /** The key of the opt-out and notice tables, which outlive an account: an HMAC of the number. */
  phoneHash: (e164: string) => string;
  publicUrl: string;
  limits: {
    unknownRepliesPerHour: number;
    unknownRepliesPerDay: number;
    servedCountries: ReadonlySet<string>;
    whatsappEnabled: boolean;
  };
}

/** The number's key in the opt-out and notice tables (the assistant's gate uses the same). */
export function phoneHasher(app: FastifyInstance): (e164: string) => string {
  const key = app.secrets.codeHash;
  return (e164) => hmac(key, `assistant-phone:${e164}`);
}

/** Built once by the module's plugin. */
export function smsOutboxDeps(app: FastifyInstance): SmsOutboxDeps {
  return {
    smsOutboxRepo: app.smsOutboxRepo,
    sms: app.sms,
    jobs: app.jobs,
    clock: app.clock,
    log: app.log,
    phoneHash: phoneHasher(app),
    publicUrl: app.config.publicUrl,
    limits: {
      unknownRepliesPerHour: app.config.sms.unknownRepliesPerHour,
      unknownRepliesPerDay: app.config.sms.unknownRepliesPerDay,
      servedCountries: new Set(app.config.sms.servedCountries),
      whatsappEnabled: app.config.sms.whatsappEnabled,
    },
  };
}
