import { z } from 'zod';
import { ZIsoDateTime, ZProvider, ZSingleLineText } from '../common';
import { defineRoute } from '../http';
import { ZConnectionState, ZReconnectReason } from '../integrations/get-integrations-status';

/**
 * The assistant service's side of the connection layer (design §7). Authenticated by the
 * service key in `ASSISTANT_API_KEY` (bearer), never by a user session; absent key, absent routes.
 */
export const ZByPhoneParams = z.object({ e164: z.string().min(2).max(32) });

export const ZAssistantConnection = z
  .object({
    id: z.string(),
    provider: ZProvider,
    email: z.string(),
    status: ZConnectionState.exclude(['not_connected']),
    reason: ZReconnectReason.nullable(),
    grantedScopes: z.array(z.string()),
  })
  .meta({ id: 'AssistantConnection' });

export const ZUserByPhoneResponse = z.object({
  user: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    phoneNumber: z.string(),
    language: z.enum(['en', 'zh']),
  }),
  connections: z.array(ZAssistantConnection),
});
export type TUserByPhoneResponse = z.infer<typeof ZUserByPhoneResponse>;

export const ZConnectionIdParams = z.object({ id: ZSingleLineText.min(1).max(64) });
export const ZAccessTokenResponse = z.object({
  accessToken: z.string(),
  /** When the token stops working; null when the provider did not say (Apple's password). */
  expiresAt: ZIsoDateTime.nullable(),
  tokenType: z.enum(['Bearer', 'app-password']),
});
export type TAccessTokenResponse = z.infer<typeof ZAccessTokenResponse>;

export const userByPhoneRoute = defineRoute({
  method: 'GET',
  path: '/internal/users/by-phone/:e164',
  summary: 'The user whose linked phone number this is, with their connections',
  tag: 'internal',
  auth: 'service',
  params: ZByPhoneParams,
  response: ZUserByPhoneResponse,
  errors: ['UNAUTHORIZED', 'NOT_FOUND', 'INVALID_PHONE_NUMBER'],
});

export const connectionAccessTokenRoute = defineRoute({
  method: 'POST',
  path: '/internal/connections/:id/access-token',
  summary: 'A fresh access token for a connection, refreshed first when it is close to expiry',
  tag: 'internal',
  auth: 'service',
  params: ZConnectionIdParams,
  response: ZAccessTokenResponse,
  errors: ['UNAUTHORIZED', 'NOT_FOUND', 'NEEDS_RECONNECT', 'SERVICE_UNAVAILABLE'],
});
