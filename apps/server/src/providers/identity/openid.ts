import * as client from 'openid-client';
import {
  type AuthorizationRequest,
  type CodeExchange,
  type IdentityClient,
  type OidcProvider,
  PROVIDER_SCOPES,
  type ProviderIdentity,
} from './identity';

export interface IssuerSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/**
 * openid-client against each provider's issuer, found by discovery: authorization code with
 * PKCE (S256), state and nonce; the ID token's issuer, audience, signature and nonce are
 * checked by the library. Microsoft's multi-tenant issuer is validated against the token's own
 * tenant (openid-client does this for login.microsoftonline.com). The same code serves the local
 * issuer, which is the only one allowed over plain HTTP, and only on loopback.
 */
export class OpenIdIdentity implements IdentityClient {
  private readonly configs = new Map<OidcProvider, Promise<client.Configuration>>();

  constructor(private readonly issuers: Partial<Record<OidcProvider, IssuerSettings>>) {}

  private config(provider: OidcProvider): Promise<client.Configuration> {
    let config = this.configs.get(provider);
    if (!config) {
      const settings = this.issuers[provider];
      if (!settings) throw new Error(`${provider} sign-in is not configured`);
      const issuer = new URL(settings.issuer);
      config = client.discovery(
        issuer,
        settings.clientId,
        { client_secret: settings.clientSecret },
        client.ClientSecretPost(settings.clientSecret),
        isLoopbackHttp(issuer) ? { execute: [client.allowInsecureRequests] } : {},
      );
      // A failed discovery is tried again next time instead of being remembered.
      config.catch(() => this.configs.delete(provider));
      this.configs.set(provider, config);
    }
    return config;
  }

  async authorizationUrl(provider: OidcProvider, request: AuthorizationRequest): Promise<URL> {
    const scopes = PROVIDER_SCOPES[provider];
    return client.buildAuthorizationUrl(await this.config(provider), {
      redirect_uri: request.redirectUri,
      scope: scopes.requested.join(' '),
      state: request.state,
      nonce: request.nonce,
      code_challenge: request.codeChallenge,
      code_challenge_method: 'S256',
      ...scopes.extraParams,
    });
  }

  async exchangeCode(provider: OidcProvider, exchange: CodeExchange): Promise<ProviderIdentity> {
    const tokens = await client.authorizationCodeGrant(
      await this.config(provider),
      exchange.callbackUrl,
      {
        pkceCodeVerifier: exchange.codeVerifier,
        expectedState: exchange.state,
        expectedNonce: exchange.nonce,
        idTokenExpected: true,
      },
      { redirect_uri: exchange.redirectUri },
    );
    const claims = tokens.claims();
    if (!claims) throw new Error('no ID token');
    const tid = typeof claims.tid === 'string' ? claims.tid : null;
    const oid = typeof claims.oid === 'string' ? claims.oid : null;
    const accountId = provider === 'microsoft' && tid && oid ? `${tid}:${oid}` : claims.sub;
    const email =
      (typeof claims.email === 'string' && claims.email) ||
      (typeof claims.preferred_username === 'string' && claims.preferred_username) ||
      '';
    const expiresIn = tokens.expiresIn();
    return {
      accountId,
      email,
      name: typeof claims.name === 'string' && claims.name ? claims.name : email || 'User',
      // A provider that leaves `scope` out of the token response granted what was asked (RFC 6749 §5.1).
      grantedScopes: (tokens.scope ?? PROVIDER_SCOPES[provider].requested.join(' '))
        .split(' ')
        .filter(Boolean),
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token ?? null,
      expiresAt: expiresIn === undefined ? null : new Date(Date.now() + expiresIn * 1000).toISOString(),
    };
  }
}
