import type { STAND_IN_SERVICES } from '@app/contract/app/get-app-config';
import type { Config } from '../config';

export type StandInService = (typeof STAND_IN_SERVICES)[number];

/**
 * Which outside services answer through a local stand-in. Each real adapter switches on
 * with its own credentials (docs/operations.md); until then the stand-in is used, and the
 * startup log and the web's banner say so.
 */
export function standInServices(config: Config): StandInService[] {
  const real: Partial<Record<StandInService, boolean>> = {
    sms: Boolean(config.twilio),
    mail: Boolean(config.mail.smtpUrl),
  };
  // Identity, payments and calendar adapters arrive with their issues; until then they are stand-ins.
  return (['sms', 'mail', 'identity', 'payments', 'calendar'] as const).filter((service) => !real[service]);
}
