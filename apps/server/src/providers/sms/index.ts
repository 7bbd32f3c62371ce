import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { DevOutbox } from '../dev-outbox/repo';
import { type BuiltPort, portPlugin } from '../port';
import { LocalSms } from './local';
import type { SmsSender } from './sms';
import { TwilioSms } from './twilio';

/** Twilio when its three variables are set; otherwise texts go to the dev outbox. */
export function buildSms(
  config: Config,
  deps: { devOutbox: DevOutbox; log: FastifyBaseLogger },
): BuiltPort<SmsSender> {
  if (config.twilio) {
    return { port: 'sms', adapter: new TwilioSms(config.twilio), standIn: false, vendor: 'twilio' };
  }
  return {
    port: 'sms',
    adapter: new LocalSms(deps.devOutbox, deps.log, { redact: config.env === 'production' }),
    standIn: true,
    vendor: 'local',
    missing: ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'],
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    sms: SmsSender;
  }
}

export const smsPort = portPlugin(
  'sms',
  (app) => buildSms(app.config, { devOutbox: app.devOutbox, log: app.log }),
  ['dev-outbox'],
);
