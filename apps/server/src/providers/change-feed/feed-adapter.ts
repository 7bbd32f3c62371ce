import type { TWorkspaceEvent } from '@app/contract/workspace/calendar';
import type { TMailSummary } from '@app/contract/workspace/mail';
import { isProviderError } from '../provider-errors';
import type { WorkspaceAccount } from '../workspace/account';

/**
 * The change feed's provider side (issue 31): for each connected calendar and mailbox, one
 * subscription (a push channel where the provider has one) and one sync cursor, and what changed
 * since the cursor as typed records. The module `change-feed` keeps the subscriptions, takes the
 * providers' notifications, runs the syncs from the job queue and hands the records on.
 */

/** What a subscription follows: a connection's calendars or its mailbox (INBOX). */
export type FeedResource = 'calendar' | 'mail';

/**
 * One change, as an adapter reports it. Event ids are the calendar adapter's own (what
 * `TWorkspaceEvent.id` carries), so the rest of the server can update or delete by them.
 */
export type FeedChange =
  /** An event created or changed; `event` as the calendar adapter lists it (a recurring one: its master's first occurrence ahead, or null when the adapter does not expand it here). */
  | { kind: 'event.changed'; eventId: string; event: TWorkspaceEvent | null }
  /** An event deleted or cancelled. */
  | { kind: 'event.cancelled'; eventId: string }
  /** A message arrived in the mailbox (INBOX), with what the mail adapter's search would show of it. */
  | { kind: 'mail.arrived'; message: TMailSummary }
  /**
   * The cursor was lost (Google 410, Gmail 404, Graph's delta restarted, a DAV sync token
   * refused) and a full sync took its place: whoever keeps state derived from this resource
   * reconciles it against the provider instead of trusting single changes.
   */
  | { kind: 'resynced'; resource: FeedResource };

/** A change as the rest of the server receives it: whose, through which connection. */
export type ChangeRecord = FeedChange & { userId: string; connectionId: string };

/** What a subscription holds for its adapter between calls. */
export interface FeedSubscriptionState {
  /** Ours: the channel id (Google), the clientState's key (Graph); unique per subscription. */
  channelId: string;
  /** The provider's: Google's resourceId, Graph's subscription id; null before subscribing and for polled feeds. */
  externalId: string | null;
  /** The sync cursor: Google syncToken, Gmail historyId, Graph deltaLink, DAV sync-token. */
  cursor: string | null;
}

export interface SubscribeInput extends FeedSubscriptionState {
  /** Where the provider posts: `${publicUrl}/v1/hooks/...`. */
  callbackUrl: string;
  /** The shared secret the provider echoes (Google channel token, Graph clientState). */
  secret: string;
}

export interface Subscribed {
  externalId: string | null;
  /** When the provider ends the push by itself; null for a feed that is only polled. */
  expiresAt: string | null;
  /** The cursor to sync from: the one given when there was one, else the provider's current position. */
  cursor: string;
}

/** Thrown by `sync` when the provider no longer accepts the cursor; the module full-syncs. */
export class CursorExpiredError extends Error {
  constructor(message = 'sync cursor expired') {
    super(message);
    this.name = 'CursorExpiredError';
  }
}

/**
 * One read from a sync cursor: the provider's refusal of the cursor (`refused` knows how it says
 * so: a 410, a 404, a 400 naming the sync state) is a CursorExpiredError; anything else as it came.
 */
export async function readFromCursor<T>(
  read: () => Promise<T>,
  refused: (error: unknown) => boolean,
  message: string,
): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (refused(error)) throw new CursorExpiredError(message);
    throw error;
  }
}

/** A stop whose "not found" is what was wanted: a channel lapsed or a subscription already gone. */
export async function stopUnlessGone(stop: () => Promise<unknown>): Promise<void> {
  try {
    await stop();
  } catch (error) {
    if (!isProviderError(error, 'not_found')) throw error;
  }
}

/** An expiration in milliseconds since the epoch (Google's, a string or a number) as an ISO time. */
export function expiryFromMillis(expiration: string | number | undefined): string | null {
  const ms = Number(expiration);
  return expiration !== undefined && Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

export interface FeedAdapter {
  /** Whether the provider pushes (Google, Graph) or the feed is polled only (CalDAV). */
  readonly push: boolean;
  /** Starts push (or, for a polled feed, only takes the starting cursor). Failures are ProviderErrors. */
  subscribe(account: WorkspaceAccount, resource: FeedResource, input: SubscribeInput): Promise<Subscribed>;
  /** Extends a push subscription before it lapses (Google: a new channel; Graph: PATCH expiration). */
  renew(account: WorkspaceAccount, resource: FeedResource, input: SubscribeInput): Promise<Subscribed>;
  /** Stops push (channels.stop, DELETE subscription, users.stop); a subscription already gone is fine. */
  unsubscribe(account: WorkspaceAccount, resource: FeedResource, state: FeedSubscriptionState): Promise<void>;
  /**
   * What changed since `cursor`, every page followed, and the cursor to keep. A cursor the
   * provider refuses is a CursorExpiredError; `sync(account, resource, null)` is a full sync that
   * returns only the new cursor (and a `resynced` change), not every item ever.
   */
  sync(
    account: WorkspaceAccount,
    resource: FeedResource,
    cursor: string | null,
  ): Promise<{ changes: FeedChange[]; cursor: string }>;
}
