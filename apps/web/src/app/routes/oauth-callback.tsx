import type { TOAuthProvider } from '@app/contract/common';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { OAuthCallbackPage } from '@/features/auth/components/oauth-callback-page';

/** Spec §2: one callback screen for four routes; /calendar/callback is Google's. */
const PROVIDER_BY_PATH: Record<string, TOAuthProvider> = {
  [paths.googleCallback]: 'google',
  [paths.azureCallback]: 'microsoft',
  [paths.facebookCallback]: 'facebook',
  [paths.calendarCallback]: 'google',
};

/** The router matches paths case-insensitively and with a trailing slash; so does this map. */
export function callbackProvider(pathname: string): TOAuthProvider {
  return PROVIDER_BY_PATH[pathname.toLowerCase().replace(/\/+$/, '')] ?? 'google';
}

export function OAuthCallbackRoute() {
  const { pathname } = useLocation();
  return <OAuthCallbackPage provider={callbackProvider(pathname)} />;
}
