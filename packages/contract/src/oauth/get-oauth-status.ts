import { z } from 'zod';
import { OAUTH_SLUGS, type TOAuthProvider, ZServiceType } from '../common';
import { defineRoute } from '../http';
import { ZIntegrationStatus } from '../integrations/get-integrations-status';

/**
 * The spec does not show this body: one provider's entry of integrations/status, plus the
 * connection's state and what the person granted (an unticked scope is a missing service).
 */
export const ZOAuthStatusResponse = ZIntegrationStatus.extend({
  status: z.enum(['connected', 'needs_reconnect', 'not_connected']),
  grantedScopes: z.array(z.string()),
  missingServices: z.array(ZServiceType),
});
export type TOAuthStatusResponse = z.infer<typeof ZOAuthStatusResponse>;

function oauthStatusRoute<P extends TOAuthProvider>(provider: P) {
  return defineRoute({
    method: 'GET',
    path: `/${OAUTH_SLUGS[provider]}/status` as `/${(typeof OAUTH_SLUGS)[P]}/status`,
    summary: `Whether ${provider} is connected for the signed-in user`,
    tag: 'oauth',
    auth: true,
    response: ZOAuthStatusResponse,
    errors: ['UNAUTHORIZED'],
  });
}

export const googleStatusRoute = oauthStatusRoute('google');
export const azureStatusRoute = oauthStatusRoute('microsoft');
export const facebookStatusRoute = oauthStatusRoute('facebook');
