import { z } from 'zod';
import { ZProvider, ZServiceType } from '../common';
import { defineRoute } from '../http';

/**
 * The spec's three disconnect forms. `{account}` is the provider name (`google`,
 * `microsoft`, `apple`, `facebook`; `azure` is accepted for Microsoft), or one connection's
 * id (`connectionId` of integrations/status) when a person has two accounts at one provider.
 * With `service`, only that service is turned off; without it, the connection and its tokens go.
 */
export const ZDisconnectProviderName = z
  .enum(['google', 'microsoft', 'azure', 'apple', 'facebook'])
  .transform((value) => (value === 'azure' ? 'microsoft' : value));
export const ZDisconnectAccount = z.union([ZDisconnectProviderName, z.uuid()]);
export const ZDisconnectParams = z.object({ account: ZDisconnectAccount });
export const ZDisconnectQuery = z.object({
  service: ZServiceType.optional(),
  provider: ZProvider.optional(),
});
export const ZDisconnectByProviderQuery = z.object({ provider: ZProvider });
export const ZDisconnectResponse = z.object({ success: z.literal(true), message: z.string() });
export type TDisconnectResponse = z.infer<typeof ZDisconnectResponse>;

export const disconnectAccountRoute = defineRoute({
  method: 'DELETE',
  path: '/disconnect/:account',
  summary: 'Disconnect a provider, or one of its services with ?service=',
  tag: 'integrations',
  auth: true,
  params: ZDisconnectParams,
  query: ZDisconnectQuery,
  response: ZDisconnectResponse,
  errors: ['UNAUTHORIZED', 'NOT_FOUND', 'NOT_CONNECTED'],
});

export const disconnectByProviderRoute = defineRoute({
  method: 'DELETE',
  path: '/disconnect',
  summary: 'Disconnect a provider named in ?provider=',
  tag: 'integrations',
  auth: true,
  query: ZDisconnectByProviderQuery,
  response: ZDisconnectResponse,
  errors: ['UNAUTHORIZED', 'NOT_FOUND'],
});
