import type * as client from 'openid-client';
import {
  type AuthorizationRequest,
  type CodeExchange,
  GrantRevokedError,
  type IdentityClient,
  PROVIDER_SCOPES,
  type ProviderIdentity,
  ProviderUnavailableError,
  type RefreshedTokens,
  type SignInProvider,
} from './identity';

/**
 * openid-client is loaded at the first sign-in or token refresh, not at start: the server is
 * ready sooner, and a process that never signs anyone in never loads it (decision 270).
 */
const openidClient = () => import('openid-client');

/** Token-endpoint errors that only the person can repair by connecting again (RFC 6749 §5.2, OIDC). */
const REVOKED_ERRORS = new Set([
  'invalid_grant',
  'unauthorized_client',
  'consent_required',
  'interaction_required',
]);

/** Sorts a failed token request into "the grant is gone" and "try again later". */
function classify(error: unknown, { ResponseBodyError }: typeof client): Error {
  if (error instanceof ResponseBodyError) {
    if (REVOKED_ERRORS.has(error.error)) return new GrantRevokedError(error.error);
    return new ProviderUnavailableError(`token endpoint answered ${error.status} ${error.error}`);
  }
  if (error instanceof GrantRevokedError || error instanceof ProviderUnavailableError) return error;
  return new ProviderUnavailableError(`token endpoint unreachable: ${(error as Error).message}`);
}

/** An OpenID Provider, found by discovery (Google, Microsoft). */
export interface IssuerSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** A plain OAuth 2.0 provider with its own endpoints and a profile API (Facebook). */
export interface OAuth2Settings {
  issuer: string;
  authorizationEndpoint: string;
  tokenEndpoint: string;
  /** Answers `{ id, name, email }` for a bearer access token. */
  profileEndpoint: string;
  /** DELETE with the access token withdraws every permission (Facebook's `/me/permissions`). */
  permissionsEndpoint?: string;
  clientId: string;
  clientSecret: string;
}

export type ProviderSettings = IssuerSettings | OAuth2Settings;

const isOAuth2 = (settings: ProviderSettings): settings is OAuth2Settings => 'tokenEndpoint' in settings;

function isLoopbackHttp(url: URL): boolean {
  return url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
}

/**
 * openid-client against each provider's issuer, found by discovery (Facebook: its own
 * endpoints, OAuth 2.0 only, the profile from its API): authorization code with
 * PKCE (S256), state and nonce; the ID token's issuer, audience, signature and nonce are
 * checked by the library. Microsoft's multi-tenant issuer is validated against the token's own
 * tenant (openid-client does this for login.microsoftonline.com). The same code serves the local
 * issuer, which is the only one allowed over plain HTTP, and only on loopback.
 */
export class OpenIdIdentity implements IdentityClient {
  private readonly configs = new Map<SignInProvider, Promise<client.Configuration>>();

  constructor(
    private readonly issuers: Partial<Record<SignInProvider, ProviderSettings>>,
    /** Tests answer the providers' HTTPS endpoints themselves (a provider's exact origin matters). */
    private readonly options: { fetch?: client.CustomFetch } = {},
  ) {}

  private config(provider: SignInProvider): Promise<client.Configuration> {
    let config = this.configs.get(provider);
    if (!config) {
      const settings = this.issuers[provider];
      if (!settings) throw new Error(`${provider} sign-in is not configured`);
      const issuer = new URL(settings.issuer);
      const insecure = isLoopbackHttp(issuer);
      config = openidClient().then((client) => {
        if (isOAuth2(settings)) {
          const manual = new client.Configuration(
            {
              issuer: settings.issuer,
              authorization_endpoint: settings.authorizationEndpoint,
              token_endpoint: settings.tokenEndpoint,
            },
            settings.clientId,
            { client_secret: settings.clientSecret },
            client.ClientSecretPost(settings.clientSecret),
          );
          if (insecure) client.allowInsecureRequests(manual);
          if (this.options.fetch) manual[client.customFetch] = this.options.fetch;
          return manual;
        }
        return client.discovery(
          issuer,
          settings.clientId,
          { client_secret: settings.clientSecret },
          client.ClientSecretPost(settings.clientSecret),
          {
            ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
            ...(this.options.fetch ? { [client.customFetch]: this.options.fetch } : {}),
          },
        );
      });
      // A failed discovery is tried again next time instead of being remembered, and says the
      // provider could not be reached (a 503 for the person, not a 500).
      config = config.catch((error: unknown) => {
        this.configs.delete(provider);
        throw new ProviderUnavailableError(`${provider} discovery failed: ${(error as Error).message}`, {
          cause: error,
        });
      });
      this.configs.set(provider, config);
    }
    return config;
  }

  async authorizationUrl(provider: SignInProvider, request: AuthorizationRequest): Promise<URL> {
    const scopes = PROVIDER_SCOPES[provider];
    const oauth2 = isOAuth2(this.issuers[provider]!);
    const client = await openidClient();
    return client.buildAuthorizationUrl(await this.config(provider), {
      redirect_uri: request.redirectUri,
      scope: scopes.requested.join(' '),
      state: request.state,
      ...(oauth2 ? {} : { nonce: request.nonce }),
      code_challenge: request.codeChallenge,
      code_challenge_method: 'S256',
      ...scopes.extraParams,
    });
  }

  async exchangeCode(provider: SignInProvider, exchange: CodeExchange): Promise<ProviderIdentity> {
    const settings = this.issuers[provider]!;
    const config = await this.config(provider);
    const client = await openidClient();
    const tokens = await client.authorizationCodeGrant(
      config,
      exchange.callbackUrl,
      isOAuth2(settings)
        ? { pkceCodeVerifier: exchange.codeVerifier, expectedState: exchange.state }
        : {
            pkceCodeVerifier: exchange.codeVerifier,
            expectedState: exchange.state,
            expectedNonce: exchange.nonce,
            idTokenExpected: true,
          },
      { redirect_uri: exchange.redirectUri },
    );
    const expiresIn = tokens.expiresIn();
    const common = {
      // A provider that leaves `scope` out of the token response granted what was asked (RFC 6749 §5.1).
      grantedScopes: (tokens.scope ?? PROVIDER_SCOPES[provider].requested.join(' '))
        .split(/[ ,]/)
        .filter(Boolean),
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token ?? null,
      expiresAt: expiresIn === undefined ? null : new Date(Date.now() + expiresIn * 1000).toISOString(),
    };
    if (isOAuth2(settings)) {
      const response = await client.fetchProtectedResource(
        config,
        tokens.access_token,
        new URL(settings.profileEndpoint),
        'GET',
      );
      if (!response.ok) throw new Error(`profile request answered ${response.status}`);
      const profile = (await response.json()) as { id?: string; name?: string; email?: string };
      if (!profile.id) throw new Error('profile without an id');
      return {
        accountId: profile.id,
        email: profile.email ?? '',
        name: profile.name || profile.email || 'User',
        ...common,
      };
    }
    const claims = tokens.claims();
    if (!claims) throw new Error('no ID token');
    const tid = typeof claims.tid === 'string' ? claims.tid : null;
    const oid = typeof claims.oid === 'string' ? claims.oid : null;
    const accountId = provider === 'microsoft' && tid && oid ? `${tid}:${oid}` : claims.sub;
    const email =
      (typeof claims.email === 'string' && claims.email) ||
      (typeof claims.preferred_username === 'string' && claims.preferred_username) ||
      '';
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

  async refresh(provider: SignInProvider, refreshToken: string): Promise<RefreshedTokens> {
    let tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers;
    const client = await openidClient();
    try {
      tokens = await client.refreshTokenGrant(await this.config(provider), refreshToken);
    } catch (error) {
      throw classify(error, client);
    }
    const expiresIn = tokens.expiresIn();
    return {
      accessToken: tokens.access_token,
      refreshToken: tokens.refresh_token ?? null,
      expiresAt: expiresIn === undefined ? null : new Date(Date.now() + expiresIn * 1000).toISOString(),
      grantedScopes: tokens.scope ? tokens.scope.split(/[ ,]/).filter(Boolean) : null,
    };
  }

  async revoke(
    provider: SignInProvider,
    tokens: { accessToken: string; refreshToken: string | null },
  ): Promise<boolean> {
    const settings = this.issuers[provider];
    if (!settings) return false;
    const config = await this.config(provider);
    const client = await openidClient();
    if (isOAuth2(settings)) {
      if (!settings.permissionsEndpoint) return false;
      const response = await client.fetchProtectedResource(
        config,
        tokens.accessToken,
        new URL(settings.permissionsEndpoint),
        'DELETE',
      );
      // An access token that no longer works means the permissions are already gone.
      if (!response.ok && response.status !== 401)
        throw new ProviderUnavailableError(`revoke answered ${response.status}`);
      return true;
    }
    if (!config.serverMetadata().revocation_endpoint) return false;
    // Revoking the refresh token ends the whole grant at Google (and at the local issuer).
    await client.tokenRevocation(config, tokens.refreshToken ?? tokens.accessToken);
    return true;
  }
}
