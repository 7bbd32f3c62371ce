import type { TProvider, TServiceType } from '@app/contract/common';
import type { TIntegrationService } from '@app/contract/integrations/get-integrations-status';
import { SERVICE_LABELS } from '@app/contract/messages';
import type { Language } from '../../lib/messages';
import { PROVIDER_SCOPES } from '../../providers/identity/identity';
import type { ConnectionSummary, ServiceSwitch } from '../connections/repo';

/**
 * Which granted scope gives each service. Apple has no OAuth scopes: its connection lists the
 * services it discovered (`calendar`, `contacts`) in `granted_scopes`.
 */
export const SERVICE_SCOPES: Record<TProvider, Partial<Record<TServiceType, string>>> = {
  google: PROVIDER_SCOPES.google.services,
  microsoft: PROVIDER_SCOPES.microsoft.services,
  facebook: PROVIDER_SCOPES.facebook.services,
  apple: { calendar: 'calendar', contacts: 'contacts' },
};

export function serviceLabel(language: Language, service: TServiceType): string {
  return SERVICE_LABELS[language][service];
}

/** Spec §4: enabling a service gives read and write unless the person narrows it. */
export const DEFAULT_PERMISSIONS = ['read', 'write'] as const;
export type Permission = (typeof DEFAULT_PERMISSIONS)[number];

export const integrationKey = (provider: TProvider, service: TServiceType) => `${provider}-${service}`;

export function offers(provider: TProvider, service: TServiceType): boolean {
  return SERVICE_SCOPES[provider][service] !== undefined;
}

export function isGranted(
  connection: Pick<ConnectionSummary, 'provider' | 'granted_scopes'>,
  service: TServiceType,
): boolean {
  const scope = SERVICE_SCOPES[connection.provider][service];
  return scope !== undefined && connection.granted_scopes.split(' ').includes(scope);
}

export interface ServiceState {
  serviceType: TServiceType;
  granted: boolean;
  /** The person's switch; a service nobody switched follows the grant. */
  switchedOn: boolean;
  permissions: Permission[];
}

/** Every service the provider offers, as the grant and the person's switches leave it. */
export function serviceStates(connection: ConnectionSummary, rows: ServiceSwitch[]): ServiceState[] {
  return (Object.keys(SERVICE_SCOPES[connection.provider]) as TServiceType[]).map((serviceType) => {
    const row = rows.find((r) => r.connection_id === connection.id && r.service_type === serviceType);
    return {
      serviceType,
      granted: isGranted(connection, serviceType),
      switchedOn: row ? row.is_enabled === 1 : true,
      permissions: row
        ? (row.permissions.split(' ').filter((p) => p === 'read' || p === 'write') as Permission[])
        : [...DEFAULT_PERMISSIONS],
    };
  });
}

/** Enabled means the assistant may use it now: granted, switched on, and the connection working. */
export function toIntegrationService(
  connection: Pick<ConnectionSummary, 'status'> | undefined,
  provider: TProvider,
  state: ServiceState | undefined,
  serviceType: TServiceType,
): TIntegrationService {
  return {
    serviceType,
    integrationKey: integrationKey(provider, serviceType),
    isEnabled: Boolean(connection?.status === 'connected' && state?.granted && state.switchedOn),
    isGranted: Boolean(state?.granted),
  };
}
