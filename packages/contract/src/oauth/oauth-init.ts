import { z } from 'zod';
import { OAUTH_SLUGS, type TOAuthProvider, ZSingleLineText } from '../common';
import { defineRoute } from '../http';

export const ZOAuthInitQuery = z.object({
  /** Signed proof from verify-code, linking the verified phone to the new account. */
  verified_phone: ZSingleLineText.max(2048).optional(),
  /** Same-origin path to come back to; anything else falls back to /integrations. */
  return_url: ZSingleLineText.max(2048).optional(),
});
export const ZOAuthInitResponse = z.object({ authUrl: z.url() });
export type TOAuthInitResponse = z.infer<typeof ZOAuthInitResponse>;

function oauthInitRoute<P extends TOAuthProvider>(provider: P) {
  return defineRoute({
    method: 'GET',
    path: `/${OAUTH_SLUGS[provider]}/oauth-init/auth` as `/${(typeof OAUTH_SLUGS)[P]}/oauth-init/auth`,
    summary: `Start ${provider} sign-in or connection: returns the authorization URL`,
    tag: 'oauth',
    // Signed-out users sign in with it; signed-in users connect another account.
    auth: false,
    query: ZOAuthInitQuery,
    response: ZOAuthInitResponse,
    errors: ['RATE_LIMITED', 'SERVICE_UNAVAILABLE'],
  });
}

export const googleOAuthInitRoute = oauthInitRoute('google');
export const azureOAuthInitRoute = oauthInitRoute('microsoft');
export const facebookOAuthInitRoute = oauthInitRoute('facebook');
