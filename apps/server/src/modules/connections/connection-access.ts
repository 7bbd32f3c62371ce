import { type BrokenReason, ConnectionBrokenError } from './connection-errors';
import { expiresSoon, isFresh, tokenOf } from './connection-tokens';
import type { ConnectionsDeps } from './deps';
import { markBroken } from './mark-broken';
import { refreshConnection } from './refresh-connection';
import { underRefreshLock } from './refresh-lock';
import type { ConnectionRow } from './repo';

/** A connection nobody used for this long is refreshed by the periodic job, so its grant stays alive. */
export const IDLE_REFRESH_MS = 24 * 60 * 60_000;
/** last_used_at is written at most this often, so a busy connection is not a write per use. */
const TOUCH_EVERY_MS = 60 * 60_000;

/**
 * The connection layer's one way to use a connection (design §7): a usable access token,
 * refreshed first when it is close to expiry, with at most one refresh per connection at a time
 * across every instance (a lock in the shared store, then the row read again), rotated tokens
 * saved in one update, and a broken grant turned into `needs_reconnect` plus one SMS.
 */
export class ConnectionAccess {
  /** Callers in this process wait on the same refresh instead of polling the lock. */
  private readonly inFlight = new Map<string, Promise<ConnectionRow>>();

  constructor(private readonly deps: ConnectionsDeps) {}

  /**
   * The secret to call the provider with: an OAuth access token, or Apple's app-specific
   * password. `staleToken` is the token a provider just refused with 401: the connection is
   * refreshed unless someone already replaced that token.
   */
  async accessToken(connection: ConnectionRow, options: { staleToken?: string } = {}): Promise<string> {
    if (connection.status !== 'connected') {
      throw new ConnectionBrokenError(connection.id, connection.status_reason ?? 'disconnected');
    }
    await this.touch(connection);
    if (connection.provider === 'apple') return tokenOf(this.deps.secretBox, connection, 'access');
    // A refused token always goes to refresh(): it reads the row again under the lock and
    // returns another caller's newer token instead of refreshing twice.
    if (!options.staleToken && !expiresSoon(connection, this.deps.clock.now())) {
      return tokenOf(this.deps.secretBox, connection, 'access');
    }
    const refreshed = await this.refresh(connection.id, options.staleToken ?? null);
    return tokenOf(this.deps.secretBox, refreshed, 'access');
  }

  /**
   * Marks the connection broken; the first caller to do so sends the one SMS. For errors a
   * provider answers while the connection is used (Apple's 401 after a password reset).
   */
  markBroken(connection: ConnectionRow, reason: BrokenReason): Promise<void> {
    return markBroken(this.deps, connection, reason);
  }

  /** One pass of the periodic job: refreshes connections idle for a day, so their grants stay alive. */
  async refreshIdle(limit = 100): Promise<{ refreshed: number; failed: number }> {
    const before = new Date(this.deps.clock.now().getTime() - IDLE_REFRESH_MS).toISOString();
    const idle = await this.deps.connectionsRepo.listIdle(before, this.deps.clock.now().toISOString(), limit);
    let refreshed = 0;
    let failed = 0;
    for (const connection of idle) {
      try {
        await this.refresh(connection.id, null, { evenIfFresh: true });
        refreshed += 1;
      } catch {
        failed += 1;
      }
    }
    return { refreshed, failed };
  }

  private async touch(connection: ConnectionRow): Promise<void> {
    const now = this.deps.clock.now();
    if (connection.last_used_at && now.getTime() - Date.parse(connection.last_used_at) < TOUCH_EVERY_MS)
      return;
    await this.deps.connectionsRepo.update(connection.id, { last_used_at: now.toISOString() });
  }

  private refresh(
    id: string,
    staleToken: string | null,
    options: { evenIfFresh?: boolean } = {},
  ): Promise<ConnectionRow> {
    const running = this.inFlight.get(id);
    if (running) return running;
    const evenIfFresh = options.evenIfFresh ?? false;
    const work = underRefreshLock(
      this.deps,
      id,
      () => refreshConnection(this.deps, { id, staleToken, evenIfFresh }),
      // Another instance's refresh is done once the row holds a token that is fresh again.
      (row) => isFresh(this.deps.secretBox, row, staleToken, this.deps.clock.now()) && !evenIfFresh,
    ).finally(() => this.inFlight.delete(id));
    this.inFlight.set(id, work);
    return work;
  }
}
