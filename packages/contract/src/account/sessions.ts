import { z } from 'zod';
import { ZIsoDateTime, ZSingleLineText, ZSuccess } from '../common';
import { defineRoute } from '../http';

/** What the user agent says about a device, read on the server; null where it does not say. */
export const ZDevice = z.object({
  browser: z.string().nullable(),
  os: z.string().nullable(),
  type: z.enum(['mobile', 'tablet', 'desktop', 'unknown']),
});
export type TDevice = z.infer<typeof ZDevice>;

/**
 * One live session. Never its token or the token's hash; `network` is the address the session
 * started from with its host part hidden (`203.0.113.x`), the most an offline app can say of "where".
 */
export const ZAccountSession = z.object({
  id: z.string(),
  current: z.boolean(),
  device: ZDevice,
  /** How it signed in: phone, google, microsoft, facebook. */
  method: z.string(),
  network: z.string().nullable(),
  createdAt: ZIsoDateTime,
  lastSeenAt: ZIsoDateTime,
});
export type TAccountSession = z.infer<typeof ZAccountSession>;

export const ZListSessionsResponse = z.object({ sessions: z.array(ZAccountSession) });
export type TListSessionsResponse = z.infer<typeof ZListSessionsResponse>;

export const listSessionsRoute = defineRoute({
  method: 'GET',
  path: '/account/sessions',
  summary: 'Every live session of the signed-in user, the current one marked',
  tag: 'account',
  auth: true,
  response: ZListSessionsResponse,
  errors: ['UNAUTHORIZED'],
});

export const ZSessionParams = z.object({ id: ZSingleLineText.min(1).max(64) });

export const revokeSessionRoute = defineRoute({
  method: 'DELETE',
  path: '/account/sessions/:id',
  summary: 'Sign one session out (the current one too)',
  tag: 'account',
  auth: true,
  params: ZSessionParams,
  response: ZSuccess,
  errors: ['UNAUTHORIZED', 'NOT_FOUND'],
});

export const ZRevokeOtherSessionsResponse = z.object({ success: z.literal(true), revoked: z.number().int() });
export type TRevokeOtherSessionsResponse = z.infer<typeof ZRevokeOtherSessionsResponse>;

export const revokeOtherSessionsRoute = defineRoute({
  method: 'POST',
  path: '/account/sessions/revoke-others',
  summary: 'Sign out every session but the current one',
  tag: 'account',
  auth: true,
  response: ZRevokeOtherSessionsResponse,
  errors: ['UNAUTHORIZED'],
});
