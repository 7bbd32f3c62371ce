import { z } from 'zod';
import { toWorkspaceEvent, ZCalendarEntry, ZEventsPage } from '../calendar/google-calendar-wire';
import { encodeEventId } from '../calendar/google-event-id';
import { GoogleApi } from '../google-api';
import { isProviderError } from '../provider-errors';
import type { WorkspaceAccount } from '../workspace/account';
import {
  expiryFromMillis,
  type FeedChange,
  type FeedSubscriptionState,
  readFromCursor,
  type Subscribed,
  type SubscribeInput,
  stopUnlessGone,
} from './feed-adapter';

/** A page loop that never ends is a provider bug; past this many pages the sync stops and fails. */
const MAX_PAGES = 50;
/** How long we ask a channel to live; Google caps it (a week for events) and says when it ends. */
const CHANNEL_TTL_SECONDS = 7 * 24 * 3600;

const ZChannel = z.object({
  id: z.string(),
  resourceId: z.string().min(1),
  /** Milliseconds since the epoch, as a string. */
  expiration: z.union([z.string(), z.number()]).optional(),
});

const ZSyncPage = ZEventsPage.extend({ nextSyncToken: z.string().optional() });

/**
 * Google Calendar's push (events.watch on the person's primary calendar) and incremental sync
 * (events.list with syncToken). One channel per subscription, on `primary`: the calendar the
 * assistant writes to and reads first (decision 475).
 */
export class GoogleCalendarFeed {
  private readonly api: GoogleApi;

  constructor(options: { baseUrl: string; timeoutMs: number }) {
    this.api = new GoogleApi(options, 'Google Calendar');
  }

  async subscribe(account: WorkspaceAccount, input: SubscribeInput): Promise<Subscribed> {
    const channel = await this.api.read(
      account,
      {
        method: 'POST',
        path: '/calendars/primary/events/watch',
        body: {
          id: input.channelId,
          type: 'web_hook',
          address: input.callbackUrl,
          token: input.secret,
          params: { ttl: String(CHANNEL_TTL_SECONDS) },
        },
      },
      ZChannel,
    );
    const cursor = input.cursor ?? (await this.sync(account, null)).cursor;
    return { externalId: channel.resourceId, expiresAt: expiryFromMillis(channel.expiration), cursor };
  }

  /** Google cannot extend a channel: the old one is stopped and a new one made under the same id. */
  async renew(account: WorkspaceAccount, input: SubscribeInput): Promise<Subscribed> {
    await this.unsubscribe(account, input);
    return this.subscribe(account, input);
  }

  async unsubscribe(account: WorkspaceAccount, state: FeedSubscriptionState): Promise<void> {
    if (!state.externalId) return;
    const body = { id: state.channelId, resourceId: state.externalId };
    await stopUnlessGone(() => this.api.call(account, { method: 'POST', path: '/channels/stop', body }));
  }

  async sync(
    account: WorkspaceAccount,
    cursor: string | null,
  ): Promise<{ changes: FeedChange[]; cursor: string }> {
    const calendar = await this.api.read(account, { path: '/users/me/calendarList/primary' }, ZCalendarEntry);
    const changes: FeedChange[] = [];
    let pageToken: string | undefined;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const query = {
        ...(cursor ? { syncToken: cursor } : {}),
        maxResults: '250',
        ...(pageToken ? { pageToken } : {}),
      };
      const answer = await readFromCursor(
        () => this.api.read(account, { path: '/calendars/primary/events', query }, ZSyncPage),
        (error) => Boolean(cursor) && isProviderError(error, 'not_found') && error.status === 410,
        'Google Calendar refused the sync token (410)',
      );
      if (cursor) {
        const entry = { ...calendar, timeZone: calendar.timeZone ?? answer.timeZone };
        for (const item of answer.items) {
          const eventId = encodeEventId({ calendarId: calendar.id, eventId: item.id });
          if (item.status === 'cancelled') changes.push({ kind: 'event.cancelled', eventId });
          else
            changes.push({ kind: 'event.changed', eventId, event: toWorkspaceEvent(item, entry, account) });
        }
      }
      if (answer.nextPageToken) {
        pageToken = answer.nextPageToken;
        continue;
      }
      if (!answer.nextSyncToken) break;
      return cursor
        ? { changes, cursor: answer.nextSyncToken }
        : { changes: [{ kind: 'resynced', resource: 'calendar' }], cursor: answer.nextSyncToken };
    }
    throw new Error('Google Calendar ended a sync without a nextSyncToken');
  }
}
