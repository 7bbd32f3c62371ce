import {
  GrantRevokedError,
  type IdentityClient,
  type SignInProvider,
} from '../../providers/identity/identity';
import { ConnectionBrokenError, ConnectionUnavailableError, connectedRow } from './connection-errors';
import { isFresh, tokenOf } from './connection-tokens';
import type { ConnectionsDeps } from './deps';
import { markBroken } from './mark-broken';
import { backingOff, recordRefreshFailure } from './refresh-backoff';
import type { ConnectionRow } from './repo';
import { sealToken } from './sealed-tokens';

/**
 * One refresh, run under the connection's lock: the row is read again (another caller may have
 * refreshed it while this one waited), and unless it is fresh by now the provider's refresh
 * grant runs. The new access token, the rotated refresh token (or the old one kept), the expiry
 * and the history are written in one update. A refused grant breaks the connection; anything
 * else is temporary and backs off.
 */
export async function refreshConnection(
  deps: ConnectionsDeps,
  input: { id: string; staleToken: string | null; evenIfFresh: boolean },
): Promise<ConnectionRow> {
  const { id } = input;
  const row = connectedRow(await deps.connectionsRepo.findById(id), id);
  if (!input.evenIfFresh && isFresh(deps.secretBox, row, input.staleToken, deps.clock.now())) return row;
  const now = deps.clock.now();
  if (backingOff(row, now)) {
    throw new ConnectionUnavailableError('refresh is backing off after a temporary failure');
  }
  if (!row.refresh_token || row.provider === 'apple') {
    await markBroken(deps, row, 'token_expired');
    throw new ConnectionBrokenError(id, 'token_expired');
  }
  let tokens: Awaited<ReturnType<IdentityClient['refresh']>>;
  try {
    tokens = await deps.identity.refresh(
      row.provider as SignInProvider,
      tokenOf(deps.secretBox, row, 'refresh'),
    );
  } catch (error) {
    if (error instanceof GrantRevokedError) {
      deps.log.warn({ connectionId: id, reason: error.reason }, 'connection grant revoked');
      await markBroken(deps, row, 'grant_revoked');
      throw new ConnectionBrokenError(id, 'grant_revoked');
    }
    throw await recordRefreshFailure(deps, row, error, now);
  }
  const nowIso = deps.clock.now().toISOString();
  const changes = {
    access_token: sealToken(deps.secretBox, id, 'access', tokens.accessToken),
    ...(tokens.refreshToken
      ? { refresh_token: sealToken(deps.secretBox, id, 'refresh', tokens.refreshToken) }
      : {}),
    ...(tokens.grantedScopes ? { granted_scopes: tokens.grantedScopes.join(' ') } : {}),
    expires_at: tokens.expiresAt,
    last_refresh_at: nowIso,
    failed_refresh_count: 0,
    retry_after: null,
    last_refresh_error: null,
    updated_at: nowIso,
  };
  await deps.connectionsRepo.update(id, changes);
  return { ...row, ...changes, refresh_token: changes.refresh_token ?? row.refresh_token };
}
