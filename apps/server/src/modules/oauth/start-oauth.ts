import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import { type Language, translate } from '../../lib/messages';
import { PROVIDER_NAMES } from '../../lib/provider-names';
import { ProviderUnavailableError, type SignInProvider } from '../../providers/identity/identity';
import { readBoundPhoneProof } from '../auth/phone-proof';
import { bindingOf } from './browser-binding';
import type { OAuthDeps } from './deps';
import { type OAuthState, redirectUri, STATE_TTL_MS, stateKey } from './oauth-state';

/**
 * The first leg: a fresh state, nonce and PKCE verifier kept in the one-time store (single
 * use, 10 minutes, bound to purpose, user and provider), and the provider's authorization URL.
 * Signed in, it connects an account to that user; signed out, it signs in. A verified-phone
 * proof must be valid now and come from the browser that verified; the state is bound to that
 * browser too (the flow cookie), and the proof is checked again when it is spent.
 */
export async function startOAuth(
  deps: Pick<OAuthDeps, 'identity' | 'oneTimeStore' | 'proofKey' | 'publicUrl' | 'clock'>,
  input: {
    provider: SignInProvider;
    userId: string | null;
    verifiedPhone?: string | undefined;
    /** The browser's PROOF_COOKIE value: a proof is accepted only from the browser that verified. */
    proofBrowserKey: string | null;
    /** The browser's flow cookie value (browser-binding.ts). */
    browserKey: string;
    language: Language;
    log: Pick<FastifyBaseLogger, 'warn'>;
  },
): Promise<{ authUrl: string }> {
  if (
    input.verifiedPhone &&
    !readBoundPhoneProof(deps.proofKey, input.verifiedPhone, deps.clock.now(), input.proofBrowserKey)
  ) {
    throw new AppError('UNAUTHORIZED', translate(input.language, 'proofInvalid'), {
      field: 'verified_phone',
    });
  }
  const state = randomBytes(32).toString('base64url');
  const nonce = randomBytes(32).toString('base64url');
  // Loaded here rather than at start (decision 270): most processes start far more often than they sign someone in.
  const oauth = await import('openid-client');
  const codeVerifier = oauth.randomPKCECodeVerifier();
  const record: OAuthState = {
    provider: input.provider,
    purpose: input.userId ? 'connect' : 'signin',
    userId: input.userId,
    codeVerifier,
    nonce,
    browser: bindingOf(input.browserKey),
    phoneProof: input.userId ? null : (input.verifiedPhone ?? null),
  };
  await deps.oneTimeStore.put(stateKey(state), JSON.stringify(record), STATE_TTL_MS);
  const codeChallenge = await oauth.calculatePKCECodeChallenge(codeVerifier);
  try {
    const url = await deps.identity.authorizationUrl(input.provider, {
      redirectUri: redirectUri(deps.publicUrl, input.provider),
      state,
      nonce,
      codeChallenge,
    });
    return { authUrl: url.href };
  } catch (error) {
    // The provider is down or unreachable (its discovery failed): try again later, not our fault.
    if (!(error instanceof ProviderUnavailableError)) throw error;
    input.log.warn({ provider: input.provider, reason: error.message }, 'identity provider unreachable');
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      translate(input.language, 'signInProviderUnreachable', { provider: PROVIDER_NAMES[input.provider] }),
    );
  }
}
