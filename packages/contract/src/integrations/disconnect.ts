import { z } from 'zod';
import { ZProvider, ZServiceType } from '../common';
import { defineRoute } from '../http';

/**
 * The spec's three disconnect forms. `{account}` is the provider name (`google`,
 * `microsoft`, `apple`, `facebook`; `azure` is accepted for Microsoft). With `service`,
 * only that service is removed; without it, the whole connection and its tokens go.
 */
export const ZDisconnectAccount = z
  .enum(['google', 'microsoft', 'azure', 'apple', 'facebook'])
  .transform((value) => (value === 'azure' ? 'microsoft' : value));
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
  errors: ['UNAUTHORIZED', 'NOT_FOUND'],
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
