import type { TOAuthProvider } from '@app/contract/common';
import {
  azureOAuthCallbackRoute,
  facebookOAuthCallbackRoute,
  googleOAuthCallbackRoute,
} from '@app/contract/oauth/oauth-callback';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

const ROUTES = {
  google: googleOAuthCallbackRoute,
  microsoft: azureOAuthCallbackRoute,
  facebook: facebookOAuthCallbackRoute,
} as const;

export interface TExchangeOAuthCodeInput {
  provider: TOAuthProvider;
  code: string;
  state?: string | null;
}

/**
 * Spec §4 and §7, the code-based flow: a provider code that reached the page is handed to the
 * server's callback (`GET /<provider>/callback?code=`), which answers JSON to an API client
 * ({ success, message, user }) and connects the account to the signed-in user.
 */
export function exchangeOAuthCode({ provider, code, state }: TExchangeOAuthCodeInput) {
  return apiRequest(ROUTES[provider], { query: { code, ...(state ? { state } : {}) } });
}

export function useExchangeOAuthCode() {
  return useMutation({ mutationFn: exchangeOAuthCode });
}
