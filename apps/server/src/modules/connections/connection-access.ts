import type { TLanguage } from '@app/contract/messages';
import { translate } from '../../lib/messages';
import { PROVIDER_NAMES } from '../../lib/provider-names';
import {
  GrantRevokedError,
  type IdentityClient,
  ProviderUnavailableError,
  type SignInProvider,
} from '../../providers/identity/identity';
import type { ConnectionsDeps } from './deps';
import type { ConnectionRow } from './repo';
import { openToken, sealToken } from './sealed-tokens';

/** A token that expires within this is refreshed before use (design §7). */
export const REFRESH_MARGIN_MS = 15 * 60_000;
/** A connection nobody used for this long is refreshed by the periodic job, so its grant stays alive. */
export const IDLE_REFRESH_MS = 24 * 60 * 60_000;
/** How long one refresh may hold the lock; a crashed holder's lock simply expires. */
const LOCK_TTL_MS = 30_000;
/** How long a caller waits for another instance's refresh before giving up for now. */
const LOCK_WAIT_MS = 15_000;
/** How often a waiting caller looks at the row another instance is refreshing. */
const LOCK_POLL_MS = 100;
/** Backoff after temporary failures: 30 s, 1 min, 2 min, ... capped at an hour. */
const BACKOFF_BASE_MS = 30_000;
const BACKOFF_CAP_MS = 60 * 60_000;
/** last_used_at is written at most this often, so a busy connection is not a write per use. */
const TOUCH_EVERY_MS = 60 * 60_000;

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
    if (connection.provider === 'apple') return this.open(connection, 'access');
    // A refused token always goes to refresh(): it reads the row again under the lock and
    // returns another caller's newer token instead of refreshing twice.
    if (!options.staleToken && !this.expiresSoon(connection)) return this.open(connection, 'access');
    const refreshed = await this.refresh(connection.id, options.staleToken ?? null);
    return this.open(refreshed, 'access');
  }

  /**
   * Marks the connection broken; the first caller to do so sends the one SMS. For errors a
   * provider answers while the connection is used (Apple's 401 after a password reset).
   */
  async markBroken(connection: ConnectionRow, reason: BrokenReason): Promise<void> {
    const now = this.deps.clock.now();
    const first = await this.deps.transaction(async (trx) => {
      if (!(await this.deps.connectionsRepo.with(trx).markBroken(connection.id, reason, now.toISOString())))
        return false;
      await this.deps.securityEvents.with(trx).record({
        userId: connection.user_id,
        kind: 'connection_broken',
        detail: { provider: connection.provider, reason },
        at: now,
      });
      return true;
    });
    if (first) await this.notifyBroken(connection);
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

  private expiresSoon(connection: ConnectionRow): boolean {
    if (!connection.expires_at) return false;
    return Date.parse(connection.expires_at) - this.deps.clock.now().getTime() <= REFRESH_MARGIN_MS;
  }

  private open(connection: ConnectionRow, kind: 'access' | 'refresh'): string {
    const sealed = kind === 'access' ? connection.access_token : connection.refresh_token;
    if (!sealed) throw new ConnectionBrokenError(connection.id, 'token_expired');
    return openToken(this.deps.secretBox, connection.id, kind, sealed);
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
    const work = this.refreshUnderLock(id, staleToken, options.evenIfFresh ?? false).finally(() =>
      this.inFlight.delete(id),
    );
    this.inFlight.set(id, work);
    return work;
  }

  private async refreshUnderLock(
    id: string,
    staleToken: string | null,
    evenIfFresh: boolean,
  ): Promise<ConnectionRow> {
    const deadline = Date.now() + LOCK_WAIT_MS;
    for (;;) {
      const release = await this.deps.oneTimeStore.lock(`connection-refresh:${id}`, LOCK_TTL_MS);
      if (release) {
        try {
          return await this.refreshLocked(id, staleToken, evenIfFresh);
        } finally {
          await release();
        }
      }
      // Another instance is refreshing: once it is done, the row holds its result.
      await new Promise((resolve) => setTimeout(resolve, LOCK_POLL_MS));
      const row = await this.deps.connectionsRepo.findById(id);
      if (!row) throw new ConnectionBrokenError(id, 'disconnected');
      if (row.status !== 'connected')
        throw new ConnectionBrokenError(id, row.status_reason ?? 'disconnected');
      if (this.isFresh(row, staleToken) && !evenIfFresh) return row;
      if (Date.now() > deadline) throw new ConnectionUnavailableError('another refresh is taking too long');
    }
  }

  /** Fresh: not close to expiry, and not the very token a provider just refused. */
  private isFresh(row: ConnectionRow, staleToken: string | null): boolean {
    if (staleToken) return this.open(row, 'access') !== staleToken;
    return !this.expiresSoon(row);
  }

  private async refreshLocked(
    id: string,
    staleToken: string | null,
    evenIfFresh: boolean,
  ): Promise<ConnectionRow> {
    // Read again under the lock: the refresh may have happened while this caller waited.
    const row = await this.deps.connectionsRepo.findById(id);
    if (!row) throw new ConnectionBrokenError(id, 'disconnected');
    if (row.status !== 'connected') throw new ConnectionBrokenError(id, row.status_reason ?? 'disconnected');
    if (!evenIfFresh && this.isFresh(row, staleToken)) return row;
    const now = this.deps.clock.now();
    if (row.retry_after && Date.parse(row.retry_after) > now.getTime()) {
      throw new ConnectionUnavailableError('refresh is backing off after a temporary failure');
    }
    if (!row.refresh_token || row.provider === 'apple') {
      await this.markBroken(row, 'token_expired');
      throw new ConnectionBrokenError(id, 'token_expired');
    }
    let tokens: Awaited<ReturnType<IdentityClient['refresh']>>;
    try {
      tokens = await this.deps.identity.refresh(row.provider as SignInProvider, this.open(row, 'refresh'));
    } catch (error) {
      throw await this.refreshFailed(row, error, now);
    }
    const nowIso = this.deps.clock.now().toISOString();
    // One update: the new access token, the rotated refresh token (or the old one kept) and the history.
    const changes = {
      access_token: sealToken(this.deps.secretBox, id, 'access', tokens.accessToken),
      ...(tokens.refreshToken
        ? { refresh_token: sealToken(this.deps.secretBox, id, 'refresh', tokens.refreshToken) }
        : {}),
      ...(tokens.grantedScopes ? { granted_scopes: tokens.grantedScopes.join(' ') } : {}),
      expires_at: tokens.expiresAt,
      last_refresh_at: nowIso,
      failed_refresh_count: 0,
      retry_after: null,
      last_refresh_error: null,
      updated_at: nowIso,
    };
    await this.deps.connectionsRepo.update(id, changes);
    return { ...row, ...changes, refresh_token: changes.refresh_token ?? row.refresh_token };
  }

  /** A refused grant breaks the connection; anything else is temporary and backs off. */
  private async refreshFailed(row: ConnectionRow, error: unknown, now: Date): Promise<Error> {
    const id = row.id;
    if (error instanceof GrantRevokedError) {
      this.deps.log.warn({ connectionId: id, reason: error.reason }, 'connection grant revoked');
      await this.markBroken(row, 'grant_revoked');
      return new ConnectionBrokenError(id, 'grant_revoked');
    }
    const failures = row.failed_refresh_count + 1;
    const wait = Math.min(BACKOFF_BASE_MS * 2 ** (failures - 1), BACKOFF_CAP_MS);
    const message = error instanceof ProviderUnavailableError ? error.message : String(error);
    await this.deps.connectionsRepo.update(id, {
      failed_refresh_count: failures,
      last_refresh_error_at: now.toISOString(),
      last_refresh_error: message.slice(0, 500),
      retry_after: new Date(now.getTime() + wait).toISOString(),
    });
    this.deps.log.warn({ connectionId: id, failures, err: error }, 'connection refresh failed; backing off');
    return new ConnectionUnavailableError(message);
  }

  private async notifyBroken(connection: ConnectionRow): Promise<void> {
    const user = await this.deps.usersRepo.findById(connection.user_id);
    if (!user?.phone_number) {
      this.deps.log.info(
        { connectionId: connection.id },
        'connection broke; the person has no phone number to tell',
      );
      return;
    }
    const language: TLanguage = user.language;
    const body = translate(language, 'smsReconnect', {
      product: this.deps.productName,
      provider: PROVIDER_NAMES[connection.provider],
      email: connection.email,
      link: `${this.deps.publicUrl}/integrations?reconnect=${connection.provider}`,
    });
    try {
      await this.deps.sms.send({ to: user.phone_number, body });
    } catch (error) {
      // The connection shows Reconnect on the screen either way; a lost text must not fail the caller.
      this.deps.log.error({ connectionId: connection.id, err: error }, 'reconnect SMS could not be sent');
    }
  }
}
