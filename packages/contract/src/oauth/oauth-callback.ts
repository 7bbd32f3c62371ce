import { z } from 'zod';
import { OAUTH_SLUGS, type TOAuthProvider, ZSingleLineText } from '../common';
import { defineRoute } from '../http';

export const ZOAuthCallbackQuery = z.object({
  code: ZSingleLineText.max(4096).optional(),
  state: ZSingleLineText.max(512).optional(),
  error: ZSingleLineText.max(512).optional(),
  // RFC 6749 §4.1.2.1 allows no control character here either.
  error_description: ZSingleLineText.max(2048).optional(),
});

/**
 * What the server puts in the URL fragment when it sends the browser back to the SPA callback
 * route (`/google/callback#...`): never a session token, only a one-time ticket (sign-in) that
 * `POST /auth/exchange` trades for one. Strings, as they come out of URLSearchParams.
 */
export const ZOAuthCallbackFragment = z.union([
  z.object({
    success: z.literal('true'),
    /** sign-in: a ticket follows; connect: the signed-in user's session stays as it is. */
    purpose: z.enum(['signin', 'connect']),
    ticket: z.string().min(16).max(128).optional(),
    account_id: z.string().max(200),
    email: z.string().max(320),
    name: z.string().max(200),
    /** Scopes asked for but not granted (comma-separated service types), when any. */
    missing: z.string().max(200).optional(),
  }),
  z.object({
    success: z.literal('false'),
    /** A stable error code (OAUTH_DENIED, OAUTH_FAILED, ...). */
    error: z.string().max(64),
    message: z.string().max(500).optional(),
  }),
]);
export type TOAuthCallbackFragment = z.infer<typeof ZOAuthCallbackFragment>;

/**
 * Browsers are redirected (302) to the SPA callback route; a client that asks for JSON
 * (`Accept: application/json`) gets this body instead.
 */
export const ZOAuthCallbackResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  user: z.object({ account_id: z.string(), email: z.string(), name: z.string() }).nullable(),
});

function oauthCallbackRoute<P extends TOAuthProvider>(provider: P) {
  return defineRoute({
    method: 'GET',
    path: `/${OAUTH_SLUGS[provider]}/callback` as `/${(typeof OAUTH_SLUGS)[P]}/callback`,
    summary: `${provider} redirects here after consent`,
    tag: 'oauth',
    auth: false,
    query: ZOAuthCallbackQuery,
    response: ZOAuthCallbackResponse,
    errors: ['BAD_REQUEST', 'PROVIDER_ERROR'],
  });
}

export const googleOAuthCallbackRoute = oauthCallbackRoute('google');
export const azureOAuthCallbackRoute = oauthCallbackRoute('microsoft');
export const facebookOAuthCallbackRoute = oauthCallbackRoute('facebook');
