import type { BrokenReason } from './connection-errors';
import type { ConnectionsDeps } from './deps';
import { textReconnect } from './reconnect-sms';
import type { ConnectionRow } from './repo';

/**
 * Marks the connection `needs_reconnect`, with its security event, once: of several callers
 * that find it broken at the same moment, only the one whose update won texts the person.
 */
export async function markBroken(
  deps: Pick<
    ConnectionsDeps,
    | 'connectionsRepo'
    | 'securityEvents'
    | 'transaction'
    | 'clock'
    | 'usersRepo'
    | 'smsOutbox'
    | 'productName'
    | 'publicUrl'
    | 'log'
  >,
  connection: ConnectionRow,
  reason: BrokenReason,
): Promise<void> {
  const now = deps.clock.now();
  const first = await deps.transaction(async (trx) => {
    if (!(await deps.connectionsRepo.with(trx).markBroken(connection.id, reason, now.toISOString())))
      return false;
    await deps.securityEvents.with(trx).record({
      userId: connection.user_id,
      kind: 'connection_broken',
      detail: { provider: connection.provider, reason },
      at: now,
    });
    return true;
  });
  if (first) await textReconnect(deps, connection);
}
