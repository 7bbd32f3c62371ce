import type { FastifyInstance } from 'fastify';
import { type BuiltPort, portPlugin } from '../port';
import type { IdentityClient, OidcProvider } from './identity';
import { LOCAL_CLIENT_ID, mountLocalIssuer } from './local-issuer';
import { type IssuerSettings, OpenIdIdentity } from './openid';

const PROVIDERS: readonly OidcProvider[] = ['google', 'microsoft'];
const VARIABLES: Record<OidcProvider, string[]> = {
  google: ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  microsoft: ['MICROSOFT_CLIENT_ID', 'MICROSOFT_CLIENT_SECRET'],
};

/**
 * Google and Microsoft sign-in. A provider with a client id and secret uses its real issuer;
 * one without gets a local OpenID Provider mounted at /dev/idp/<provider>. Either way the app
 * talks to it through the same openid-client code.
 */
export async function buildIdentity(app: FastifyInstance): Promise<BuiltPort<IdentityClient>> {
  const issuers: Partial<Record<OidcProvider, IssuerSettings>> = {};
  const missing: string[] = [];
  for (const provider of PROVIDERS) {
    const real = app.config.identity[provider];
    if (real) {
      issuers[provider] = real;
      continue;
    }
    const local = await mountLocalIssuer(app, provider);
    issuers[provider] = { issuer: local.issuer, clientId: LOCAL_CLIENT_ID, clientSecret: local.clientSecret };
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
