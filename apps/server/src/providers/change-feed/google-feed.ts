import type { WorkspaceAccount } from '../workspace/account';
import type {
  FeedAdapter,
  FeedChange,
  FeedResource,
  FeedSubscriptionState,
  Subscribed,
  SubscribeInput,
} from './feed-adapter';
import { GmailFeed } from './gmail-feed';
import { GoogleCalendarFeed } from './google-calendar-feed';

/** Google's feed: Calendar push for `calendar`, Gmail's Pub/Sub push for `mail`. */
export class GoogleFeedAdapter implements FeedAdapter {
  readonly push = true;
  private readonly calendar: GoogleCalendarFeed;
  private readonly gmail: GmailFeed;

  constructor(options: { calendarUrl: string; gmailUrl: string; timeoutMs: number; topic: string | null }) {
    this.calendar = new GoogleCalendarFeed({ baseUrl: options.calendarUrl, timeoutMs: options.timeoutMs });
    this.gmail = new GmailFeed({
      baseUrl: options.gmailUrl,
      timeoutMs: options.timeoutMs,
      topic: options.topic,
    });
  }

  subscribe(account: WorkspaceAccount, resource: FeedResource, input: SubscribeInput): Promise<Subscribed> {
    return resource === 'calendar'
      ? this.calendar.subscribe(account, input)
      : this.gmail.subscribe(account, input.cursor);
  }

  renew(account: WorkspaceAccount, resource: FeedResource, input: SubscribeInput): Promise<Subscribed> {
    return resource === 'calendar'
      ? this.calendar.renew(account, input)
      : this.gmail.subscribe(account, input.cursor);
  }

  unsubscribe(
    account: WorkspaceAccount,
    resource: FeedResource,
    state: FeedSubscriptionState,
  ): Promise<void> {
    return resource === 'calendar'
      ? this.calendar.unsubscribe(account, state)
      : this.gmail.unsubscribe(account);
  }

  sync(
    account: WorkspaceAccount,
    resource: FeedResource,
    cursor: string | null,
  ): Promise<{ changes: FeedChange[]; cursor: string }> {
    return resource === 'calendar' ? this.calendar.sync(account, cursor) : this.gmail.sync(account, cursor);
  }
}
