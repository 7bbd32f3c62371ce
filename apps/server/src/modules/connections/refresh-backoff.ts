import { ProviderUnavailableError } from '../../providers/identity/identity';
import { ConnectionUnavailableError } from './connection-errors';
import type { ConnectionsDeps } from './deps';
import type { ConnectionRow } from './repo';

/** Backoff after temporary failures: 30 s, 1 min, 2 min, ... capped at an hour. */
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_CAP_MS = 60 * 60_000;

export function backoffAfter(failures: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** (failures - 1), BACKOFF_CAP_MS);
}

/** Whether the connection is still backing off at `now`: no refresh is tried until it is over. */
export function backingOff(connection: ConnectionRow, now: Date): boolean {
  return Boolean(connection.retry_after && Date.parse(connection.retry_after) > now.getTime());
}

/**
 * A temporary refresh failure (network, 5xx, 429) changes nothing but the history: the count,
 * the error and when the next try may come. Returns what the caller throws.
 */
export async function recordRefreshFailure(
  deps: Pick<ConnectionsDeps, 'connectionsRepo' | 'log'>,
  connection: ConnectionRow,
  error: unknown,
  now: Date,
): Promise<ConnectionUnavailableError> {
  const failures = connection.failed_refresh_count + 1;
  const message = error instanceof ProviderUnavailableError ? error.message : String(error);
  await deps.connectionsRepo.update(connection.id, {
    failed_refresh_count: failures,
    last_refresh_error_at: now.toISOString(),
    last_refresh_error: message.slice(0, 500),
    retry_after: new Date(now.getTime() + backoffAfter(failures)).toISOString(),
  });
  deps.log.warn(
    { connectionId: connection.id, failures, err: error },
    'connection refresh failed; backing off',
  );
  return new ConnectionUnavailableError(message);
}
