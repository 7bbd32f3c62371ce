import type { TServiceType } from '@app/contract/common';

/** What a provider's consent screen is asked for, and what each scope gives the assistant. */
export interface ProviderScopes {
  /** Every scope asked for, in order. */
  requested: readonly string[];
  /** Which requested scope grants which service; a service is missing when its scope was not granted. */
  services: Partial<Record<TServiceType, string>>;
  /** Extra authorization parameters (Google: offline access; both: a fresh consent each time). */
  extraParams?: Record<string, string>;
}

export const PROVIDER_SCOPES: Record<'google' | 'microsoft' | 'facebook', ProviderScopes> = {
  google: {
    requested: [
      'openid',
      'email',
      'profile',
      'https://www.googleapis.com/auth/gmail.modify',
      'https://www.googleapis.com/auth/calendar',
      'https://www.googleapis.com/auth/contacts',
    ],
    services: {
      email: 'https://www.googleapis.com/auth/gmail.modify',
      calendar: 'https://www.googleapis.com/auth/calendar',
      contacts: 'https://www.googleapis.com/auth/contacts',
    },
    extraParams: { access_type: 'offline', prompt: 'consent' },
  },
  microsoft: {
    requested: [
      'openid',
      'email',
      'profile',
      'offline_access',
      'https://graph.microsoft.com/Mail.ReadWrite',
      // Graph sends mail only with Mail.Send; ReadWrite alone can write drafts but not send them.
      'https://graph.microsoft.com/Mail.Send',
      'https://graph.microsoft.com/Calendars.ReadWrite',
      'https://graph.microsoft.com/Contacts.ReadWrite',
    ],
    services: {
      email: 'https://graph.microsoft.com/Mail.ReadWrite',
      calendar: 'https://graph.microsoft.com/Calendars.ReadWrite',
      contacts: 'https://graph.microsoft.com/Contacts.ReadWrite',
    },
    // As with Google: every connect shows the consent page, so what was refused once (every box
    // unticked) can be granted later ("Grant access"); without it a provider that remembers the
    // refusal signs the person straight back in with nothing granted.
    extraParams: { prompt: 'consent' },
  },
  // Facebook is OAuth 2.0 without OpenID Connect: the profile comes from the Graph API.
  facebook: { requested: ['email', 'public_profile'], services: {} },
};

export type SignInProvider = keyof typeof PROVIDER_SCOPES;

/** A person's account at the provider, as the ID token and token response tell it. */
export interface ProviderIdentity {
  /** The stable key: `sub`, or for Microsoft `tid:oid`, never the email. */
  accountId: string;
  email: string;
  name: string;
  grantedScopes: string[];
  accessToken: string;
  refreshToken: string | null;
  expiresAt: string | null;
}

export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  nonce: string;
  codeChallenge: string;
}

export interface CodeExchange {
  /** The full callback URL the browser arrived at (code, state, iss, ...). */
  callbackUrl: URL;
  redirectUri: string;
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** What a refresh gives back; a provider that returns no new refresh token keeps the old one valid. */
export interface RefreshedTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: string | null;
  /** The scopes now granted, when the provider says (null: unchanged). */
  grantedScopes: string[] | null;
}

/**
 * The provider no longer honours the grant (`invalid_grant`, consent withdrawn, password reset):
 * only the person can repair it, by connecting again.
 */
export class GrantRevokedError extends Error {
  override name = 'GrantRevokedError';
  constructor(readonly reason: string) {
    super(`grant revoked: ${reason}`);
  }
}

/** The provider could not be reached or failed (network, 5xx, 429): try again later, change nothing. */
export class ProviderUnavailableError extends Error {
  override name = 'ProviderUnavailableError';
}

/** The identity port: sign-in and connection at Google, Microsoft and Facebook, and the grant's upkeep. */
export interface IdentityClient {
  authorizationUrl(provider: SignInProvider, request: AuthorizationRequest): Promise<URL>;
  /** Checks state, issuer, audience, nonce and PKCE; throws on any mismatch. */
  exchangeCode(provider: SignInProvider, exchange: CodeExchange): Promise<ProviderIdentity>;
  /** Throws GrantRevokedError or ProviderUnavailableError; nothing else is expected. */
  refresh(provider: SignInProvider, refreshToken: string): Promise<RefreshedTokens>;
  /**
   * Withdraws the grant at the provider (Google's revoke endpoint, Facebook's permissions
   * delete). False when the provider has no such endpoint (Microsoft); throws when it failed.
   */
  revoke(
    provider: SignInProvider,
    tokens: { accessToken: string; refreshToken: string | null },
  ): Promise<boolean>;
}

/** The services whose scope the person did not grant (an unticked box on the consent screen). */
export function missingServices(provider: SignInProvider, granted: Iterable<string>): TServiceType[] {
  const have = new Set(granted);
  return (Object.entries(PROVIDER_SCOPES[provider].services) as [TServiceType, string][])
    .filter(([, scope]) => !have.has(scope))
    .map(([service]) => service);
}
