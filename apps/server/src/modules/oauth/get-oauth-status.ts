import { ZReconnectReason } from '@app/contract/integrations/get-integrations-status';
import type { TOAuthStatusResponse } from '@app/contract/oauth/get-oauth-status';
import { PROVIDER_SCOPES, type SignInProvider } from '../../providers/identity/identity';
import type { ConnectionsRepo } from '../connections/repo';

/** Connected / needs reconnect / not connected, with what was granted and what is missing. */
export async function getOAuthStatus(
  deps: { repo: ConnectionsRepo },
  input: { userId: string; provider: SignInProvider },
): Promise<TOAuthStatusResponse> {
  const connection = await deps.repo.findForUser(input.userId, input.provider);
  const granted =
    connection?.status === 'connected' ? connection.granted_scopes.split(' ').filter(Boolean) : [];
  const services = Object.entries(PROVIDER_SCOPES[input.provider].services).map(([serviceType, scope]) => ({
    serviceType: serviceType as keyof typeof PROVIDER_SCOPES.google.services,
    integrationKey: `${input.provider}-${serviceType}`,
    isEnabled: granted.includes(scope),
  }));
  return {
    isAuthenticated: connection?.status === 'connected',
    email: connection?.email ?? null,
    name: connection?.name ?? null,
    services,
    status:
      connection?.status === 'connected' || connection?.status === 'needs_reconnect'
        ? connection.status
        : 'not_connected',
    reason:
      connection?.status === 'needs_reconnect'
        ? (ZReconnectReason.safeParse(connection.status_reason).data ?? null)
        : null,
    grantedScopes: granted,
    missingServices: connection ? services.filter((s) => !s.isEnabled).map((s) => s.serviceType) : [],
  };
}
