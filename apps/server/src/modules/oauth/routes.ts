import { exchangeLoginTicketRoute } from '@app/contract/auth/exchange-login-ticket';
import { OAUTH_SLUGS } from '@app/contract/common';
import { errorCodeText } from '@app/contract/messages';
import {
  azureStatusRoute,
  facebookStatusRoute,
  googleStatusRoute,
} from '@app/contract/oauth/get-oauth-status';
import {
  azureOAuthCallbackRoute,
  facebookOAuthCallbackRoute,
  googleOAuthCallbackRoute,
} from '@app/contract/oauth/oauth-callback';
import {
  azureOAuthInitRoute,
  facebookOAuthInitRoute,
  googleOAuthInitRoute,
} from '@app/contract/oauth/oauth-init';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestLanguage } from '../../lib/messages';
import { requestOrigin, signInOrigin } from '../../lib/request-origin';
import { registerRoute } from '../../lib/route';
import { bearerToken, requireAuth } from '../../plugins/authenticate';
import type { SignInProvider } from '../../providers/identity/identity';
import { readProofCookie } from '../auth/phone-proof';
import { flowCookie, newFlowKey, readFlowCookie } from './browser-binding';
import { oauthDeps } from './deps';
import { exchangeLoginTicket } from './exchange-login-ticket';
import { finishOAuth, type OAuthOutcome } from './finish-oauth';
import { getOAuthStatus } from './get-oauth-status';
import { startOAuth } from './start-oauth';

const ROUTES = {
  google: { init: googleOAuthInitRoute, callback: googleOAuthCallbackRoute, status: googleStatusRoute },
  microsoft: { init: azureOAuthInitRoute, callback: azureOAuthCallbackRoute, status: azureStatusRoute },
  facebook: {
    init: facebookOAuthInitRoute,
    callback: facebookOAuthCallbackRoute,
    status: facebookStatusRoute,
  },
} as const;

/** The SPA callback route gets everything in the fragment: it never reaches a server or a log. */
function fragment(outcome: OAuthOutcome): string {
  const params = new URLSearchParams(
    outcome.success
      ? {
          success: 'true',
          purpose: outcome.purpose,
          ...(outcome.ticket ? { ticket: outcome.ticket } : {}),
          account_id: outcome.user.account_id,
          email: outcome.user.email,
          name: outcome.user.name,
          ...(outcome.missingServices.length > 0 ? { missing: outcome.missingServices.join(',') } : {}),
        }
      : { success: 'false', error: outcome.error },
  );
  return params.toString();
}

function wantsJson(request: FastifyRequest): boolean {
  const accept = String(request.headers.accept ?? '');
  return accept.includes('application/json') && !accept.includes('text/html');
}

export async function oauthRoutes(app: FastifyInstance) {
  const deps = oauthDeps(app);
  const secureCookies = app.config.publicUrl.startsWith('https:');
  const HOUR = 60 * 60 * 1000;

  /** oauth-init takes an optional session: with one it connects, without it signs in. */
  async function optionalUserId(request: FastifyRequest): Promise<string | null> {
    const token = bearerToken(request);
    return token ? ((await app.resolveSession(token))?.user.id ?? null) : null;
  }

  for (const provider of Object.keys(ROUTES) as SignInProvider[]) {
    const routes = ROUTES[provider];
    registerRoute(
      app,
      routes.init,
      async (req, reply) => {
        const browserKey = readFlowCookie(req.headers.cookie) ?? newFlowKey();
        reply.header('set-cookie', flowCookie(browserKey, secureCookies));
        return startOAuth(deps, {
          provider,
          userId: await optionalUserId(req),
          verifiedPhone: req.query.verified_phone,
          proofBrowserKey: readProofCookie(req.headers.cookie),
          browserKey,
          language: requestLanguage(req),
          log: req.log,
        });
      },
      { rateLimit: { max: 60, timeWindow: HOUR } },
    );

    registerRoute(
      app,
      routes.callback,
      async (req, reply) => {
        const outcome = await finishOAuth(deps, {
          provider,
          query: req.query,
          callbackUrl: new URL(req.url, deps.publicUrl),
          browserKey: readFlowCookie(req.headers.cookie),
          origin: requestOrigin(req),
          log: req.log,
        });
        if (wantsJson(req)) {
          return outcome.success
            ? { success: true, message: 'Connected', user: outcome.user }
            : { success: false, message: errorCodeText(requestLanguage(req), outcome.error), user: null };
        }
        return reply.redirect(`/${OAUTH_SLUGS[provider]}/callback#${fragment(outcome)}`, 302) as never;
      },
      { rateLimit: { max: 60, timeWindow: HOUR } },
    );

    registerRoute(app, routes.status, async (req) =>
      getOAuthStatus(deps, { userId: requireAuth(req).user.id, provider }),
    );
  }

  registerRoute(
    app,
    exchangeLoginTicketRoute,
    async (req) =>
      exchangeLoginTicket(deps, { ...req.body, language: requestLanguage(req), ...signInOrigin(req) }),
    { rateLimit: { max: 60, timeWindow: HOUR } },
  );
}
