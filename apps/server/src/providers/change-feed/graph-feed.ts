import { z } from 'zod';
import { READ_PREFER, toEvent, ZCalendar, ZGraphEvent } from '../calendar/graph-calendar';
import { SUMMARY_FIELDS, toSummary, ZSummary } from '../mailbox/outlook';
import { isProviderError, ProviderError } from '../provider-errors';
import type { WorkspaceAccount } from '../workspace/account';
import { GRAPH, GraphApi, type GraphOptions } from '../workspace/graph-api';
import {
  type FeedAdapter,
  type FeedChange,
  type FeedResource,
  type FeedSubscriptionState,
  readFromCursor,
  type Subscribed,
  type SubscribeInput,
  stopUnlessGone,
} from './feed-adapter';

/**
 * Graph's most for an Outlook event or message subscription is 10 080 minutes (7 days); we ask
 * for a bit under 3 days so a renewal missed once still has days before the push lapses.
 */
export const GRAPH_SUBSCRIPTION_MS = 3 * 24 * 60 * 60 * 1000 - 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * The window a calendarView delta follows (Graph keeps the first call's window in the deltaLink):
 * what reminders and the briefing look at, not the whole history, so a full round stays short.
 */
const PAST_MS = DAY_MS;
const AHEAD_MS = 92 * DAY_MS;
/** A full mailbox round starts at messages received since a day ago (delta's one allowed $filter). */
const MAIL_SINCE_MS = DAY_MS;
/** Items a delta page holds (Graph's default is 10). */
const PAGE_PREFER = 'odata.maxpagesize=100';
/** Pages one round reads at most before it is a protocol failure. */
const MAX_PAGES = 200;

const RESOURCES: Record<FeedResource, { path: string; changeType: string; delta: string }> = {
  calendar: { path: '/me/events', changeType: 'created,updated,deleted', delta: '/me/calendarView/delta' },
  mail: {
    path: "/me/mailFolders('inbox')/messages",
    changeType: 'created',
    delta: "/me/mailFolders('inbox')/messages/delta",
  },
};

const ZSubscription = z.object({ id: z.string().min(1), expirationDateTime: z.string() });

const ZRemoved = z.object({ id: z.string().min(1), '@removed': z.object({ reason: z.string().nullish() }) });
const ZDeltaPage = z.object({
  value: z.array(z.record(z.string(), z.unknown())),
  '@odata.nextLink': z.string().optional(),
  '@odata.deltaLink': z.string().optional(),
});

export interface GraphFeedOptions extends GraphOptions {
  /** Now, for the expiration asked and the calendar window; the app's clock in tests. */
  now?: () => Date;
}

/**
 * Outlook's change feed over Graph: a subscription per resource (the default calendar's events,
 * the inbox's new messages) whose notifications only say "something changed", and delta queries
 * that say what, from the deltaLink we keep as the cursor.
 */
export class GraphFeedAdapter implements FeedAdapter {
  readonly push = true;
  private readonly api: GraphApi;
  private readonly now: () => Date;

  constructor(options: GraphFeedOptions) {
    this.api = new GraphApi(options);
    this.now = options.now ?? (() => new Date());
  }

  async subscribe(
    account: WorkspaceAccount,
    resource: FeedResource,
    input: SubscribeInput,
  ): Promise<Subscribed> {
    // The cursor first: a change between subscribing and the first delta is then not lost.
    const cursor = input.cursor ?? (await this.sync(account, resource, null)).cursor;
    const created = await this.api.json(account, this.api.url('/subscriptions'), ZSubscription, {
      method: 'POST',
      body: {
        changeType: RESOURCES[resource].changeType,
        notificationUrl: input.callbackUrl,
        lifecycleNotificationUrl: input.callbackUrl,
        resource: RESOURCES[resource].path,
        expirationDateTime: this.expiry(),
        clientState: input.secret,
      },
    });
    return { externalId: created.id, expiresAt: created.expirationDateTime, cursor };
  }

  /** PATCH the expiration; a subscription Graph no longer knows is made again. */
  async renew(account: WorkspaceAccount, resource: FeedResource, input: SubscribeInput): Promise<Subscribed> {
    if (!input.externalId) return this.subscribe(account, resource, input);
    try {
      const renewed = await this.api.json(
        account,
        this.api.url(`/subscriptions/${encodeURIComponent(input.externalId)}`),
        ZSubscription,
        { method: 'PATCH', body: { expirationDateTime: this.expiry() } },
      );
      const cursor = input.cursor ?? (await this.sync(account, resource, null)).cursor;
      return { externalId: renewed.id, expiresAt: renewed.expirationDateTime, cursor };
    } catch (error) {
      if (!isProviderError(error, 'not_found')) throw error;
      return this.subscribe(account, resource, { ...input, externalId: null });
    }
  }

  async unsubscribe(
    account: WorkspaceAccount,
    _resource: FeedResource,
    state: FeedSubscriptionState,
  ): Promise<void> {
    if (!state.externalId) return;
    const url = this.api.url(`/subscriptions/${encodeURIComponent(state.externalId)}`);
    await stopUnlessGone(() => this.api.call(account, url, { method: 'DELETE' }));
  }

  async sync(
    account: WorkspaceAccount,
    resource: FeedResource,
    cursor: string | null,
  ): Promise<{ changes: FeedChange[]; cursor: string }> {
    let url = cursor ? this.api.nextPage(cursor) : this.firstDelta(resource);
    const items: Record<string, unknown>[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await readFromCursor(
        () => this.api.json(account, url, ZDeltaPage, { prefer: [...READ_PREFER, PAGE_PREFER] }),
        (error) => Boolean(cursor) && isExpired(error),
        `${GRAPH} no longer knows the delta state`,
      );
      // A full round only positions the cursor: its items are not kept.
      if (cursor) items.push(...answer.value);
      const delta = answer['@odata.deltaLink'];
      if (delta) {
        this.api.nextPage(delta); // the same check as a next link: it will carry our bearer
        if (!cursor) return { changes: [{ kind: 'resynced', resource }], cursor: delta };
        return { changes: await this.changesOf(account, resource, items), cursor: delta };
      }
      const next = answer['@odata.nextLink'];
      if (!next || page >= MAX_PAGES)
        throw new ProviderError('protocol', `${GRAPH} ended a delta without a deltaLink`);
      url = this.api.nextPage(next);
    }
  }

  private firstDelta(resource: FeedResource): URL {
    const now = this.now().getTime();
    if (resource === 'mail')
      return this.api.url(RESOURCES.mail.delta, {
        $select: SUMMARY_FIELDS,
        $filter: `receivedDateTime ge ${new Date(now - MAIL_SINCE_MS).toISOString()}`,
      });
    return this.api.url(RESOURCES.calendar.delta, {
      startDateTime: new Date(now - PAST_MS).toISOString(),
      endDateTime: new Date(now + AHEAD_MS).toISOString(),
    });
  }

  private async changesOf(
    account: WorkspaceAccount,
    resource: FeedResource,
    items: Record<string, unknown>[],
  ): Promise<FeedChange[]> {
    const changes: FeedChange[] = [];
    if (resource === 'mail') {
      for (const item of items) {
        if ('@removed' in item) continue; // a message leaving the inbox is no arrival
        const parsed = ZSummary.safeParse(item);
        if (parsed.success) changes.push({ kind: 'mail.arrived', message: toSummary(account, parsed.data) });
      }
      return changes;
    }
    // calendarView/delta follows the default calendar; its id and name label the events.
    const calendar = await this.api.json(
      account,
      this.api.url('/me/calendar', { $select: 'id,name,isDefaultCalendar' }),
      ZCalendar,
    );
    for (const item of items) {
      const removed = ZRemoved.safeParse(item);
      if (removed.success) {
        changes.push({ kind: 'event.cancelled', eventId: removed.data.id });
        continue;
      }
      const parsed = ZGraphEvent.safeParse(item);
      if (!parsed.success) continue;
      if (parsed.data.isCancelled) changes.push({ kind: 'event.cancelled', eventId: parsed.data.id });
      else
        changes.push({
          kind: 'event.changed',
          eventId: parsed.data.id,
          event: toEvent(account, calendar, parsed.data),
        });
    }
    return changes;
  }

  private expiry(): string {
    return new Date(this.now().getTime() + GRAPH_SUBSCRIPTION_MS).toISOString();
  }
}

/** Graph refuses a stale deltaLink with 410 Gone, or 400 naming syncStateNotFound / SyncStateInvalid. */
function isExpired(error: unknown): boolean {
  if (!(error instanceof ProviderError)) return false;
  if (error.status === 410) return true;
  return error.status === 400 && /syncState(NotFound|Invalid)|resyncRequired/i.test(error.message);
}
