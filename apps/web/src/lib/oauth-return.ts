/**
 * How the OAuth callback tells the screen it returns to that a connection just finished (spec
 * §4: "After a mobile OAuth return, status is rechecked after 1 s"). Router state rather than
 * the address: it cannot come from a link, and a reload does not replay it.
 */
export interface OAuthReturnState {
  oauthReturn: { provider: string };
}

export function oauthReturnState(provider: string): OAuthReturnState {
  return { oauthReturn: { provider } };
}

export function readOAuthReturn(state: unknown): OAuthReturnState['oauthReturn'] | null {
  if (typeof state !== 'object' || state === null || !('oauthReturn' in state)) return null;
  const value = (state as OAuthReturnState).oauthReturn;
  return typeof value?.provider === 'string' ? value : null;
}
