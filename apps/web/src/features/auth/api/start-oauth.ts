import { azureOAuthInitRoute, googleOAuthInitRoute } from '@app/contract/oauth/oauth-init';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionStorageKeys } from '@/lib/storage';

export type SignInProvider = 'google' | 'microsoft';

const ROUTES = { google: googleOAuthInitRoute, microsoft: azureOAuthInitRoute } as const;

/**
 * Spec §4: ask the server for the provider's authUrl, remember where to come back to,
 * then hand the whole window over (popups are never used).
 */
export async function startOAuth(
  provider: SignInProvider,
  returnPath: string,
  verifiedPhone?: string | null,
): Promise<void> {
  const { authUrl } = await apiRequest(ROUTES[provider], {
    query: { return_url: returnPath, ...(verifiedPhone ? { verified_phone: verifiedPhone } : {}) },
  });
  try {
    window.sessionStorage.setItem(sessionStorageKeys.oauthReturnUrl, returnPath);
    window.sessionStorage.setItem(sessionStorageKeys.oauthProvider, provider);
  } catch {
    // Without session storage the callback falls back to /integrations.
  }
  window.location.assign(authUrl);
}

export function useStartOAuth() {
  return useMutation({
    mutationFn: ({
      provider,
      returnPath,
      verifiedPhone,
    }: {
      provider: SignInProvider;
      returnPath: string;
      verifiedPhone?: string | null;
    }) => startOAuth(provider, returnPath, verifiedPhone),
  });
}
