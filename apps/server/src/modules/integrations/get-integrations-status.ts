import { PROVIDERS, type TProvider, type TServiceType } from '@app/contract/common';
import {
  type TIntegrationStatus,
  type TIntegrationsStatusResponse,
  ZReconnectReason,
} from '@app/contract/integrations/get-integrations-status';
import type { ConnectionSummary, ServiceSwitch } from '../connections/repo';
import type { IntegrationsDeps } from './deps';
import { SERVICE_SCOPES, serviceStates, toIntegrationService } from './services';

/** One provider's entry: its newest connection, or "not connected". */
export function describeIntegration(
  provider: TProvider,
  connection: ConnectionSummary | undefined,
  rows: ServiceSwitch[],
): TIntegrationStatus {
  const states = connection ? serviceStates(connection, rows) : [];
  const services = (Object.keys(SERVICE_SCOPES[provider]) as TServiceType[]).map((serviceType) =>
    toIntegrationService(
      connection,
      provider,
      states.find((s) => s.serviceType === serviceType),
      serviceType,
    ),
  );
  const status =
    connection?.status === 'connected' || connection?.status === 'needs_reconnect'
      ? connection.status
      : 'not_connected';
  return {
    isAuthenticated: status === 'connected',
    email: connection?.email ?? null,
    name: connection?.name ?? null,
    services,
    status,
    reason:
      status === 'needs_reconnect'
        ? (ZReconnectReason.safeParse(connection?.status_reason).data ?? null)
        : null,
    connectionId: connection?.id ?? null,
  };
}

/** Every provider for the signed-in user; only their own connections are ever read. */
export async function getIntegrationsStatus(
  deps: Pick<IntegrationsDeps, 'connectionsRepo'>,
  input: { userId: string },
): Promise<TIntegrationsStatusResponse> {
  // Newest first, so the first of each provider is the one shown.
  const { connections, services: rows } = await deps.connectionsRepo.listSummariesWithServices(input.userId);
  const entries = PROVIDERS.map((provider) => [
    provider,
    describeIntegration(
      provider,
      connections.find((c) => c.provider === provider),
      rows,
    ),
  ]);
  return { integrations: Object.fromEntries(entries) as TIntegrationsStatusResponse['integrations'] };
}
