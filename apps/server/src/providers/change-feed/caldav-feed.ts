import type { DAVResponse } from 'tsdav';
import { z } from 'zod';
import { type CalendarRef, caldavEvent, nameOf } from '../calendar/caldav-calendar';
import { encodeEventId } from '../calendar/caldav-event-id';
import { describeCalendarEvent, expandCalendarObject, type IcalOccurrence } from '../calendar/ical-events';
import { DavFailure } from '../icloud/dav-fetch';
import { type DavServers, type DavSession, DavSessions, withSlash, ZXmlText } from '../icloud/dav-session';
import { isProviderError, ProviderError } from '../provider-errors';
import type { WorkspaceAccount } from '../workspace/account';
import {
  CursorExpiredError,
  type FeedAdapter,
  type FeedChange,
  type FeedResource,
  type FeedSubscriptionState,
  type Subscribed,
  type SubscribeInput,
} from './feed-adapter';

export interface CaldavFeedOptions extends DavServers {
  /** The calendar list is read again after this long (a calendar added or removed); default a day. */
  relistMs?: number;
  now?: () => Date;
}

const SERVICE = 'iCloud Calendar';
const DAY = 86_400_000;
/** How far ahead a changed series is looked at for its next occurrence. */
const SERIES_HORIZON = 366 * DAY;
/** At most this many truncated (507) pages of one collection in one sync; a server that never ends is a protocol failure. */
const MAX_PAGES = 50;
/** Hrefs per calendar-multiget. */
const MULTIGET_BATCH = 100;

/**
 * The cursor: per calendar collection (absolute URL) its sync token and name, and when the
 * list of calendars was last read. Small JSON in `feed_subscriptions.cursor`.
 */
const ZCursor = z.object({
  v: z.literal(1),
  listedAt: z.number(),
  calendars: z.record(z.string(), z.object({ token: z.string(), name: z.string() })),
});
type Cursor = z.infer<typeof ZCursor>;

/** A sync token as tsdav's XML reader hands it (it turns digits into numbers). */
const ZToken = z.union([z.string(), z.number()]).transform(String);

const ZResourceType = z.record(z.string(), z.unknown()).optional();
const ZComp = z.object({ _attributes: z.object({ name: z.string() }) });

function protocol(what: string, cause: unknown = null): ProviderError {
  return new ProviderError('protocol', `${SERVICE} answered ${what} we cannot read`, { cause });
}

/** A 4xx the sync does not expect, worded by DavSessions like any other call's. */
function statusFailure(status: number, url: string): DavFailure {
  return new DavFailure('status', `HTTP ${status} from ${new URL(url).host}`, status);
}

/** An answer that is no multistatus: a 4xx as such, anything else unreadable. */
function notMultistatus(response: DAVResponse | undefined, url: string, what: string): Error {
  const status = response?.status ?? 0;
  return status >= 400 ? statusFailure(status, url) : protocol(what);
}

/** The path of a URL or href, so the server's spelling (`%40` or `@`) and ours compare equal. */
function samePath(a: string, b: string): boolean {
  const path = (href: string) => {
    try {
      return decodeURIComponent(new URL(href, 'http://x/').pathname).replace(/\/+$/, '');
    } catch {
      return href;
    }
  };
  return path(a) === path(b);
}

/**
 * Apple's (any CalDAV server's) change feed: no push exists, so it is polled with
 * `sync-collection` (RFC 6578) per calendar, from the sync tokens in the cursor. Nothing changed
 * costs one REPORT per calendar, answered by a multistatus that holds only the same token;
 * changed objects are read with one `calendar-multiget` per calendar and reported through the
 * calendar adapter's own iCalendar reading, deleted ones (404 in the sync answer) as cancelled.
 * A token the server refuses (403/409 with DAV:valid-sync-token), or a calendar that is gone,
 * is a CursorExpiredError: the module then syncs from null, which reads the calendar list and
 * takes each calendar's current token.
 */
export class CaldavFeedAdapter implements FeedAdapter {
  readonly push = false;
  private readonly sessions: DavSessions;
  private readonly relistMs: number;
  private readonly now: () => Date;

  constructor(options: CaldavFeedOptions) {
    this.sessions = new DavSessions(options, SERVICE);
    this.relistMs = options.relistMs ?? DAY;
    this.now = options.now ?? (() => new Date());
  }

  async subscribe(
    account: WorkspaceAccount,
    resource: FeedResource,
    input: SubscribeInput,
  ): Promise<Subscribed> {
    return this.start(account, resource, input.cursor);
  }

  async renew(account: WorkspaceAccount, resource: FeedResource, input: SubscribeInput): Promise<Subscribed> {
    return this.start(account, resource, input.cursor);
  }

  /** Nothing to stop: the server was never told about us. */
  async unsubscribe(
    _account: WorkspaceAccount,
    _resource: FeedResource,
    _state: FeedSubscriptionState,
  ): Promise<void> {}

  async sync(
    account: WorkspaceAccount,
    resource: FeedResource,
    cursor: string | null,
  ): Promise<{ changes: FeedChange[]; cursor: string }> {
    this.checkResource(resource);
    if (cursor === null) {
      const fresh = await this.sessions.run(account, (session) => this.position(session), {
        failOnClientError: false,
      });
      return { changes: [{ kind: 'resynced', resource }], cursor: JSON.stringify(fresh) };
    }
    const parsed = ZCursor.safeParse(safeJson(cursor));
    if (!parsed.success) throw new CursorExpiredError('not a CalDAV sync cursor');
    const result = await this.sessions.run(
      account,
      (session) => this.changesSince(account, session, parsed.data),
      {
        failOnClientError: false,
      },
    );
    if (result === 'expired') throw new CursorExpiredError(`${SERVICE} refused a sync token`);
    return { changes: result.changes, cursor: JSON.stringify(result.cursor) };
  }

  private async start(
    account: WorkspaceAccount,
    resource: FeedResource,
    cursor: string | null,
  ): Promise<Subscribed> {
    this.checkResource(resource);
    const position = cursor ?? (await this.sync(account, resource, null)).cursor;
    return { externalId: null, expiresAt: null, cursor: position };
  }

  private checkResource(resource: FeedResource): void {
    // A programming error: Apple connects calendars and contacts, never mail.
    if (resource !== 'calendar') throw new Error(`${SERVICE} has no ${resource} feed`);
  }

  /** Every event calendar's current token: a PROPFIND of the home (a sync from nothing for a server that does not list the token). */
  private async position(session: DavSession): Promise<Cursor> {
    const calendars: Cursor['calendars'] = {};
    for (const calendar of await this.calendars(session)) {
      const token = calendar.token ?? (await this.syncCollection(session, calendar.url, '')).token;
      if (token === 'expired') throw protocol('a refusal of an empty sync token');
      calendars[calendar.url] = { token, name: calendar.name };
    }
    return { v: 1, listedAt: this.now().getTime(), calendars };
  }

  private async changesSince(
    account: WorkspaceAccount,
    session: DavSession,
    cursor: Cursor,
  ): Promise<{ changes: FeedChange[]; cursor: Cursor } | 'expired'> {
    const changes: FeedChange[] = [];
    const next: Cursor = { v: 1, listedAt: cursor.listedAt, calendars: {} };
    const due = this.now().getTime() - cursor.listedAt >= this.relistMs;
    if (due) {
      // Once a day (not on every poll): a calendar added or removed since. A new one starts at
      // its current token; either way whoever derives state from the calendars reconciles.
      const listed = await this.calendars(session);
      const known = Object.keys(cursor.calendars);
      const same =
        listed.length === known.length && listed.every((c) => known.some((url) => samePath(url, c.url)));
      if (!same) return 'expired';
      next.listedAt = this.now().getTime();
    }
    for (const [url, { token, name }] of Object.entries(cursor.calendars)) {
      const answer = await this.syncCollection(session, url, token);
      if (answer.token === 'expired') return 'expired';
      next.calendars[url] = { token: answer.token, name };
      if (answer.changed.length === 0 && answer.removed.length === 0) continue;
      const calendar: CalendarRef = { url, name };
      for (const href of answer.removed) {
        changes.push({
          kind: 'event.cancelled',
          eventId: encodeEventId({ url: this.objectUrl(url, href), recurrenceId: null }),
        });
      }
      changes.push(...(await this.read(account, session, calendar, answer.changed)));
    }
    return { changes, cursor: next };
  }

  /**
   * One collection's changes since `token` (empty: from nothing), every truncated page (507 on
   * the collection itself) followed. 'expired': the server refused the token, or the collection is gone.
   */
  private async syncCollection(
    session: DavSession,
    url: string,
    token: string,
  ): Promise<{ token: string | 'expired'; changed: string[]; removed: string[] }> {
    const { davRequest } = await import('tsdav');
    const changed = new Set<string>();
    const removed = new Set<string>();
    let current = token;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const answer = await davRequest({
        url,
        init: {
          method: 'REPORT',
          namespace: 'd',
          headers: { ...session.headers, depth: '0' },
          body: {
            'sync-collection': {
              _attributes: { 'xmlns:d': 'DAV:' },
              'sync-token': current,
              'sync-level': 1,
              prop: { getetag: {} },
            },
          },
        },
        fetch: session.fetch,
      });
      const first = answer[0];
      const multistatus = multistatusOf(first);
      if (!first || !multistatus) {
        const status = first?.status ?? 0;
        if ((status === 403 || status === 409) && namesValidSyncToken(first?.raw)) {
          return { token: 'expired', changed: [], removed: [] };
        }
        // A calendar deleted since the last poll: the list is read again.
        if (status === 404 || status === 410) return { token: 'expired', changed: [], removed: [] };
        if (status >= 400) throw statusFailure(status, url);
        throw protocol('a sync report');
      }
      const parsed = ZToken.safeParse(multistatus.syncToken);
      if (!parsed.success) throw protocol('a sync report without a sync token', parsed.error);
      current = parsed.data;
      let truncated = false;
      for (const response of answer) {
        if (!response.href) continue;
        if (samePath(response.href, url)) {
          truncated ||= response.status === 507;
          continue;
        }
        if (response.status === 404) {
          changed.delete(response.href);
          removed.add(response.href);
        } else {
          removed.delete(response.href);
          changed.add(response.href);
        }
      }
      if (!truncated) return { token: current, changed: [...changed], removed: [...removed] };
    }
    throw protocol('a sync report that never ends');
  }

  /** The changed objects' data, by calendar-multiget, reported as changes. */
  private async read(
    account: WorkspaceAccount,
    session: DavSession,
    calendar: CalendarRef,
    hrefs: string[],
  ): Promise<FeedChange[]> {
    const { davRequest } = await import('tsdav');
    const changes: FeedChange[] = [];
    for (let at = 0; at < hrefs.length; at += MULTIGET_BATCH) {
      const batch = hrefs.slice(at, at + MULTIGET_BATCH);
      const answer: DAVResponse[] = await davRequest({
        url: calendar.url,
        init: {
          method: 'REPORT',
          namespace: 'd',
          headers: { ...session.headers, depth: '1' },
          body: {
            'c:calendar-multiget': {
              _attributes: { 'xmlns:d': 'DAV:', 'xmlns:c': 'urn:ietf:params:xml:ns:caldav' },
              prop: { getetag: {}, 'c:calendar-data': {} },
              href: batch,
            },
          },
        },
        fetch: session.fetch,
      });
      // The report itself refused (not one object of it): no multistatus came back.
      const first = answer[0];
      if (!multistatusOf(first)) throw notMultistatus(first, calendar.url, 'a calendar multiget');
      const seen = new Set<string>();
      for (const response of answer) {
        if (!response.href) continue;
        const href = batch.find((asked) => samePath(asked, response.href!)) ?? response.href;
        seen.add(href);
        const url = this.objectUrl(calendar.url, href);
        const data = ZXmlText.safeParse(response.props?.calendarData);
        if (response.status === 404 || !data.success) {
          // Deleted between the two reports (or no data at all): it is not there now.
          if (response.status === 404)
            changes.push({ kind: 'event.cancelled', eventId: encodeEventId({ url, recurrenceId: null }) });
          else
            changes.push({
              kind: 'event.changed',
              eventId: encodeEventId({ url, recurrenceId: null }),
              event: null,
            });
          continue;
        }
        changes.push(this.changeOf(account, calendar, url, data.data));
      }
      for (const href of batch) {
        if (seen.has(href)) continue;
        changes.push({
          kind: 'event.cancelled',
          eventId: encodeEventId({ url: this.objectUrl(calendar.url, href), recurrenceId: null }),
        });
      }
    }
    return changes;
  }

  /**
   * One changed object as a change: a single event as it now stands (cancelled when its STATUS
   * says so); a series under its master's id, with its first occurrence ahead (null when none is
   * within a year). An object we cannot read is changed with no event, not a failed sync.
   */
  private changeOf(account: WorkspaceAccount, calendar: CalendarRef, url: string, text: string): FeedChange {
    const eventId = encodeEventId({ url, recurrenceId: null });
    const options = { floatingZone: account.timeZone };
    try {
      let master: IcalOccurrence | null = null;
      try {
        master = describeCalendarEvent(text, null, options);
      } catch (error) {
        // An object holding only overrides (an invitation to one occurrence) has no master.
        if (!isProviderError(error, 'not_found')) throw error;
      }
      if (master?.cancelled) return { kind: 'event.cancelled', eventId };
      if (master && !master.recurring) {
        return { kind: 'event.changed', eventId, event: caldavEvent(account, calendar, url, master) };
      }
      const from = this.now().getTime();
      const ahead = expandCalendarObject(text, { from, to: from + SERIES_HORIZON }, options)
        .filter((occurrence) => !occurrence.cancelled)
        .sort((a, b) => a.startMs - b.startMs)[0];
      return {
        kind: 'event.changed',
        eventId,
        event: ahead ? caldavEvent(account, calendar, url, ahead) : null,
      };
    } catch {
      return { kind: 'event.changed', eventId, event: null };
    }
  }

  /** The account's event calendars with their names and, where the server lists it, their sync token. */
  private async calendars(session: DavSession): Promise<(CalendarRef & { token: string | null })[]> {
    const { propfind } = await import('tsdav');
    const answer = await propfind({
      url: session.calendarHome,
      props: {
        'd:resourcetype': {},
        'd:displayname': {},
        'c:supported-calendar-component-set': {},
        'd:sync-token': {},
      },
      depth: '1',
      headers: session.headers,
      fetch: session.fetch,
    });
    if (!multistatusOf(answer[0])) throw notMultistatus(answer[0], session.calendarHome, 'a calendar list');
    const found: (CalendarRef & { token: string | null })[] = [];
    for (const response of answer) {
      if (!response.href || !response.ok) continue;
      const props = (response.props ?? {}) as Record<string, unknown>;
      const types = ZResourceType.safeParse(props.resourcetype);
      if (!types.success || !types.data || !('calendar' in types.data)) continue;
      const comps = z
        .union([ZComp, z.array(ZComp)])
        .optional()
        .safeParse((props.supportedCalendarComponentSet as { comp?: unknown } | undefined)?.comp);
      const names = comps.success && comps.data ? [comps.data].flat().map((c) => c._attributes.name) : [];
      if (names.length > 0 && !names.includes('VEVENT')) continue;
      const url = new URL(response.href, withSlash(session.calendarHome)).href;
      const token = ZToken.safeParse(props.syncToken);
      found.push({
        url: withSlash(url),
        name: nameOf(url, props.displayname),
        token: token.success && token.data ? token.data : null,
      });
    }
    return found;
  }

  private objectUrl(calendarUrl: string, href: string): string {
    return new URL(href, withSlash(calendarUrl)).href;
  }
}

/** The multistatus body tsdav read, when the answer was one (an error answer is not). */
function multistatusOf(response: DAVResponse | undefined): { syncToken?: unknown } | null {
  const multistatus = (response?.raw as { multistatus?: unknown } | undefined)?.multistatus;
  return multistatus && typeof multistatus === 'object' ? multistatus : null;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** Whether an error body names the DAV:valid-sync-token precondition (RFC 6578 §3.2). */
function namesValidSyncToken(raw: unknown): boolean {
  const text = typeof raw === 'string' ? raw : JSON.stringify(raw ?? '');
  return /valid-?sync-?token/i.test(text);
}
