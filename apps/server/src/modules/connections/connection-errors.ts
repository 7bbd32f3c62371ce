import type { ConnectionRow } from './repo';

/** Why a connection needs the person to reconnect; the web and the SMS explain each. */
export type BrokenReason = 'grant_revoked' | 'token_expired' | 'apple_password_revoked';

/** Only the person can repair this connection (status `needs_reconnect`). */
export class ConnectionBrokenError extends Error {
  override name = 'ConnectionBrokenError';
  constructor(
    readonly connectionId: string,
    readonly reason: string,
  ) {
    super(`connection ${connectionId} needs reconnecting: ${reason}`);
  }
}

/** The provider is down or slow, or a refresh is backing off: nothing changed, try again later. */
export class ConnectionUnavailableError extends Error {
  override name = 'ConnectionUnavailableError';
}

/** The row, if it is still there and connected; otherwise why it cannot be used. */
export function connectedRow(row: ConnectionRow | undefined, id: string): ConnectionRow {
  if (!row) throw new ConnectionBrokenError(id, 'disconnected');
  if (row.status !== 'connected') throw new ConnectionBrokenError(id, row.status_reason ?? 'disconnected');
  return row;
}
