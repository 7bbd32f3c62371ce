import { Navigate } from 'react-router';
import { paths } from '@/config/paths';

/**
 * The spec's four OAuth callback routes exist now so no bookmarked or in-flight return
 * lands on /login; the callback screen itself (spinner, failure, 2 s redirect) comes
 * with the OAuth issue. Until then a return goes to /integrations, which the guard
 * sends to /login when signed out.
 */
export function OAuthCallbackRoute() {
  return <Navigate to={paths.integrations} replace />;
}
