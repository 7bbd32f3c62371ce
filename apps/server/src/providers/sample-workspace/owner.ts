import { ProviderError } from '../provider-errors';
import { bearerOf, type WorkspaceAccount } from '../workspace/account';

/** How Apple writes an app-specific password; the local Apple stand-in takes any of that shape. */
export const APP_PASSWORD_SHAPE = /^[a-z]{4}-[a-z]{4}-[a-z]{4}-[a-z]{4}$/;

/** The sample workspace's key of an Apple ID. */
export function appleOwner(appleId: string): string {
  return `apple:${appleId.trim().toLowerCase()}`;
}

/**
 * The key of an account as the connection stores it (provider and the provider's account id).
 * A Microsoft connection keeps `<tid>:<oid>`, while its sample workspace is keyed by the local
 * issuer's subject, which is the oid.
 */
export function sampleOwnerOf(provider: 'google' | 'microsoft' | 'apple', providerAccountId: string): string {
  if (provider === 'apple') return appleOwner(providerAccountId);
  if (provider === 'microsoft') return `microsoft:${providerAccountId.split(':').at(-1)}`;
  return `${provider}:${providerAccountId}`;
}

/** Who an access token belongs to, as the local issuer says; null when it refuses the token. */
type TokenOwner = (
  provider: 'google' | 'microsoft',
  accessToken: string,
) => Promise<{ accountId: string; email: string } | null>;

/**
 * Asks the local issuer's userinfo endpoint (`/dev/idp/<provider>/me`) over HTTP, as a real API
 * checks a token with its issuer; the app calls itself, as openid-client already does for the
 * local issuer's discovery and token endpoints.
 */
function userinfoOwner(publicUrl: string, timeoutMs: number): TokenOwner {
  return async (provider, accessToken) => {
    let response: Response;
    try {
      response = await fetch(`${publicUrl}/dev/idp/${provider}/me`, {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      throw new ProviderError('unavailable', 'the local issuer could not be reached', { cause: error });
    }
    if (response.status === 401 || response.status === 400) return null;
    if (!response.ok) throw new ProviderError('unavailable', `the local issuer answered ${response.status}`);
    const body = (await response.json()) as { sub?: string; email?: string };
    return body.sub ? { accountId: body.sub, email: body.email ?? '' } : null;
  };
}

/**
 * Whose sample workspace an account opens, or null when its credential is refused. Google and
 * Microsoft ask the local issuer whose access token it is, as a real API would; Apple checks
 * the app-specific password's shape, as the local Apple stand-in did when connecting.
 */
export function sampleOwnerResolver(
  publicUrl: string,
  timeoutMs: number,
): (account: WorkspaceAccount) => Promise<string | null> {
  const owner = userinfoOwner(publicUrl, timeoutMs);
  return async (account) => {
    if (account.access.kind === 'dav') {
      return APP_PASSWORD_SHAPE.test(account.access.password) ? appleOwner(account.access.appleId) : null;
    }
    if (account.provider === 'apple') return null;
    try {
      const found = await owner(account.provider, bearerOf(account));
      return found ? sampleOwnerOf(account.provider, found.accountId) : null;
    } catch (error) {
      if (error instanceof ProviderError) throw error;
      // The issuer answered 2xx with something that is not its userinfo JSON.
      throw new ProviderError('protocol', 'the local issuer answered something unreadable', { cause: error });
    }
  };
}
