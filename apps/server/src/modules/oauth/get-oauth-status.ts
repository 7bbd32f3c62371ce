import type { TOAuthStatusResponse } from '@app/contract/oauth/get-oauth-status';
import { missingServices, type SignInProvider } from '../../providers/identity/identity';
import { describeIntegration } from '../integrations/get-integrations-status';
import type { OAuthDeps } from './deps';

/**
 * That provider's entry of integrations/status (the same services and switches), plus what
 * was granted and what is missing.
 */
export async function getOAuthStatus(
  deps: Pick<OAuthDeps, 'connectionsRepo'>,
  input: { userId: string; provider: SignInProvider },
): Promise<TOAuthStatusResponse> {
  const connection = await deps.connectionsRepo.findForUser(input.userId, input.provider);
  const rows = connection ? await deps.connectionsRepo.listServices([connection.id]) : [];
  const granted =
    connection?.status === 'connected' ? connection.granted_scopes.split(' ').filter(Boolean) : [];
  return {
    ...describeIntegration(input.provider, connection, rows),
    grantedScopes: granted,
    missingServices: connection ? missingServices(input.provider, granted) : [],
  };
}
