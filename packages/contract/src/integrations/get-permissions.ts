import { z } from 'zod';
import { ZPermission, ZProvider, ZServiceType } from '../common';
import { defineRoute } from '../http';

export const ZServicePermission = z.object({
  provider: ZProvider,
  serviceType: ZServiceType,
  permissions: z.array(ZPermission),
  isEnabled: z.boolean(),
});
export const ZPermissionsResponse = z.object({ permissions: z.array(ZServicePermission) });
export type TPermissionsResponse = z.infer<typeof ZPermissionsResponse>;

export const getPermissionsRoute = defineRoute({
  method: 'GET',
  path: '/integrations/permissions',
  summary: 'What the assistant may do with each connected service',
  tag: 'integrations',
  auth: true,
  response: ZPermissionsResponse,
  errors: ['UNAUTHORIZED'],
});
