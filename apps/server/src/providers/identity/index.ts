import type { FastifyInstance } from 'fastify';
import { type BuiltPort, portPlugin } from '../port';
import type { IdentityClient, SignInProvider } from './identity';
import { LOCAL_CLIENT_ID, mountLocalIssuer } from './local-issuer';
import { OpenIdIdentity, type ProviderSettings } from './openid';

const PROVIDERS: readonly SignInProvider[] = ['google', 'microsoft', 'facebook'];
const VARIABLES: Record<SignInProvider, string[]> = {
  google: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  microsoft: ['MICROSOFT_CLIENT_ID', 'MICROSOFT_CLIENT_SECRET'],
  facebook: ['FACEBOOK_CLIENT_ID', 'FACEBOOK_CLIENT_SECRET'],
};
const FACEBOOK_GRAPH = 'https://graph.facebook.com/v21.0';

/**
 * Google, Microsoft and Facebook sign-in. A provider with a client id and secret uses its real issuer;
 * one without gets a local OpenID Provider mounted at /dev/idp/<provider>. Either way the app
 * talks to it through the same openid-client code.
 */
export async function buildIdentity(app: FastifyInstance): Promise<BuiltPort<IdentityClient>> {
  const issuers: Partial<Record<SignInProvider, ProviderSettings>> = {};
  const missing: string[] = [];
  for (const provider of PROVIDERS) {
    const real = app.config.identity[provider];
    if (real && provider === 'facebook') {
      issuers.facebook = {
        ...real,
        issuer: 'https://www.facebook.com',
        authorizationEndpoint: 'https://www.facebook.com/v21.0/dialog/oauth',
        tokenEndpoint: `${FACEBOOK_GRAPH}/oauth/access_token`,
        profileEndpoint: `${FACEBOOK_GRAPH}/me?fields=id,name,email`,
        permissionsEndpoint: `${FACEBOOK_GRAPH}/me/permissions`,
      };
      continue;
    }
    if (real && 'issuer' in real) {
      issuers[provider] = real;
      continue;
    }
    const local = await mountLocalIssuer(app, provider);
    const client = { clientId: LOCAL_CLIENT_ID, clientSecret: local.clientSecret };
    issuers[provider] =
      provider === 'facebook'
        ? {
            ...client,
            issuer: local.issuer,
            authorizationEndpoint: `${local.issuer}/auth`,
            tokenEndpoint: `${local.issuer}/token`,
            profileEndpoint: `${local.issuer}/graph/me`,
            permissionsEndpoint: `${local.issuer}/graph/me/permissions`,
          }
        : { ...client, issuer: local.issuer };
    missing.push(...VARIABLES[provider]);
  }
  const adapter = new OpenIdIdentity(issuers);
  return missing.length === 0
    ? { port: 'identity', adapter, standIn: false, vendor: 'openid' }
    : { port: 'identity', adapter, standIn: true, vendor: 'local', missing };
}

declare module 'fastify' {
  interface FastifyInstance {
    identity: IdentityClient;
  }
}

export const identityPort = portPlugin('identity', buildIdentity);
