import { z } from 'zod';
import { defineRoute } from '../http';

export const STAND_IN_SERVICES = [
  'sms',
  'mail',
  'identity',
  'payments',
  'calendar',
  'apple',
  'assistant',
] as const;
export const ZStandInService = z.enum(STAND_IN_SERVICES);

/** Public runtime settings the web needs; nothing secret. */
export const ZAppConfigResponse = z.object({
  productName: z.string(),
  supportEmail: z.string(),
  /** The number people text to talk to the assistant (the sms: link). */
  chatSmsNumber: z.string(),
  /** Outside services currently answered by a local stand-in; drives the dev banner. */
  standIns: z.array(ZStandInService),
  payments: z.object({ publishableKey: z.string().nullable(), starterPriceId: z.string().nullable() }),
});
export type TAppConfigResponse = z.infer<typeof ZAppConfigResponse>;

export const getAppConfigRoute = defineRoute({
  method: 'GET',
  path: '/config',
  summary: 'Public runtime settings for the web app',
  tag: 'app',
  auth: false,
  response: ZAppConfigResponse,
  errors: [],
});
