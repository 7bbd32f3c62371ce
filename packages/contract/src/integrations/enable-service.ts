import { z } from 'zod';
import { ZPermission, ZProvider, ZServiceType, ZSingleLineText } from '../common';
import { defineRoute } from '../http';
import { ZIntegrationService } from './get-integrations-status';

export const ZEnableServiceRequest = z.object({
  provider: ZProvider,
  serviceType: ZServiceType,
  /** Spec §4: enabling gives read/write unless the caller narrows it. */
  permissions: z.array(ZPermission).min(1).max(2).default(['read', 'write']),
  metadata: z
    .record(ZSingleLineText.max(64), z.union([ZSingleLineText.max(500), z.number(), z.boolean()]))
    .default({}),
  /** Not in the spec: which of the provider's accounts, when there are two (default: the newest). */
  connectionId: z.uuid().optional(),
});
export const ZEnableServiceResponse = z.object({ success: z.literal(true), service: ZIntegrationService });
export type TEnableServiceRequest = z.input<typeof ZEnableServiceRequest>;

export const enableServiceRoute = defineRoute({
  method: 'POST',
  path: '/integrations/enable',
  summary: 'Turn on one service (email, calendar, contacts) of a connected provider',
  tag: 'integrations',
  auth: true,
  body: ZEnableServiceRequest,
  response: ZEnableServiceResponse,
  errors: ['UNAUTHORIZED', 'NOT_CONNECTED', 'NOT_FOUND'],
});
