import type { TProvider, TServiceType } from '@app/contract/common';
import type { TDisconnectResponse } from '@app/contract/integrations/disconnect';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import { type Language, translate } from '../../lib/messages';
import { PROVIDER_NAMES } from '../../lib/provider-names';
import type { RequestOrigin } from '../../lib/request-origin';
import type { ConnectionRow } from '../connections/repo';
import { revokeGrant } from '../connections/revoke-grant';
import type { IntegrationsDeps } from './deps';
import { findOwnConnection } from './find-connection';
import { serviceLabel } from './services';
import { setServiceEnabled } from './set-service-enabled';

export interface DisconnectInput {
  userId: string;
  language: Language;
  /** A provider name, or one connection's id. */
  account: { provider: TProvider } | { connectionId: string };
  /** The spec's `?provider=` beside an account. */
  provider?: TProvider | undefined;
  /** Only this service is turned off; the connection stays. */
  service?: TServiceType | undefined;
  origin: RequestOrigin;
  log: FastifyBaseLogger;
}

/**
 * Disconnects a provider (every connection the person has there) or one connection. Our copy
 * is deleted first, so the tokens are gone whatever the provider does next; then the grant is
 * withdrawn at the provider where it allows that, with the tokens held in memory. Deleting first
 * also means a refresh racing the disconnect finds no row, instead of finding a revoked grant
 * and texting the person to reconnect what they just removed.
 */
export async function disconnect(
  deps: IntegrationsDeps,
  input: DisconnectInput,
): Promise<TDisconnectResponse> {
  const connections = await targets(deps, input);
  const provider = connections[0]!.provider;
  const label = PROVIDER_NAMES[provider];

  if (input.service) {
    for (const connection of connections) {
      await setServiceEnabled(deps, {
        userId: input.userId,
        language: input.language,
        provider,
        serviceType: input.service,
        connectionId: connection.id,
        enabled: false,
      });
    }
    return {
      success: true,
      message: translate(input.language, 'serviceDisconnected', {
        provider: label,
        service: serviceLabel(input.language, input.service),
      }),
    };
  }

  // While the tokens still work: the change feed stops the provider's channels (never blocking).
  for (const connection of connections) await deps.connectionLifecycle.removing(connection);
  await deps.transaction(async (trx) => {
    const repo = deps.connectionsRepo.with(trx);
    for (const connection of connections) {
      await repo.delete(connection.id);
      await deps.securityEvents.with(trx).record({
        userId: input.userId,
        kind: 'connection_removed',
        detail: { provider: connection.provider },
        origin: input.origin,
        at: deps.clock.now(),
      });
    }
  });
  for (const connection of connections) await revokeGrant({ ...deps, log: input.log }, connection);
  return { success: true, message: translate(input.language, 'disconnected', { provider: label }) };
}

async function targets(
  deps: Pick<IntegrationsDeps, 'connectionsRepo'>,
  input: DisconnectInput,
): Promise<ConnectionRow[]> {
  if ('connectionId' in input.account) {
    return [
      await findOwnConnection(deps, {
        userId: input.userId,
        connectionId: input.account.connectionId,
        provider: input.provider,
        language: input.language,
        missing: 'NOT_FOUND',
      }),
    ];
  }
  const provider = input.account.provider;
  if (input.provider && input.provider !== provider) {
    throw new AppError('VALIDATION_ERROR', `provider ${input.provider} does not match ${provider}`, {
      field: 'provider',
    });
  }
  const rows = (await deps.connectionsRepo.listForUser(input.userId)).filter((c) => c.provider === provider);
  if (rows.length === 0) {
    throw new AppError(
      'NOT_FOUND',
      translate(input.language, 'providerNotConnected', { provider: PROVIDER_NAMES[provider] }),
    );
  }
  return rows;
}
