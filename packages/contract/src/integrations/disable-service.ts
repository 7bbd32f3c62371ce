import { z } from 'zod';
import { ZProvider, ZServiceType } from '../common';
import { defineRoute } from '../http';
import { ZIntegrationService } from './get-integrations-status';

export const ZDisableServiceRequest = z.object({
  provider: ZProvider,
  serviceType: ZServiceType,
  /** Not in the spec: which of the provider's accounts, when there are two (default: the newest). */
  connectionId: z.uuid().optional(),
});
export const ZDisableServiceResponse = z.object({ success: z.literal(true), service: ZIntegrationService });
export type TDisableServiceRequest = z.infer<typeof ZDisableServiceRequest>;

export const disableServiceRoute = defineRoute({
  method: 'POST',
  path: '/integrations/disable',
  summary: 'Turn off one service of a connected provider',
  tag: 'integrations',
  auth: true,
  body: ZDisableServiceRequest,
  response: ZDisableServiceResponse,
  errors: ['UNAUTHORIZED', 'NOT_CONNECTED', 'NOT_FOUND'],
});
