import type { TProvider, TServiceType } from '@app/contract/common';
import type { TIntegrationService } from '@app/contract/integrations/get-integrations-status';
import { AppError } from '../../lib/app-error';
import { type Language, translate } from '../../lib/messages';
import { PROVIDER_NAMES } from '../../lib/provider-names';
import type { IntegrationsDeps } from './deps';
import { findOwnConnection } from './find-connection';
import {
  DEFAULT_PERMISSIONS,
  isGranted,
  offers,
  type Permission,
  serviceLabel,
  serviceStates,
  toIntegrationService,
} from './services';

export interface SetServiceInput {
  userId: string;
  language: Language;
  provider: TProvider;
  serviceType: TServiceType;
  connectionId?: string | undefined;
  enabled: boolean;
  /** Enable only; absent keeps what the service had (read/write for a new one). */
  permissions?: Permission[] | undefined;
  metadata?: Record<string, string | number | boolean> | undefined;
}

/**
 * The person's switch for one service of a connection. Turning a service on that the provider
 * did not grant would show a switch that does nothing, so it is refused with what to do instead;
 * turning one off is always allowed.
 */
export async function setServiceEnabled(
  deps: Pick<IntegrationsDeps, 'connectionsRepo' | 'clock'>,
  input: SetServiceInput,
): Promise<{ success: true; service: TIntegrationService }> {
  const connection = await findOwnConnection(deps, input);
  const notGranted = () =>
    new AppError(
      'NOT_CONNECTED',
      translate(input.language, 'serviceNotGranted', {
        provider: PROVIDER_NAMES[input.provider],
        service: serviceLabel(input.language, input.serviceType),
      }),
      { field: 'serviceType' },
    );
  if (!offers(input.provider, input.serviceType)) {
    throw new AppError(
      'VALIDATION_ERROR',
      `${PROVIDER_NAMES[input.provider]} has no ${input.serviceType} service.`,
      { field: 'serviceType' },
    );
  }
  if (input.enabled && !isGranted(connection, input.serviceType)) throw notGranted();

  const rows = await deps.connectionsRepo.listServices([connection.id]);
  const current = serviceStates(connection, rows).find((s) => s.serviceType === input.serviceType)!;
  const existing = rows.find((row) => row.service_type === input.serviceType);
  const permissions = input.permissions ?? current.permissions;
  await deps.connectionsRepo.upsertService({
    connection_id: connection.id,
    service_type: input.serviceType,
    is_enabled: input.enabled ? 1 : 0,
    // One canonical order, so "write read" and "read write" are the same grant.
    permissions: DEFAULT_PERMISSIONS.filter((p) => permissions.includes(p)).join(' '),
    metadata: JSON.stringify(input.metadata ?? (existing ? JSON.parse(existing.metadata) : {})),
    updated_at: deps.clock.now().toISOString(),
  });
  return {
    success: true,
    service: toIntegrationService(
      connection,
      input.provider,
      { ...current, switchedOn: input.enabled },
      input.serviceType,
    ),
  };
}
