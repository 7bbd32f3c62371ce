import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decodeEventId } from '../src/providers/calendar/google-event-id';
import { CursorExpiredError } from '../src/providers/change-feed/feed-adapter';
import { GoogleFeedAdapter } from '../src/providers/change-feed/google-feed';
import {
  type CalendarNotice,
  calendarChannelId,
  type GmailNotice,
  googleKeys,
  verifyCalendarNotice,
  verifyGmailPush,
} from '../src/providers/change-feed/google-push';
import type { WorkspaceAccount } from '../src/providers/workspace/account';
import { type FakeCalendar, type FakeMessage, GoogleFake, TOKENS } from './helpers/google-fake';

/**
 * Google push (issue 31) against the loopback Google: Calendar channels (watch, the 'sync'
 * handshake, notifications, channels.stop, events.list with syncToken and its 410) and Gmail's
 * Pub/Sub push (users.watch, an OIDC-signed push, history.list and its 404), checked by a small
 * receiver that answers the way the hook routes do with the same verification functions.
 */

const fake = new GoogleFake();
const TOPIC = 'projects/assistant-test/topics/gmail-push';
const AUDIENCE = 'https://assistant.example.com/v1/hooks/google/gmail';
const PUSHER = 'gmail-push@assistant-test.iam.gserviceaccount.com';
const SECRET = 'channel-secret-0123456789abcdef';

/** What a receiver got: each notification's verdict, in order. */
const calendarSeen: CalendarNotice[] = [];
const gmailSeen: GmailNotice[] = [];
let receiver: Server;
let receiverUrl = '';
/** The subscription the receiver checks Calendar notifications against. */
let channel = { secret: SECRET, externalId: null as string | null, channelId: 'chan-1' };

beforeAll(async () => {
  await fake.start();
  const keys = googleKeys(fake.jwksUrl);
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        if (req.url === '/calendar') {
          if (calendarChannelId(req.headers as IncomingHttpHeaders) !== channel.channelId) {
            res.writeHead(404).end();
            return;
          }
          const verdict = verifyCalendarNotice(req.headers, channel);
          calendarSeen.push(verdict);
          res.writeHead(verdict.ok ? 200 : verdict.reason === 'forged' ? 403 : 400).end();
          return;
        }
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null') as unknown;
        const verdict = await verifyGmailPush(req.headers.authorization, body, {
          audience: AUDIENCE,
          serviceAccount: PUSHER,
          keys,
        });
        gmailSeen.push(verdict);
        res.writeHead(verdict.ok ? 204 : verdict.reason === 'unauthenticated' ? 401 : 403).end();
      })();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await fake.stop();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

const me: WorkspaceAccount = {
  connectionId: 'conn-google-1',
  provider: 'google',
  email: 'Ada@Example.com',
  access: { kind: 'oauth', accessToken: TOKENS.first },
  timeZone: 'Europe/Berlin',
  language: 'en',
};

const PRIMARY: FakeCalendar = {
  id: 'ada@example.com',
  summary: 'Ada',
  timeZone: 'Europe/Berlin',
  accessRole: 'owner',
  primary: true,
};

const adapter = () =>
  new GoogleFeedAdapter({
    calendarUrl: fake.calendarUrl,
    gmailUrl: fake.gmailUrl,
    timeoutMs: 2000,
    topic: TOPIC,
  });

function message(id: string, subject: string, labels: string[] = ['INBOX', 'UNREAD']): FakeMessage {
  return {
    id,
    threadId: id,
    labelIds: labels,
    snippet: 'See you',
    internalDate: String(Date.parse('2026-11-28T09:00:00Z')),
    payload: {
      mimeType: 'text/plain',
      headers: [
        { name: 'From', value: 'Sam <sam@example.com>' },
        { name: 'To', value: 'ada@example.com' },
        { name: 'Subject', value: subject },
        { name: 'Date', value: 'Sat, 28 Nov 2026 09:00:00 +0000' },
      ],
      body: { size: 7, data: Buffer.from('See you').toString('base64url') },
    },
  };
}

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 100 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
}

beforeEach(() => {
  fake.calendars.splice(0, fake.calendars.length, { ...PRIMARY });
  fake.events.clear();
  calendarSeen.length = 0;
  gmailSeen.length = 0;
});

describe('Google Calendar push', () => {
  it('watches primary, acknowledges the sync handshake, and a change reaches the sync as a record', async () => {
    const feed = adapter();
    fake.putEvent(PRIMARY.id, {
      id: 'old1',
      summary: 'Before we watched',
      start: { dateTime: '2026-12-01T09:00:00Z' },
      end: { dateTime: '2026-12-01T10:00:00Z' },
    });
    const subscribed = await feed.subscribe(me, 'calendar', {
      channelId: 'chan-1',
      externalId: null,
      cursor: null,
      callbackUrl: `${receiverUrl}/calendar`,
      secret: SECRET,
    });
    const watch = fake.requestsTo('calendar').find((request) => request.path.endsWith('/events/watch'));
    expect(watch?.body).toEqual({
      id: 'chan-1',
      type: 'web_hook',
      address: `${receiverUrl}/calendar`,
      token: SECRET,
      params: { ttl: '604800' },
    });
    expect(subscribed.externalId).toMatch(/^res-/);
    expect(Date.parse(subscribed.expiresAt ?? '')).toBeGreaterThan(Date.now() + 6 * 86400_000);
    channel = { ...channel, externalId: subscribed.externalId };

    await until(() => calendarSeen.length === 1);
    expect(calendarSeen[0]).toMatchObject({ ok: true, handshake: true, state: 'sync' });

    // The initial full sync gave only a cursor: nothing from before is reported as new.
    expect((await feed.sync(me, 'calendar', subscribed.cursor)).changes).toEqual([]);

    fake.putEvent(PRIMARY.id, {
      id: 'new1',
      summary: 'Lunch with Sam',
      start: { dateTime: '2026-12-02T12:00:00Z', timeZone: 'Europe/Berlin' },
      end: { dateTime: '2026-12-02T13:00:00Z', timeZone: 'Europe/Berlin' },
    });
    fake.removeEvent(PRIMARY.id, 'old1');
    expect(await fake.notifyCalendar(PRIMARY.id)).toEqual([200]);
    expect(calendarSeen[1]).toMatchObject({ ok: true, handshake: false, marker: 'chan-1:2' });

    const synced = await feed.sync(me, 'calendar', subscribed.cursor);
    expect(synced.changes).toHaveLength(2);
    const [changed, cancelled] = synced.changes;
    expect(changed).toMatchObject({
      kind: 'event.changed',
      event: { title: 'Lunch with Sam', start: '2026-12-02T12:00:00.000Z' },
    });
    expect(changed?.kind === 'event.changed' && decodeEventId(changed.eventId)).toEqual({
      calendarId: PRIMARY.id,
      eventId: 'new1',
    });
    expect(cancelled).toMatchObject({ kind: 'event.cancelled' });
    expect(cancelled?.kind === 'event.cancelled' && decodeEventId(cancelled.eventId).eventId).toBe('old1');

    // Syncing from the newer cursor again finds nothing; the same notice twice syncs the same nothing.
    expect((await feed.sync(me, 'calendar', synced.cursor)).changes).toEqual([]);
    expect((await feed.sync(me, 'calendar', synced.cursor)).changes).toEqual([]);
  });

  it('follows every page of an incremental sync', async () => {
    const feed = adapter();
    const { cursor } = await feed.sync(me, 'calendar', null);
    for (let i = 0; i < 5; i += 1)
      fake.putEvent(PRIMARY.id, {
        id: `p${i}`,
        summary: `Event ${i}`,
        start: { date: `2026-12-0${String(i + 1)}` },
        end: { date: `2026-12-0${String(i + 2)}` },
      });
    const synced = await feed.sync(me, 'calendar', cursor);
    expect(synced.changes.map((change) => change.kind === 'event.changed' && change.event?.title)).toEqual([
      'Event 0',
      'Event 1',
      'Event 2',
      'Event 3',
      'Event 4',
    ]);
    expect(
      fake.requestsTo('calendar').filter((request) => request.query.has('pageToken')).length,
    ).toBeGreaterThan(0);
  });

  it('a sync token Google answers 410 for is a CursorExpiredError, and a full sync takes its place', async () => {
    const feed = adapter();
    const { cursor } = await feed.sync(me, 'calendar', null);
    fake.expireSyncTokens();
    await expect(feed.sync(me, 'calendar', cursor)).rejects.toBeInstanceOf(CursorExpiredError);
    const full = await feed.sync(me, 'calendar', null);
    expect(full.changes).toEqual([{ kind: 'resynced', resource: 'calendar' }]);
    expect((await feed.sync(me, 'calendar', full.cursor)).changes).toEqual([]);
  });

  it('refuses a notification with a wrong token or a foreign resource id; nothing counts as ok', async () => {
    const feed = adapter();
    // The handshake may arrive before subscribe returns: the receiver knows the channel by then.
    channel = { secret: SECRET, channelId: 'chan-forged', externalId: null };
    const subscribed = await feed.subscribe(me, 'calendar', {
      channelId: 'chan-forged',
      externalId: null,
      cursor: null,
      callbackUrl: `${receiverUrl}/calendar`,
      secret: SECRET,
    });
    channel = { ...channel, channelId: 'chan-forged', externalId: subscribed.externalId };
    await until(() => calendarSeen.length === 1);
    const live = fake.channels.get('chan-forged')!;
    expect(await fake.notifyChannel(live, 'exists', { 'x-goog-channel-token': 'guessed' })).toBe(403);
    expect(await fake.notifyChannel(live, 'exists', { 'x-goog-resource-id': 'res-someone-else' })).toBe(403);
    expect(await fake.notifyChannel(live, 'exists', { 'x-goog-channel-id': 'chan-unknown' })).toBe(404);
    expect(calendarSeen.slice(1)).toEqual([
      { ok: false, reason: 'forged' },
      { ok: false, reason: 'forged' },
    ]);
    await feed.unsubscribe(me, 'calendar', {
      channelId: 'chan-forged',
      externalId: subscribed.externalId,
      cursor: null,
    });
  });

  it('a lapsing channel is renewed (the old one stopped, a new one under the same id), and a disconnect stops it', async () => {
    const feed = adapter();
    const input = {
      channelId: 'chan-renew',
      externalId: null,
      cursor: null,
      callbackUrl: `${receiverUrl}/calendar`,
      secret: SECRET,
    };
    const first = await feed.subscribe(me, 'calendar', input);
    // Google refuses a second live channel under one id, so a renewal must stop the old one first.
    const renewed = await feed.renew(me, 'calendar', {
      ...input,
      externalId: first.externalId,
      cursor: first.cursor,
    });
    expect(renewed.externalId).not.toBe(first.externalId);
    expect(renewed.cursor).toBe(first.cursor);
    expect(fake.channels.get('chan-renew')?.resourceId).toBe(renewed.externalId);
    expect(fake.liveChannels().filter((live) => live.id === 'chan-renew')).toHaveLength(1);

    await feed.unsubscribe(me, 'calendar', {
      channelId: 'chan-renew',
      externalId: renewed.externalId,
      cursor: null,
    });
    expect(fake.liveChannels().filter((live) => live.id === 'chan-renew')).toEqual([]);
    const stop = fake
      .requestsTo('calendar')
      .filter((request) => request.path === '/channels/stop')
      .at(-1);
    expect(stop?.body).toEqual({ id: 'chan-renew', resourceId: renewed.externalId });
    // Stopping a channel already gone is fine.
    await feed.unsubscribe(me, 'calendar', {
      channelId: 'chan-renew',
      externalId: renewed.externalId,
      cursor: null,
    });
  });
});

describe('Gmail push through Pub/Sub', () => {
  const good = { audience: AUDIENCE, email: PUSHER };

  it('watches INBOX on the topic, verifies a signed push, and syncs the added message as a summary', async () => {
    const feed = adapter();
    const subscribed = await feed.subscribe(me, 'mail', {
      channelId: 'gmail-1',
      externalId: null,
      cursor: null,
      callbackUrl: `${receiverUrl}/gmail`,
      secret: 'unused',
    });
    expect(fake.gmailWatch).toEqual({
      topicName: TOPIC,
      labelIds: ['INBOX'],
      labelFilterBehavior: 'include',
    });
    expect(subscribed).toMatchObject({ externalId: 'ada@example.com', cursor: String(fake.historyId) });

    fake.deliver(message('a1', 'Dinner on Friday?'));
    fake.deliver(message('a2', 'Invoice', ['SPAM']));
    const pushed = await fake.pushGmail(`${receiverUrl}/gmail`, good);
    expect(pushed.status).toBe(204);
    expect(gmailSeen[0]).toEqual({
      ok: true,
      emailAddress: 'ada@example.com',
      historyId: String(fake.historyId),
      marker: `pubsub:${pushed.messageId}`,
    });

    const synced = await feed.sync(me, 'mail', subscribed.cursor);
    expect(synced.changes).toEqual([
      {
        kind: 'mail.arrived',
        message: expect.objectContaining({
          id: 'a1',
          connectionId: 'conn-google-1',
          subject: 'Dinner on Friday?',
          from: expect.objectContaining({ email: 'sam@example.com' }),
          unread: true,
        }),
      },
    ]);
    const history = fake.requestsTo('gmail').find((request) => request.path === '/users/me/history');
    expect(Object.fromEntries(history?.query ?? [])).toMatchObject({
      startHistoryId: subscribed.cursor,
      historyTypes: 'messageAdded',
      labelId: 'INBOX',
    });
    // A redelivery and an older notification change nothing: the cursor only moves forward.
    expect((await feed.sync(me, 'mail', synced.cursor)).changes).toEqual([]);

    await feed.unsubscribe(me, 'mail', { channelId: 'gmail-1', externalId: 'ada@example.com', cursor: null });
    expect(fake.gmailWatch).toBeNull();
  });

  it('refuses a push unsigned, signed by another key, for another audience, from another account, or unverified', async () => {
    const address = `${receiverUrl}/gmail`;
    expect((await fake.pushGmail(address, { ...good, unsigned: true })).status).toBe(401);
    expect((await fake.pushGmail(address, { ...good, foreignKey: true })).status).toBe(403);
    expect(
      (await fake.pushGmail(address, { ...good, audience: 'https://elsewhere.example.com' })).status,
    ).toBe(403);
    expect((await fake.pushGmail(address, { ...good, email: 'intruder@evil.example' })).status).toBe(403);
    expect((await fake.pushGmail(address, { ...good, emailVerified: false })).status).toBe(403);
    expect((await fake.pushGmail(address, { ...good, issuer: 'https://evil.example' })).status).toBe(403);
    expect(gmailSeen.every((verdict) => !verdict.ok)).toBe(true);
    // The plain issuer spelling Google also uses is accepted.
    expect((await fake.pushGmail(address, { ...good, issuer: 'accounts.google.com' })).status).toBe(204);
  });

  it('a history id Gmail no longer keeps (404) is a CursorExpiredError; the full sync starts from the profile', async () => {
    const feed = adapter();
    fake.historyFloor = fake.historyId + 1;
    await expect(feed.sync(me, 'mail', String(fake.historyId - 3))).rejects.toBeInstanceOf(
      CursorExpiredError,
    );
    fake.historyFloor = 0;
    expect(await feed.sync(me, 'mail', null)).toEqual({
      changes: [{ kind: 'resynced', resource: 'mail' }],
      cursor: String(fake.historyId),
    });
  });
});
