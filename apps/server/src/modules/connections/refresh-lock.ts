import { ConnectionUnavailableError, connectedRow } from './connection-errors';
import type { ConnectionsDeps } from './deps';
import type { ConnectionRow } from './repo';

/** How long one refresh may hold the lock; a crashed holder's lock simply expires. */
const LOCK_TTL_MS = 30_000;
/** How long a caller waits for another instance's refresh before giving up for now. */
const LOCK_WAIT_MS = 15_000;
/** How often a waiting caller looks at the row another instance is refreshing. */
const LOCK_POLL_MS = 100;

/**
 * One refresh per connection at a time across every instance: `refresh` runs holding the
 * connection's lock in the shared store. While another instance holds it, the row is read
 * again until `settled` says the holder's result is there, and that row is the answer.
 */
export async function underRefreshLock(
  deps: Pick<ConnectionsDeps, 'oneTimeStore' | 'connectionsRepo'>,
  id: string,
  refresh: () => Promise<ConnectionRow>,
  settled: (row: ConnectionRow) => boolean,
): Promise<ConnectionRow> {
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    const release = await deps.oneTimeStore.lock(`connection-refresh:${id}`, LOCK_TTL_MS);
    if (release) {
      try {
        return await refresh();
      } finally {
        await release();
      }
    }
    await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
    const row = connectedRow(await deps.connectionsRepo.findById(id), id);
    if (settled(row)) return row;
    if (Date.now() > deadline) throw new ConnectionUnavailableError('another refresh is taking too long');
  }
}
