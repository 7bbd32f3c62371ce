import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { newId } from '../../lib/ids';
import type { FeedResource, SubscribeInput } from '../../providers/change-feed/feed-adapter';
import type { WorkspaceAccount } from '../../providers/workspace/account';
import { textReconnect } from '../connections/reconnect-sms';
import type { ConnectionRow } from '../connections/repo';
import { onAccount } from '../workspace/accounts';
import type { ChangeFeedDeps } from './deps';
import { feedPollJob, feedRenewJob } from './jobs';
import type { FeedSubscriptionRow } from './repo';

/** A push subscription is renewed this long before it lapses (or halfway, for a short one). */
export const RENEW_MARGIN_MS = 60 * 60_000;
/** A lapsed or failing push falls back to a poll this slow. */
export const SLOW_POLL_MS = 15 * 60_000;
/** After this many failures in a row the person is told once, through the reconnect text. */
export const TELL_AFTER_FAILURES = 5;
const MAX_RETRY_MS = 6 * 60 * 60_000;

const secretContext = (id: string) => `feed_subscriptions:${id}:secret`;

/** Where a provider posts for a resource (the webhook routes under /v1/hooks/). */
export function callbackUrl(
  publicUrl: string,
  provider: FeedSubscriptionRow['provider'],
  resource: FeedResource,
) {
  if (provider === 'microsoft') return `${publicUrl}/v1/hooks/microsoft`;
  if (provider === 'google')
    return `${publicUrl}/v1/hooks/google/${resource === 'mail' ? 'gmail' : 'calendar'}`;
  return `${publicUrl}/v1/hooks/${provider}`;
}

/** The subscription's shared secret, unsealed; null when it cannot be (another key, a damaged row). */
export function openSecret(deps: Pick<ChangeFeedDeps, 'secretBox'>, row: FeedSubscriptionRow): string | null {
  try {
    return deps.secretBox.open(row.secret, secretContext(row.id)).plaintext;
  } catch {
    return null;
  }
}

/** Whether `given` is the subscription's shared secret, compared in constant time. */
export function secretMatches(
  deps: Pick<ChangeFeedDeps, 'secretBox'>,
  row: FeedSubscriptionRow,
  given: string,
) {
  let secret: string;
  try {
    secret = deps.secretBox.open(row.secret, secretContext(row.id)).plaintext;
  } catch {
    return false;
  }
  const a = createHash('sha256').update(secret).digest();
  const b = createHash('sha256').update(given).digest();
  return timingSafeEqual(a, b);
}

function inputFor(deps: ChangeFeedDeps, row: FeedSubscriptionRow): SubscribeInput {
  return {
    channelId: row.channel_id,
    externalId: row.external_id,
    cursor: row.cursor,
    callbackUrl: callbackUrl(deps.publicUrl, row.provider, row.resource),
    secret: deps.secretBox.open(row.secret, secretContext(row.id)).plaintext,
  };
}

async function withAccount<T>(
  deps: ChangeFeedDeps,
  row: Pick<FeedSubscriptionRow, 'connection_id' | 'resource'>,
  call: (account: WorkspaceAccount) => Promise<T>,
): Promise<T | null> {
  const connection = await deps.connectionsRepo.findById(row.connection_id);
  const user = connection && (await deps.usersRepo.findById(connection.user_id));
  if (!connection || !user || connection.status !== 'connected' || connection.provider === 'facebook')
    return null;
  const target = {
    connection: connection as ConnectionRow & { provider: FeedSubscriptionRow['provider'] },
    user,
    service: row.resource === 'mail' ? ('email' as const) : ('calendar' as const),
  };
  return onAccount(deps, target, call);
}

/**
 * Starts the feed of one resource of a connection: a row (channel id, sealed secret), then the
 * provider's subscribe, then the next job (a renewal before expiry, or the first poll). A
 * connection that already has the feed keeps it. Provider without a feed adapter: nothing.
 */
export async function subscribe(
  deps: ChangeFeedDeps,
  connection: ConnectionRow,
  resource: FeedResource,
): Promise<FeedSubscriptionRow | null> {
  if (connection.provider === 'facebook') return null;
  const adapter = deps.feeds[connection.provider];
  if (!adapter) return null;
  const nowIso = deps.clock.now().toISOString();
  const id = newId();
  const inserted = await deps.feedSubscriptionsRepo.insert({
    id,
    user_id: connection.user_id,
    connection_id: connection.id,
    provider: connection.provider,
    resource,
    channel_id: newId(),
    secret: deps.secretBox.seal(randomBytes(24).toString('base64url'), secretContext(id)),
    external_id: null,
    cursor: null,
    expires_at: null,
    next_poll_at: null,
    state: 'active',
    told_at: null,
    created_at: nowIso,
    updated_at: nowIso,
  });
  if (!inserted) return (await deps.feedSubscriptionsRepo.findForConnection(connection.id, resource)) ?? null;
  const row = (await deps.feedSubscriptionsRepo.findById(id))!;
  try {
    const done = await withAccount(deps, row, (account) =>
      adapter.subscribe(account, resource, inputFor(deps, row)),
    );
    if (!done) return row;
    await deps.feedSubscriptionsRepo.update(id, {
      external_id: done.externalId,
      expires_at: done.expiresAt,
      cursor: done.cursor,
      updated_at: nowIso,
    });
    const fresh = (await deps.feedSubscriptionsRepo.findById(id))!;
    await scheduleNext(deps, fresh, adapter.push);
    return fresh;
  } catch (error) {
    deps.log.warn({ err: error, subscriptionId: id }, 'change feed subscribe failed; polling slowly');
    await failed(deps, row);
    return (await deps.feedSubscriptionsRepo.findById(id)) ?? null;
  }
}

/** Stops a subscription at the provider (best effort: an unreachable one lapses by itself) and forgets it. */
export async function stop(deps: ChangeFeedDeps, row: FeedSubscriptionRow, connection?: ConnectionRow) {
  const adapter = deps.feeds[row.provider];
  if (adapter?.push && row.external_id) {
    try {
      const state = { channelId: row.channel_id, externalId: row.external_id, cursor: row.cursor };
      if (connection) {
        const user = await deps.usersRepo.findById(connection.user_id);
        if (user && connection.status === 'connected' && connection.provider !== 'facebook') {
          await onAccount(
            deps,
            {
              connection: connection as ConnectionRow & { provider: FeedSubscriptionRow['provider'] },
              user,
              service: row.resource === 'mail' ? 'email' : 'calendar',
            },
            (account) => adapter.unsubscribe(account, row.resource, state),
          );
        }
      } else await withAccount(deps, row, (account) => adapter.unsubscribe(account, row.resource, state));
    } catch (error) {
      deps.log.warn(
        { err: error, subscriptionId: row.id },
        'change feed unsubscribe failed; it lapses by itself',
      );
    }
  }
  await deps.feedSubscriptionsRepo.delete(row.id);
}

/** The next job of a healthy subscription: a renewal before a push expires, or the next poll. */
async function scheduleNext(deps: ChangeFeedDeps, row: FeedSubscriptionRow, push: boolean) {
  const now = deps.clock.now().getTime();
  if (push && row.expires_at) {
    const expires = Date.parse(row.expires_at);
    const at = Math.max(now, expires - Math.min(RENEW_MARGIN_MS, (expires - now) / 2));
    await deps.jobs.enqueue(deps.db, feedRenewJob, {
      key: `feed.renew:${row.id}:${row.expires_at}`,
      payload: { subscriptionId: row.id },
      runAt: new Date(at),
    });
  } else if (!push) {
    await pollAt(deps, row.id, new Date(now + deps.pollIntervalMs));
  }
}

/**
 * A poll of one subscription at `at`, keyed by the time, so asking twice for the same moment is
 * one job; the subscription's `next_poll_at` shows the earliest one asked for.
 */
export async function pollAt(deps: ChangeFeedDeps, subscriptionId: string, at: Date) {
  await deps.jobs.enqueue(deps.db, feedPollJob, {
    key: `feed.poll:${subscriptionId}:${at.toISOString()}`,
    payload: { subscriptionId },
    runAt: at,
  });
  const row = await deps.feedSubscriptionsRepo.findById(subscriptionId);
  if (
    row &&
    (!row.next_poll_at ||
      row.next_poll_at > at.toISOString() ||
      row.next_poll_at < deps.clock.now().toISOString())
  )
    await deps.feedSubscriptionsRepo.update(subscriptionId, {
      next_poll_at: at.toISOString(),
      updated_at: deps.clock.now().toISOString(),
    });
}

/**
 * A push that could not be started or renewed: the feed is polled slowly meanwhile, the renewal
 * tried again with back-off, and after TELL_AFTER_FAILURES in a row the person is told once.
 */
export async function failed(deps: ChangeFeedDeps, row: FeedSubscriptionRow) {
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const failures = await deps.feedSubscriptionsRepo.countFailure(row.id, nowIso);
  await deps.feedSubscriptionsRepo.update(row.id, { state: 'polling', updated_at: nowIso });
  const adapter = deps.feeds[row.provider];
  const slow = adapter?.push ? SLOW_POLL_MS : Math.max(deps.pollIntervalMs, SLOW_POLL_MS);
  await pollAt(deps, row.id, new Date(now.getTime() + slow));
  if (adapter?.push) {
    const retryIn = Math.min(MAX_RETRY_MS, 60_000 * 2 ** Math.max(0, failures - 1));
    const at = new Date(now.getTime() + retryIn);
    await deps.jobs.enqueue(deps.db, feedRenewJob, {
      key: `feed.renew:${row.id}:retry:${failures}`,
      payload: { subscriptionId: row.id },
      runAt: at,
    });
  }
  if (failures >= TELL_AFTER_FAILURES && (await deps.feedSubscriptionsRepo.markTold(row.id, nowIso))) {
    const connection = await deps.connectionsRepo.findById(row.connection_id);
    if (connection) await textReconnect(deps, connection);
  }
}

/** The `feed.renew` job: extends the push (or starts it again after failures). */
export async function renew(deps: ChangeFeedDeps, subscriptionId: string) {
  const row = await deps.feedSubscriptionsRepo.findById(subscriptionId);
  const adapter = row && deps.feeds[row.provider];
  if (!row || !adapter?.push) return;
  try {
    const done = await withAccount(deps, row, (account) =>
      row.external_id
        ? adapter.renew(account, row.resource, inputFor(deps, row))
        : adapter.subscribe(account, row.resource, inputFor(deps, row)),
    );
    if (!done) return;
    const nowIso = deps.clock.now().toISOString();
    await deps.feedSubscriptionsRepo.update(row.id, {
      external_id: done.externalId,
      expires_at: done.expiresAt,
      state: 'active',
      failures: 0,
      told_at: null,
      updated_at: nowIso,
    });
    if (!row.cursor) await deps.feedSubscriptionsRepo.advanceCursor(row.id, null, done.cursor, nowIso);
    await scheduleNext(deps, (await deps.feedSubscriptionsRepo.findById(row.id))!, true);
  } catch (error) {
    deps.log.warn({ err: error, subscriptionId }, 'change feed renewal failed; polling slowly');
    await failed(deps, row);
  }
}
