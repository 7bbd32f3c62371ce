import { AppError } from '../../lib/app-error';
import { ConnectionBrokenError, ConnectionUnavailableError } from './connection-errors';

/** How the caller words each case: a calendar screen, Apple's, the internal API. */
export interface ConnectionErrorWords {
  needsReconnect: (reason: string) => string;
  unavailable: () => string;
  /** Put the reason in the body too, for a screen that explains each reason. */
  withReason?: boolean;
}

/**
 * A connection that cannot be used, answered the same way everywhere: NEEDS_RECONNECT (409) when
 * only the person can repair it, SERVICE_UNAVAILABLE (503) when it may work later, never a 500.
 * Null for any other error, which the caller answers itself.
 */
export function connectionAppError(error: unknown, words: ConnectionErrorWords): AppError | null {
  if (error instanceof ConnectionBrokenError) {
    const extra = words.withReason ? { reason: error.reason } : {};
    return new AppError('NEEDS_RECONNECT', words.needsReconnect(error.reason), extra);
  }
  if (error instanceof ConnectionUnavailableError)
    return new AppError('SERVICE_UNAVAILABLE', words.unavailable());
  return null;
}
