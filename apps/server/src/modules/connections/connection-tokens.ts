import type { SecretBox } from '../../lib/secret-box';
import { ConnectionBrokenError } from './connection-errors';
import type { ConnectionRow } from './repo';
import { openToken } from './sealed-tokens';

/** A token that expires within this is refreshed before use (design §7). */
export const REFRESH_MARGIN_MS = 15 * 60_000;

export function expiresSoon(connection: ConnectionRow, now: Date): boolean {
  if (!connection.expires_at) return false;
  return Date.parse(connection.expires_at) - now.getTime() <= REFRESH_MARGIN_MS;
}

/** The row's token in the clear; a row that lost it can only be repaired by reconnecting. */
export function tokenOf(secretBox: SecretBox, connection: ConnectionRow, kind: 'access' | 'refresh'): string {
  const sealed = kind === 'access' ? connection.access_token : connection.refresh_token;
  if (!sealed) throw new ConnectionBrokenError(connection.id, 'token_expired');
  return openToken(secretBox, connection.id, kind, sealed);
}

/** Fresh: not close to expiry, and not the very token a provider just refused. */
export function isFresh(
  secretBox: SecretBox,
  connection: ConnectionRow,
  staleToken: string | null,
  now: Date,
): boolean {
  if (staleToken) return tokenOf(secretBox, connection, 'access') !== staleToken;
  return !expiresSoon(connection, now);
}
