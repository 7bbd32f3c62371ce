import { OAUTH_SLUGS, type TOAuthProvider } from '../common';
import { defineRoute } from '../http';
import { ZIntegrationStatus } from '../integrations/get-integrations-status';

/** The spec does not show this body; it is one provider's entry of integrations/status. */
export const ZOAuthStatusResponse = ZIntegrationStatus;

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
