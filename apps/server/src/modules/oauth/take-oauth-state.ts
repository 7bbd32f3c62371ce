import { safeEqual } from '../../lib/secrets';
import type { SignInProvider } from '../../providers/identity/identity';
import { bindingOf } from './browser-binding';
import type { OAuthDeps } from './deps';
import { OAuthFailure } from './oauth-failure';
import { type OAuthState, stateKey } from './oauth-state';

/**
 * The state the callback came back with, taken from the store (so it works once) and checked:
 * started for this provider, in this browser (login CSRF), and answered with a code rather
 * than a refusal.
 */
export async function takeOAuthState(
  deps: Pick<OAuthDeps, 'oneTimeStore'>,
  input: {
    provider: SignInProvider;
    query: { code?: string | undefined; state?: string | undefined; error?: string | undefined };
    /** The flow cookie this browser sent, if any. */
    browserKey: string | null;
  },
): Promise<OAuthState> {
  const raw = input.query.state ? await deps.oneTimeStore.take(stateKey(input.query.state)) : null;
  if (!raw) throw new OAuthFailure('OAUTH_FAILED', 'unknown, expired or already used state');
  const state = JSON.parse(raw) as OAuthState;
  if (state.provider !== input.provider) throw new OAuthFailure('OAUTH_FAILED', 'state of another provider');
  if (!input.browserKey || !safeEqual(bindingOf(input.browserKey), state.browser)) {
    throw new OAuthFailure('OAUTH_FAILED', 'the flow was started in another browser');
  }
  if (input.query.error) {
    throw new OAuthFailure(
      input.query.error === 'access_denied' ? 'OAUTH_DENIED' : 'OAUTH_FAILED',
      `provider answered ${input.query.error}`,
    );
  }
  if (!input.query.code) throw new OAuthFailure('OAUTH_FAILED', 'no authorization code');
  return state;
}
