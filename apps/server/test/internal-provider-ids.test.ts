import { MAX_PROVIDER_ID_LENGTH } from '@app/contract/internal/workspace';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids';
import { appleSettings } from '../src/modules/connections/apple-settings';
import { sealToken } from '../src/modules/connections/sealed-tokens';
import { signIn } from './helpers/auth';
import { build } from './helpers/build';
import { issuerOwner } from './helpers/calendar-fakes';
import { FakeDav } from './helpers/fake-dav';
import { GoogleFake } from './helpers/google-fake';
import { type FakeEvent, type FakeMessage, GraphFake } from './helpers/graph-fake';
import { authorize } from './helpers/oauth-flow';
import { freePort } from './helpers/process';

/**
 * Provider ids as long as the providers make them, through the internal API (issue 29, 16):
 * Microsoft Graph's ids are 150 to 200+ characters of base64 and a CalDAV event's id carries its
 * object's URL, while Fastify's router refused any path parameter over 100 characters. The
 * workspace's real adapters talk to a loopback Graph and a loopback iCloud.
 */
const KEY = 'provider-ids-test-key-0123456789-abcdefghijk';
let app: FastifyInstance;
let close: () => Promise<void>;
let base = '';
const graph = new GraphFake();
const google = new GoogleFake();
const dav = new FakeDav();

beforeAll(async () => {
  await graph.start();
  await google.start();
  await dav.start();
  // Graph takes the tokens the app's local Microsoft issuer gave.
  graph.acceptsToken = async (token) => (await issuerOwner(base, 'microsoft')(token)) !== null;
  google.acceptsToken = async (token) => (await issuerOwner(base, 'google')(token)) !== null;
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  ({ app, close } = await build({
    PUBLIC_URL: base,
    ASSISTANT_API_KEY: KEY,
    MICROSOFT_GRAPH_URL: `${graph.url}/`,
    GOOGLE_CALENDAR_API_URL: google.calendarUrl,
    APPLE_CALDAV_URL: dav.url,
    APPLE_CARDDAV_URL: dav.url,
  }));
  await app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await close();
  await graph.stop();
  await google.stop();
  await dav.stop();
});

const call = (method: 'GET' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
  app.inject({
    method,
    url: `/v1/internal/users${url}`,
    headers: { authorization: `Bearer ${KEY}` },
    ...(payload ? { payload } : {}),
  });

let counter = 0;
const phone = () => {
  counter += 1;
  return `+61413${String(Date.now() % 10_000).padStart(4, '0')}${String(counter).padStart(2, '0')}`;
};

// Ids in the shape Graph gives them (an EWS item id, base64 with Graph's '-' and '_').
const MAILBOX =
  'AAMkAGVmMDEzMTM4LTZmYWUtNDdkNC1hMDZiLTU1OGY5OTZhYmY4OABGAAAAAAAiQ8W967B7TKBjgx9rVEURBwAiIsqMbYjsT5e-T7KzowPTAAAAAAEMAAAiIsqMbYjsT5e-T7KzowPTAA';
const MESSAGE_ID = `${MAILBOX}AYbuK_AAA=`;
const REPLY_ID = `${MAILBOX}AYbuLAAAA=`;
const CONVERSATION_ID = 'AAQkAGVmMDEzMTM4LTZmYWUtNDdkNC1hMDZiLTU1OGY5OTZhYmY4OAAQAEm4s4-7S1ZMpw1y8TqT0-A=';
const EVENT_ID = `${MAILBOX.replace('AAAAAEMAAA', 'AAAAAENAAA')}AYbuK-AAA=`;
/** One occurrence of a series: the series' id with the occurrence's date folded in, longer still. */
const OCCURRENCE_ID = `${EVENT_ID.slice(0, -1)}ABEQAAQ2_6ZqgZ5vzRJz6xv-7hJ1CRCAAAAAAAAAAAA/EAAAAAAAAAAAA+AAAAAAAAAAA==`;

describe('Microsoft Graph ids', () => {
  let userId = '';
  let connectionId = '';

  beforeAll(async () => {
    const token = await signIn(app, phone());
    const connected = await authorize(
      base,
      'azure',
      { email: `long-ids-${Date.now()}@example.com` },
      { token },
    );
    expect(connected.params.get('success')).toBe('true');
    const me = (
      await app.inject({ method: 'GET', url: '/v1/auth/me', headers: { authorization: `Bearer ${token}` } })
    ).json();
    userId = me.user.id;
    connectionId = (await app.connectionsRepo.findForUser(userId, 'microsoft'))!.id;
  });

  beforeEach(() => {
    graph.calendars = [{ id: `${MAILBOX}AAAAAEGAAA=`, name: 'Calendar', isDefaultCalendar: true }];
    const utc = (dateTime: string) => ({ dateTime: `${dateTime}.0000000`, timeZone: 'UTC' });
    const event = (id: string, subject: string, day: string): FakeEvent => ({
      id,
      subject,
      isAllDay: false,
      isOrganizer: true,
      type: id === OCCURRENCE_ID ? 'occurrence' : 'singleInstance',
      start: utc(`${day}T09:00:00`),
      end: utc(`${day}T10:00:00`),
      originalStartTimeZone: 'UTC',
      organizer: { emailAddress: graph.owner },
    });
    graph.events = new Map([
      [
        graph.calendars[0]!.id,
        [event(EVENT_ID, 'Budget review', '2026-12-01'), event(OCCURRENCE_ID, 'Weekly sync', '2026-12-02')],
      ],
    ]);
    const message = (id: string, subject: string, received: string): FakeMessage => ({
      id,
      conversationId: CONVERSATION_ID,
      subject,
      from: { emailAddress: { address: 'grace@contoso.example', name: 'Grace Hopper' } },
      toRecipients: [{ emailAddress: graph.owner }],
      ccRecipients: [],
      bodyPreview: 'The figures are in',
      html: '<p>The figures are in.</p>',
      text: 'The figures are in.',
      receivedDateTime: received,
      isRead: false,
      hasAttachments: false,
    });
    graph.messages = [
      message(MESSAGE_ID, 'Quarterly report', '2026-11-18T09:00:00Z'),
      message(REPLY_ID, 'RE: Quarterly report', '2026-11-18T10:00:00Z'),
    ];
  });

  it('ids as long as Graph makes them', () => {
    expect(MESSAGE_ID.length).toBeGreaterThanOrEqual(150);
    expect(EVENT_ID.length).toBeGreaterThanOrEqual(150);
    expect(OCCURRENCE_ID.length).toBeGreaterThanOrEqual(200);
  });

  it('reads an Outlook mail and its thread by their ids', async () => {
    const read = await call(
      'GET',
      `/${userId}/mail/messages/${encodeURIComponent(MESSAGE_ID)}?connectionId=${connectionId}`,
    );
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().message).toMatchObject({
      id: MESSAGE_ID,
      threadId: CONVERSATION_ID,
      subject: 'Quarterly report',
      text: expect.stringContaining('The figures are in.'),
    });
    const thread = await call(
      'GET',
      `/${userId}/mail/threads/${encodeURIComponent(CONVERSATION_ID)}?connectionId=${connectionId}`,
    );
    expect(thread.statusCode, thread.body).toBe(200);
    expect(thread.json().thread.messages.map((m: { id: string }) => m.id)).toEqual([MESSAGE_ID, REPLY_ID]);
  });

  it.each([
    ['an event', EVENT_ID, 'Budget review'],
    ['one occurrence of a series', OCCURRENCE_ID, 'Weekly sync'],
  ])('changes and deletes %s by its id', async (_, id, title) => {
    const path = `/${userId}/calendar/events/${encodeURIComponent(id)}?connectionId=${connectionId}`;
    const changed = await call('PATCH', path, { title: `${title}, moved online`, sendUpdates: false });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().event).toMatchObject({ id, title: `${title}, moved online` });
    expect(graph.seen('PATCH', /^\/me\/events\//).map((r) => decodeURIComponent(r.path))).toContain(
      `/me/events/${id}`,
    );

    const deleted = await call('DELETE', `${path}&sendUpdates=false`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ success: true });
    const left = [...graph.events.values()].flat().map((event) => event.id);
    expect(left).not.toContain(id);
    expect(left).toHaveLength(1);
  });
});

describe('Google ids', () => {
  // A calendar shared with the person (Google names those by a long address), and one occurrence
  // of a weekly series in it: the workspace's id carries both, base64url.
  const SHARED = `c_${'3f9a1c7e5b2d4086'.repeat(4)}@group.calendar.google.com`;
  const OCCURRENCE = '7kq2m3h1v9c0d8e5f4g6a2b1c3_20261203T090000Z';

  it('changes and deletes one occurrence in a shared calendar by its id', async () => {
    const token = await signIn(app, phone());
    const email = `g-long-${Date.now()}@example.com`;
    const connected = await authorize(base, 'google', { email }, { token });
    expect(connected.params.get('success')).toBe('true');
    const me = (
      await app.inject({ method: 'GET', url: '/v1/auth/me', headers: { authorization: `Bearer ${token}` } })
    ).json();
    const userId = me.user.id as string;
    const connectionId = (await app.connectionsRepo.findForUser(userId, 'google'))!.id;
    google.calendars.push(
      { id: email, summary: email, timeZone: 'Europe/London', accessRole: 'owner', primary: true },
      { id: SHARED, summary: 'Team', timeZone: 'Europe/London', accessRole: 'writer' },
    );
    google.events.set(SHARED, [
      {
        id: OCCURRENCE,
        recurringEventId: OCCURRENCE.split('_')[0]!,
        summary: 'Team sync',
        start: { dateTime: '2026-12-03T09:00:00Z' },
        end: { dateTime: '2026-12-03T09:30:00Z' },
      },
    ]);
    const listed = await call(
      'GET',
      `/${userId}/calendar/events?from=2026-12-01T00:00:00Z&to=2026-12-08T00:00:00Z&connectionId=${connectionId}`,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    const event = listed.json().events.find((e: { title: string }) => e.title === 'Team sync');
    expect(event.id.length).toBeGreaterThan(150);

    const path = `/${userId}/calendar/events/${encodeURIComponent(event.id)}?connectionId=${connectionId}`;
    const changed = await call('PATCH', path, { title: 'Team sync (moved)', sendUpdates: false });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().event).toMatchObject({ id: event.id, title: 'Team sync (moved)' });
    expect(google.events.get(SHARED)![0]!.summary).toBe('Team sync (moved)');
    const deleted = await call('DELETE', `${path}&sendUpdates=false`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(google.events.get(SHARED)).toEqual([]);
  });
});

describe('Apple (CalDAV) ids', () => {
  let userId = '';
  let connectionId = '';

  beforeAll(async () => {
    const token = await signIn(app, phone());
    const me = (
      await app.inject({ method: 'GET', url: '/v1/auth/me', headers: { authorization: `Bearer ${token}` } })
    ).json();
    userId = me.user.id;
    connectionId = newId();
    const now = new Date().toISOString();
    // Stored as connecting would store it, its homes on the loopback iCloud.
    await app.connectionsRepo.insert({
      id: connectionId,
      user_id: userId,
      provider: 'apple',
      provider_account_id: dav.user,
      email: dav.user,
      name: dav.user,
      granted_scopes: 'calendar contacts',
      access_token: sealToken(app.secretBox, connectionId, 'access', dav.password),
      refresh_token: null,
      expires_at: null,
      status: 'connected',
      status_reason: null,
      settings: appleSettings(dav.homes(), [], []),
      created_at: now,
      updated_at: now,
    });
  });
  beforeEach(() => dav.reset());

  // An invitation from Outlook keeps its UID as the object's name on iCloud.
  const OUTLOOK_UID =
    '040000008200E00074C5B7101A82E00800000000A0D6C8E4B4DDDA01000000000000000010000000B7E2E1E5A4B1A44E8A6A7D5E0B4F1C2D';
  const invitation = (uid: string) =>
    [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN',
      'BEGIN:VEVENT',
      `UID:${uid}`,
      'DTSTAMP:20261101T000000Z',
      'DTSTART:20261203T090000Z',
      'DTEND:20261203T100000Z',
      'SUMMARY:Supplier call',
      'END:VEVENT',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
  const range = 'from=2026-12-01T00:00:00Z&to=2026-12-08T00:00:00Z';

  it('changes and deletes an event filed under a long object name', async () => {
    const objectPath = `${dav.calendarPath}${OUTLOOK_UID}.ics`;
    dav.put(objectPath, invitation(OUTLOOK_UID));
    const listed = await call('GET', `/${userId}/calendar/events?${range}&connectionId=${connectionId}`);
    expect(listed.statusCode, listed.body).toBe(200);
    const [event] = listed.json().events;
    expect(event).toMatchObject({ title: 'Supplier call', connectionId });
    expect(event.id.length).toBeGreaterThan(200);

    const path = `/${userId}/calendar/events/${encodeURIComponent(event.id)}?connectionId=${connectionId}`;
    const changed = await call('PATCH', path, { title: 'Supplier call (moved)', sendUpdates: false });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().event).toMatchObject({ id: event.id, title: 'Supplier call (moved)' });
    expect(dav.objects.get(objectPath)?.text).toContain('SUMMARY:Supplier call (moved)\r\n');

    const deleted = await call('DELETE', `${path}&sendUpdates=false`);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(dav.objects.has(objectPath)).toBe(false);
  });

  it('changes an event it created itself', async () => {
    const created = await app.inject({
      method: 'POST',
      url: `/v1/internal/users/${userId}/calendar/events`,
      headers: { authorization: `Bearer ${KEY}` },
      payload: {
        connectionId,
        title: 'Dentist',
        start: '2026-12-04T09:30',
        end: '2026-12-04T10:00',
        timeZone: 'Europe/Berlin',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { id } = created.json().event;
    expect(id.length).toBeGreaterThan(100);
    const changed = await call(
      'PATCH',
      `/${userId}/calendar/events/${encodeURIComponent(id)}?connectionId=${connectionId}`,
      { location: 'Praxis Dr. Weber' },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().event).toMatchObject({ id, title: 'Dentist', location: 'Praxis Dr. Weber' });
  });
});

describe('the bound on a provider id', () => {
  it('goes as far as the contract allows, and beyond it answers 400 in our shape', async () => {
    const userId = 'no-such-user';
    const at = (length: number) =>
      call('GET', `/${userId}/mail/messages/${'A'.repeat(length)}?connectionId=c1`);
    // As long as the contract takes: the route runs (and finds no such person).
    const longest = await at(MAX_PROVIDER_ID_LENGTH);
    expect(longest.statusCode, longest.body).toBe(404);
    expect(longest.json().error.code).toBe('NOT_FOUND');
    const over = await at(MAX_PROVIDER_ID_LENGTH + 1);
    expect(over.statusCode, over.body).toBe(400);
    expect(over.json().error.code).toMatch(/^(BAD_REQUEST|VALIDATION_ERROR)$/);
  });
});
