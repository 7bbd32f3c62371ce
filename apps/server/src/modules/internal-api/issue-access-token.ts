import type { TAccessTokenResponse } from '@app/contract/internal/assistant';
import { AppError } from '../../lib/app-error';
import { connectionAppError } from '../connections/connection-app-error';
import { ConnectionBrokenError } from '../connections/connection-errors';
import type { InternalApiDeps } from './deps';

/**
 * A token the assistant can call the provider with right now: refreshed first when it is close
 * to expiry. A connection only the person can repair answers 409 with the reason; every call,
 * whatever its outcome, is in the access log.
 */
export async function issueAccessToken(
  deps: Pick<InternalApiDeps, 'connectionsRepo' | 'connectionAccess' | 'logAccess'>,
  input: { connectionId: string },
): Promise<TAccessTokenResponse> {
  const log = (outcome: string, userId: string | null) =>
    deps.logAccess({ action: 'access_token', outcome, userId, connectionId: input.connectionId });
  const connection = await deps.connectionsRepo.findById(input.connectionId);
  if (!connection) {
    await log('not_found', null);
    throw new AppError('NOT_FOUND', 'No such connection.');
  }
  try {
    const accessToken = await deps.connectionAccess.accessToken(connection);
    const current = await deps.connectionsRepo.findById(connection.id);
    await log('issued', connection.user_id);
    return {
      accessToken,
      expiresAt: current?.expires_at ?? null,
      tokenType: connection.provider === 'apple' ? 'app-password' : 'Bearer',
    };
  } catch (error) {
    const refusal = connectionAppError(error, {
      needsReconnect: (reason) => `This connection needs to be reconnected (${reason}).`,
      unavailable: () => 'The provider could not refresh the token right now; try again later.',
    });
    if (!refusal) throw error;
    await log(
      error instanceof ConnectionBrokenError ? `needs_reconnect:${error.reason}` : 'unavailable',
      connection.user_id,
    );
    throw refusal;
  }
}
