import type { TOAuthProvider } from '@app/contract/common';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { safeReturnPath } from '@/lib/return-path';
import { sessionStorageKeys, writeSession } from '@/lib/storage';

/** Signing in and connecting are one flow (spec §4), so both the auth and integrations features use it. */
export type SignInProvider = 'google' | 'microsoft';
export type OAuthProvider = TOAuthProvider;

// Loaded on the click (the window leaves right after), so the sign-in page's first load does
// not carry the routes' schemas and the validation library.
async function initRoute(provider: OAuthProvider) {
  const routes = await import('@app/contract/oauth/oauth-init');
  return {
    google: routes.googleOAuthInitRoute,
    microsoft: routes.azureOAuthInitRoute,
    facebook: routes.facebookOAuthInitRoute,
  }[provider];
}

/**
 * Spec §4: ask the server for the provider's authUrl, remember where to come back to and
 * with which provider (the callback reads both), then hand the whole window over (popups are
 * never used). The return path is a path on this site, or /integrations (design §5).
 */
export async function startOAuth(
  provider: OAuthProvider,
  returnPath: string,
  verifiedPhone?: string | null,
): Promise<void> {
  const returnUrl = safeReturnPath(returnPath);
  const { authUrl } = await apiRequest(await initRoute(provider), {
    query: { return_url: returnUrl, ...(verifiedPhone ? { verified_phone: verifiedPhone } : {}) },
  });
  // Written before the window leaves; without session storage the callback falls back to
  // /integrations (and cannot tell that this tab started the sign-in).
  writeSession(sessionStorageKeys.oauthReturnUrl, returnUrl);
  writeSession(sessionStorageKeys.oauthProvider, provider);
  window.location.assign(authUrl);
}

export function useStartOAuth() {
  return useMutation({
    mutationFn: ({
      provider,
      returnPath,
      verifiedPhone,
    }: {
      provider: OAuthProvider;
      returnPath: string;
      verifiedPhone?: string | null;
    }) => startOAuth(provider, returnPath, verifiedPhone),
  });
}
