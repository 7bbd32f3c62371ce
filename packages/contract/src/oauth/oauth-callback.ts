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
