import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CaldavCalendarAdapter } from '../src/providers/calendar/caldav-calendar';
import { CaldavFeedAdapter } from '../src/providers/change-feed/caldav-feed';
import { CursorExpiredError } from '../src/providers/change-feed/feed-adapter';
import { TsdavIcloud } from '../src/providers/icloud/tsdav';
import type { WorkspaceAccount } from '../src/providers/workspace/account';
import { type DavAccount, type Radicale, radicaleInstalled, startRadicale } from './helpers/radicale';

const ics = (uid: string, summary: string, start: string) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//test//EN',
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20261101T000000Z',
    `DTSTART:${start}`,
    'DURATION:PT1H',
    `SUMMARY:${summary}`,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');

describe.skipIf(!radicaleInstalled)('Apple change feed: sync-collection against a real Radicale', () => {
  let radicale: Radicale;
  let dav: DavAccount;
  let person: WorkspaceAccount;
  let feed: CaldavFeedAdapter;
  let calendar: CaldavCalendarAdapter;
  const requests: string[] = [];

  beforeAll(async () => {
    radicale = await startRadicale();
    const servers = { caldavUrl: radicale.url, carddavUrl: radicale.url, timeoutMs: 5000 };
    dav = await radicale.newAccount();
    const found = await new TsdavIcloud(servers).discover({ appleId: dav.user, password: dav.password });
    person = {
      connectionId: 'conn-apple',
      provider: 'apple',
      email: dav.user,
      access: { kind: 'dav', appleId: dav.user, password: dav.password, homes: found.homes },
      timeZone: 'UTC',
      language: 'en',
    };
    feed = new CaldavFeedAdapter(servers);
    calendar = new CaldavCalendarAdapter(servers);
    // Every request the adapters send, as method and path.
    const real = globalThis.fetch;
    vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      requests.push(`${init?.method ?? 'GET'} ${new URL(url).pathname}`);
      return real(input, init);
    });
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await radicale?.stop();
  });

  const counted = async <T>(work: () => Promise<T>): Promise<{ value: T; requests: string[] }> => {
    requests.length = 0;
    const value = await work();
    return { value, requests: [...requests] };
  };

  it('sees an event added, changed and deleted; nothing changed costs one REPORT', async () => {
    const started = await feed.subscribe(person, 'calendar', {
      channelId: 'ch',
      externalId: null,
      cursor: null,
      callbackUrl: 'http://unused',
      secret: 's',
    });
    expect(started).toMatchObject({ externalId: null, expiresAt: null });
    let cursor = started.cursor;

    const idle = await counted(() => feed.sync(person, 'calendar', cursor));
    expect(idle.value).toEqual({ changes: [], cursor });
    expect(idle.requests).toEqual([`REPORT /${encodeURIComponent(dav.user)}/calendar/`]);

    await dav.putEvent('lunch.ics', ics('lunch', 'Lunch with Sam', '20261210T120000Z'));
    const added = await feed.sync(person, 'calendar', cursor);
    const listed = await calendar.listEvents(person, {
      from: '2026-12-01T00:00:00.000Z',
      to: '2027-01-01T00:00:00.000Z',
      limit: 10,
    });
    expect(added.changes).toEqual([{ kind: 'event.changed', eventId: listed[0]!.id, event: listed[0] }]);
    cursor = added.cursor;

    await dav.putEvent('lunch.ics', ics('lunch', 'Lunch with Sam', '20261210T130000Z'));
    const moved = await feed.sync(person, 'calendar', cursor);
    expect(moved.changes).toMatchObject([
      { kind: 'event.changed', eventId: listed[0]!.id, event: { start: '2026-12-10T13:00:00.000Z' } },
    ]);
    cursor = moved.cursor;

    const removed = await fetch(`${radicale.url}/${encodeURIComponent(dav.user)}/calendar/lunch.ics`, {
      method: 'DELETE',
      headers: { authorization: `Basic ${Buffer.from(`${dav.user}:${dav.password}`).toString('base64')}` },
    });
    expect(removed.status).toBeLessThan(300);
    const cancelled = await feed.sync(person, 'calendar', cursor);
    expect(cancelled.changes).toEqual([{ kind: 'event.cancelled', eventId: listed[0]!.id }]);
  });

  it('refuses a token the server does not know (CursorExpiredError), and a full resync starts afresh', async () => {
    const good = JSON.parse((await feed.sync(person, 'calendar', null)).cursor);
    const url = Object.keys(good.calendars)[0]!;
    good.calendars[url].token = `http://radicale.org/ns/sync/${'0'.repeat(64)}`;
    await expect(feed.sync(person, 'calendar', JSON.stringify(good))).rejects.toBeInstanceOf(
      CursorExpiredError,
    );
    const full = await feed.sync(person, 'calendar', null);
    expect(full.changes).toEqual([{ kind: 'resynced', resource: 'calendar' }]);
    expect((await feed.sync(person, 'calendar', full.cursor)).changes).toEqual([]);
  });
});
