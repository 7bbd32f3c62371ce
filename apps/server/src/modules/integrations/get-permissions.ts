import type { TPermissionsResponse } from '@app/contract/integrations/get-permissions';
import type { IntegrationsDeps } from './deps';
import { serviceStates } from './services';

/**
 * What the assistant may do with each service of the person's connections: only services the
 * provider granted are listed (an empty list is the screen's 'No permissions data available').
 * A connection that needs reconnecting keeps its entries, switched off until it is repaired.
 */
export async function getPermissions(
  deps: Pick<IntegrationsDeps, 'connectionsRepo'>,
  input: { userId: string },
): Promise<TPermissionsResponse> {
  const connections = (await deps.connectionsRepo.listForUser(input.userId)).filter(
    (c) => c.status === 'connected' || c.status === 'needs_reconnect',
  );
  // Newest first: one entry per provider, the same connection integrations/status shows.
  const shown = connections.filter((c, i) => connections.findIndex((o) => o.provider === c.provider) === i);
  const rows = await deps.connectionsRepo.listServices(shown.map((c) => c.id));
  return {
    permissions: shown.flatMap((connection) =>
      serviceStates(connection, rows)
        .filter((state) => state.granted)
        .map((state) => ({
          provider: connection.provider,
          serviceType: state.serviceType,
          permissions: state.permissions,
          isEnabled: connection.status === 'connected' && state.switchedOn,
        })),
    ),
  };
}
