import { MESSAGES } from '@app/contract/messages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openToken } from '../src/modules/connections/sealed-tokens';
import { encodeEventId } from '../src/providers/calendar/google-event-id';
import { bearer, signIn } from './helpers/auth';
import { build } from './helpers/build';
import { FakeGoogleCalendar, FakeGraphCalendar, issuerOwner } from './helpers/calendar-fakes';
import { authorize, type Slug } from './helpers/oauth-flow';
import { freePort } from './helpers/process';
import { outboxSettled } from './helpers/sms-outbox';

/**
 * Calendar events through the workspace's real REST adapters, pointed at loopback fakes that
 * answer as Google Calendar v3 and Microsoft Graph do; sign-in and refresh run on the local
 * issuer, so tokens, refreshes and withdrawn grants are real OAuth.
 */
let app: FastifyInstance;
let close: () => Promise<void>;
let base = '';
const google = new FakeGoogleCalendar(issuerOwner('', 'google'));
const graph = new FakeGraphCalendar(issuerOwner('', 'microsoft'));
/** Hits on the local issuers' token endpoints (code exchanges and refreshes). */
const tokenHits = { google: 0, microsoft: 0 };

beforeAll(async () => {
  // The fakes ask the app's local issuer whose token it is, so they need its address.
  Object.assign(google, { owner: (token: string) => issuerOwner(base, 'google')(token) });
  Object.assign(graph, { owner: (token: string) => issuerOwner(base, 'microsoft')(token) });
  await google.start();
  await graph.start();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  ({ app, close } = await build(
    { PUBLIC_URL: base, GOOGLE_CALENDAR_API_URL: google.url, MICROSOFT_GRAPH_URL: `${graph.url}/` },
    (app) =>
      app.addHook('onRequest', async (request) => {
        const hit = /^\/dev\/idp\/(google|microsoft)\/token/.exec(request.url);
        if (hit && request.method === 'POST') tokenHits[hit[1] as 'google' | 'microsoft'] += 1;
      }),
  ));
  await app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await close();
  await google.stop();
  await graph.stop();
});
beforeEach(() => {
  google.requests.length = 0;
  graph.requests.length = 0;
});

let counter = 0;
/** A person signed in by phone who connected Google or Microsoft through the local issuer. */
async function person(slug: Slug = 'google', untick: string[] = []) {
  counter += 1;
  const phone = `+61413${String(Date.now() % 10_000).padStart(4, '0')}${String(counter).padStart(2, '0')}`;
  const email = `cal${counter}-${Date.now()}@example.com`;
  const token = await signIn(app, phone);
  const connected = await authorize(base, slug, { email, untick }, { token });
  expect(connected.params.get('success')).toBe('true');
  const me = (await app.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(token) })).json();
  const provider = slug === 'azure' ? 'microsoft' : 'google';
  const connection = (await app.connectionsRepo.findForUser(me.user.id, provider))!;
  return { phone, email, token, connection };
}

const events = (slug: 'google' | 'azure', token: string | null, query = '', language = 'en') =>
  app.inject({
    method: 'GET',
    url: `/v1/${slug}/events${query}`,
    headers: { ...(token ? bearer(token) : {}), 'accept-language': language },
  });

const RANGE = '?timeMin=2026-12-01T00:00:00Z&timeMax=2026-12-08T00:00:00Z';

/** The id the workspace gives a Google event: its calendar's (the person's primary) and its own. */
const googleId = (email: string, eventId: string) => encodeEventId({ calendarId: email, eventId });
/** Requests for events, not for the calendar list read before them. */
const eventRequests = () => google.requests.filter((r) => r.path.endsWith('/events'));
const viewRequests = () => graph.requests.filter((r) => r.path.endsWith('/calendarView'));

function googleEvents(email: string) {
  google.events.set(email, [
    {
      id: 'g1',
      summary: `Stand-up of ${email}`,
      start: { dateTime: '2026-12-01T09:00:00Z' },
      end: { dateTime: '2026-12-01T09:15:00Z' },
    },
    // Google gives times in the calendar's zone with an offset: we answer in UTC.
    {
      id: 'g2',
      summary: 'Lunch',
      location: 'Café',
      start: { dateTime: '2026-12-02T12:00:00+02:00', timeZone: 'Europe/Berlin' },
      end: { dateTime: '2026-12-02T13:00:00+02:00' },
    },
    { id: 'g3', summary: 'Holiday', start: { date: '2026-12-03' }, end: { date: '2026-12-05' } },
    {
      id: 'g4',
      status: 'cancelled',
      summary: 'Cancelled',
      start: { dateTime: '2026-12-04T10:00:00Z' },
      end: { dateTime: '2026-12-04T11:00:00Z' },
    },
    {
      id: 'g5',
      summary: 'Review',
      start: { dateTime: '2026-12-06T15:00:00Z' },
      end: { dateTime: '2026-12-06T16:00:00Z' },
    },
    {
      id: 'out',
      summary: 'Outside the range',
      start: { dateTime: '2027-01-06T15:00:00Z' },
      end: { dateTime: '2027-01-06T16:00:00Z' },
    },
  ]);
}

describe('GET /v1/google/events', () => {
  it('lists the calendar over every page, in one shape, cancelled events left out', async () => {
    const { email, token } = await person();
    googleEvents(email);
    const res = await events('google', token, RANGE);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      timeMin: '2026-12-01T00:00:00.000Z',
      timeMax: '2026-12-08T00:00:00.000Z',
      events: [
        {
          id: googleId(email, 'g1'),
          title: `Stand-up of ${email}`,
          start: '2026-12-01T09:00:00.000Z',
          end: '2026-12-01T09:15:00.000Z',
          allDay: false,
          location: null,
          calendar: email,
        },
        {
          id: googleId(email, 'g2'),
          title: 'Lunch',
          start: '2026-12-02T10:00:00.000Z',
          end: '2026-12-02T11:00:00.000Z',
          allDay: false,
          location: 'Café',
          calendar: email,
        },
        {
          id: googleId(email, 'g3'),
          title: 'Holiday',
          start: '2026-12-03',
          end: '2026-12-05',
          allDay: true,
          location: null,
          calendar: email,
        },
        {
          id: googleId(email, 'g5'),
          title: 'Review',
          start: '2026-12-06T15:00:00.000Z',
          end: '2026-12-06T16:00:00.000Z',
          allDay: false,
          location: null,
          calendar: email,
        },
      ],
    });
    // The calendar list once, then three pages of two, each asked for exactly as events.list wants it.
    expect(google.requests.filter((r) => r.path === '/users/me/calendarList')).toHaveLength(1);
    expect(eventRequests()).toHaveLength(3);
    expect(eventRequests().map((r) => r.query.get('pageToken'))).toEqual([null, '2', '4']);
    for (const seen of eventRequests()) {
      expect(decodeURIComponent(seen.path)).toBe(`/calendars/${email}/events`);
      expect(Object.fromEntries(seen.query)).toMatchObject({
        timeMin: '2026-12-01T00:00:00.000Z',
        timeMax: '2026-12-08T00:00:00.000Z',
        singleEvents: 'true',
        orderBy: 'startTime',
      });
    }
  });

  it('stops at maxResults, and completes an open range to a week from now', async () => {
    const { email, token } = await person();
    googleEvents(email);
    const limited = await events('google', token, `${RANGE}&maxResults=3`);
    expect(limited.json().events.map((e: { id: string }) => e.id)).toEqual(
      ['g1', 'g2', 'g3'].map((id) => googleId(email, id)),
    );
    const open = (await events('google', token)).json();
    expect(Date.parse(open.timeMax) - Date.parse(open.timeMin)).toBe(7 * 24 * 3600_000);
    expect(Math.abs(Date.parse(open.timeMin) - app.clock.now().getTime())).toBeLessThan(60_000);
  });

  it.each([
    [
      'the end before the start',
      '?timeMin=2026-12-08T00:00:00Z&timeMax=2026-12-01T00:00:00Z',
      MESSAGES.en.eventsRangeOrder,
    ],
    [
      'an empty range',
      '?timeMin=2026-12-08T00:00:00Z&timeMax=2026-12-08T00:00:00Z',
      MESSAGES.en.eventsRangeOrder,
    ],
    [
      'more than 90 days',
      '?timeMin=2026-01-01T00:00:00Z&timeMax=2026-04-02T00:00:00Z',
      MESSAGES.en.eventsRangeTooLong,
    ],
    ['a date that is not ISO 8601', '?timeMin=tomorrow', ''],
    ['a time without an offset', '?timeMin=2026-12-01T00:00:00', ''],
    ['maxResults out of bounds', `${RANGE}&maxResults=0`, ''],
  ])('answers 400 for %s, without calling Google', async (_name, query, text) => {
    const { token } = await person();
    const res = await events('google', token, query);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    if (text) expect(res.json().error.message).toContain(text);
    expect(google.requests).toHaveLength(0);
  });

  // A week added to 9999-12-31 (or taken from 0000-01-01) has no RFC 3339 form: it was a 500.
  it.each([
    ['google', '?timeMin=9999-12-31T23:59:59Z'],
    ['google', '?timeMax=0000-01-01T00:00:00Z'],
    ['azure', '?timeMin=9999-12-31T23:59:59Z'],
    ['azure', '?timeMax=0000-01-01T00:00:00Z'],
    ['azure', '?timeMin=2999-12-31T23:59:59-23:59'],
    ['google', '?timeMin=1899-12-31T23:59:59Z&timeMax=1900-01-02T00:00:00Z'],
  ] as const)('answers 400 for a date out of range on %s (%s), without calling it', async (slug, query) => {
    const { token } = await person(slug);
    const res = await events(slug, token, query);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining(MESSAGES.en.eventsDateOutOfRange),
    });
    expect(google.requests).toHaveLength(0);
    expect(graph.requests).toHaveLength(0);
  });

  it('completes a range at either edge of the allowed years to a week that still reads as RFC 3339', async () => {
    const { token } = await person();
    const late = await events('google', token, '?timeMin=2999-12-31T23:59:59Z');
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().timeMax).toBe('3000-01-07T23:59:59.000Z');
    const early = await events('google', token, '?timeMax=1900-01-01T00:00:00Z');
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json().timeMin).toBe('1899-12-25T00:00:00.000Z');
  });

  it('accepts exactly 90 days', async () => {
    const { token } = await person();
    const res = await events('google', token, '?timeMin=2026-01-01T00:00:00Z&timeMax=2026-04-01T00:00:00Z');
    expect(res.statusCode, res.body).toBe(200);
  });

  it('answers 401 without a session', async () => {
    expect((await events('google', null, RANGE)).statusCode).toBe(401);
    expect((await events('azure', 'not-a-session', RANGE)).statusCode).toBe(401);
    expect(google.requests).toHaveLength(0);
  });

  it("shows each person their own calendar only, never another's", async () => {
    const a = await person();
    const b = await person();
    googleEvents(a.email);
    google.events.set(b.email, [
      {
        id: 'b1',
        summary: 'B only',
        start: { dateTime: '2026-12-01T09:00:00Z' },
        end: { dateTime: '2026-12-01T10:00:00Z' },
      },
    ]);
    const forB = await events('google', b.token, RANGE);
    expect(forB.json().events.map((e: { id: string }) => e.id)).toEqual([googleId(b.email, 'b1')]);
    expect(forB.body).not.toContain(a.email);
    const forA = await events('google', a.token, RANGE);
    expect(forA.body).not.toContain('B only');
    // Each call carried its own person's token.
    const tokenOfB = openToken(app.secretBox, b.connection.id, 'access', b.connection.access_token);
    expect(google.requests[0]!.authorization).toBe(`Bearer ${tokenOfB}`);
  });

  it('answers NOT_CONNECTED for a person without Google, and 403 when Calendar was not granted', async () => {
    const withMicrosoftOnly = await person('azure');
    const none = await events('google', withMicrosoftOnly.token, RANGE);
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toMatchObject({
      code: 'NOT_CONNECTED',
      message: 'Connect your Google account to see its calendar.',
    });
    const noCalendar = await person('google', ['calendar']);
    const refused = await events('google', noCalendar.token, RANGE, 'zh');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'FORBIDDEN',
      message: MESSAGES.zh.calendarNotGranted.replace('{{provider}}', 'Google'),
    });
    // Once broken, reconnecting is the one answer (it would grant Calendar again too).
    await app.connectionsRepo.markBroken(noCalendar.connection.id, 'token_expired', new Date().toISOString());
    const broken = await events('google', noCalendar.token, RANGE);
    expect(broken.statusCode).toBe(409);
    expect(broken.json().error).toMatchObject({ code: 'NEEDS_RECONNECT', reason: 'token_expired' });
    expect(google.requests).toHaveLength(0);
  });

  it('answers 403 while the person has switched Calendar off, and lists again once it is on', async () => {
    const { email, token, connection } = await person();
    googleEvents(email);
    const now = new Date().toISOString();
    const service = {
      connection_id: connection.id,
      service_type: 'calendar' as const,
      permissions: 'read write',
      metadata: '{}',
      updated_at: now,
    };
    await app.connectionsRepo.upsertService({ ...service, is_enabled: 0 });
    const off = await events('google', token, RANGE);
    expect(off.statusCode).toBe(403);
    expect(off.json().error).toMatchObject({
      code: 'FORBIDDEN',
      message: MESSAGES.en.calendarSwitchedOff.replace('{{provider}}', 'Google'),
    });
    expect(google.requests).toHaveLength(0);
    await app.connectionsRepo.upsertService({ ...service, is_enabled: 1 });
    expect((await events('google', token, RANGE)).statusCode).toBe(200);
  });

  it('meets a 401 from Google with exactly one refresh and one retry', async () => {
    const { email, token, connection } = await person();
    googleEvents(email);
    google.pageSize = 10;
    try {
      google.failNext(401);
      const before = tokenHits.google;
      const res = await events('google', token, RANGE);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().events).toHaveLength(4);
      expect(tokenHits.google - before).toBe(1);
      // The refused calendar list, then the calendar list and the one page again, with the new token.
      expect(google.requests).toHaveLength(3);
      const [first, ...retried] = google.requests;
      const row = await app.connectionsRepo.findById(connection.id);
      for (const second of retried) {
        expect(second.authorization).not.toBe(first!.authorization);
        expect(`Bearer ${openToken(app.secretBox, connection.id, 'access', row!.access_token)}`).toBe(
          second.authorization,
        );
      }
      // A provider that refuses even the renewed token: one refresh, one retry, then a clear 502.
      google.failNext(401, 2);
      const again = await events('google', token, RANGE);
      expect(again.statusCode).toBe(502);
      expect(again.json().error.code).toBe('PROVIDER_ERROR');
      expect(tokenHits.google - before).toBe(2);
      expect((await app.connectionsRepo.findById(connection.id))?.status).toBe('connected');
    } finally {
      google.pageSize = 2;
    }
  });

  it('turns a withdrawn grant into 409 needs_reconnect and exactly one SMS', async () => {
    const { email, phone, token, connection } = await person();
    googleEvents(email);
    const revoked = await fetch(`${base}/dev/idp/google/revoke`, {
      method: 'POST',
      body: new URLSearchParams({ email }),
    });
    expect(await revoked.json()).toEqual({ revoked: 1 });
    const answers = await Promise.all([events('google', token, RANGE), events('google', token, RANGE)]);
    answers.push(await events('google', token, RANGE));
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error).toMatchObject({
        code: 'NEEDS_RECONNECT',
        reason: 'grant_revoked',
        message: 'Access was withdrawn at Google. Reconnect to continue.',
      });
    }
    await outboxSettled(app, phone);
    const texts = (await app.devOutbox.list({ to: phone, limit: 10 })).filter((m) =>
      m.body.includes('Reconnect'),
    );
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain(`${base}/integrations?reconnect=google`);
    expect(await app.connectionsRepo.findById(connection.id)).toMatchObject({
      status: 'needs_reconnect',
      status_reason: 'grant_revoked',
    });
  });

  it.each([500, 503])(
    'answers 503 when Google answers %i, and leaves the connection as it was',
    async (status) => {
      const { email, token, connection } = await person();
      googleEvents(email);
      google.failNext(status);
      const before = tokenHits.google;
      const res = await events('google', token, RANGE);
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: 'Google Calendar could not be reached. Please try again in a few minutes.',
      });
      expect(tokenHits.google).toBe(before);
      const row = await app.connectionsRepo.findById(connection.id);
      expect(row).toMatchObject({
        status: 'connected',
        access_token: connection.access_token,
        refresh_token: connection.refresh_token,
        failed_refresh_count: 0,
      });
      // The next call works again.
      expect((await events('google', token, RANGE)).statusCode).toBe(200);
    },
  );

  it('answers 403 when Google says the calendar permission is missing', async () => {
    const { token } = await person();
    google.failNext(403);
    const res = await events('google', token, RANGE);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
  });
});

describe('GET /v1/azure/events', () => {
  function graphEvents(email: string) {
    graph.events.set(email, [
      {
        id: 'm1',
        subject: 'Planning',
        isAllDay: false,
        start: { dateTime: '2026-12-01T08:00:00.0000000', timeZone: 'UTC' },
        end: { dateTime: '2026-12-01T09:00:00.0000000', timeZone: 'UTC' },
        location: { displayName: 'Teams' },
      },
      {
        id: 'm2',
        subject: 'Day off',
        isAllDay: true,
        start: { dateTime: '2026-12-02T00:00:00.0000000', timeZone: 'UTC' },
        end: { dateTime: '2026-12-03T00:00:00.0000000', timeZone: 'UTC' },
      },
      {
        id: 'm3',
        subject: 'Cancelled',
        isAllDay: false,
        isCancelled: true,
        start: { dateTime: '2026-12-04T08:00:00.0000000', timeZone: 'UTC' },
        end: { dateTime: '2026-12-04T09:00:00.0000000', timeZone: 'UTC' },
      },
      {
        id: 'm4',
        subject: 'Retro',
        isAllDay: false,
        start: { dateTime: '2026-12-05T14:00:00.0000000', timeZone: 'UTC' },
        end: { dateTime: '2026-12-05T15:00:00.0000000', timeZone: 'UTC' },
      },
    ]);
  }

  it("lists the calendar's calendarView over every @odata.nextLink, in UTC", async () => {
    const { email, token } = await person('azure');
    graphEvents(email);
    const res = await events('azure', token, RANGE);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().events).toEqual([
      {
        id: 'm1',
        title: 'Planning',
        start: '2026-12-01T08:00:00.000Z',
        end: '2026-12-01T09:00:00.000Z',
        allDay: false,
        location: 'Teams',
        calendar: email,
      },
      {
        id: 'm2',
        title: 'Day off',
        start: '2026-12-02',
        end: '2026-12-03',
        allDay: true,
        location: null,
        calendar: email,
      },
      {
        id: 'm4',
        title: 'Retro',
        start: '2026-12-05T14:00:00.000Z',
        end: '2026-12-05T15:00:00.000Z',
        allDay: false,
        location: null,
        calendar: email,
      },
    ]);
    // The calendars once, then two pages of the one calendar's view.
    expect(graph.requests.filter((r) => r.path === '/me/calendars')).toHaveLength(1);
    expect(viewRequests()).toHaveLength(2);
    expect(viewRequests().map((r) => r.query.get('$skip'))).toEqual([null, '2']);
    for (const seen of viewRequests()) {
      expect(seen.path).toBe(`/me/calendars/${graph.calendarIdOf(email)}/calendarView`);
      expect(seen.prefer).toContain('outlook.timezone="UTC"');
      expect(seen.query.get('startDateTime')).toBe('2026-12-01T00:00:00.000Z');
      expect(seen.query.get('endDateTime')).toBe('2026-12-08T00:00:00.000Z');
    }
  });

  it('meets a 401 from Graph with one refresh and one retry', async () => {
    const { email, token } = await person('azure');
    graphEvents(email);
    graph.failNext(401);
    const before = tokenHits.microsoft;
    const res = await events('azure', token, RANGE);
    expect(res.statusCode, res.body).toBe(200);
    expect(tokenHits.microsoft - before).toBe(1);
    expect(graph.requests[1]!.authorization).not.toBe(graph.requests[0]!.authorization);
  });

  it('turns a withdrawn grant into 409 needs_reconnect and one SMS', async () => {
    const { email, phone, token } = await person('azure');
    await fetch(`${base}/dev/idp/microsoft/revoke`, { method: 'POST', body: new URLSearchParams({ email }) });
    const res = await events('azure', token, RANGE, 'zh');
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'NEEDS_RECONNECT', reason: 'grant_revoked' });
    expect(res.json().error.message).toBe(
      MESSAGES.zh.reasonGrantRevoked.replace('{{provider}}', 'Microsoft'),
    );
    await outboxSettled(app, phone);
    const texts = (await app.devOutbox.list({ to: phone, limit: 10 })).filter((m) =>
      m.body.includes('/integrations?reconnect=microsoft'),
    );
    expect(texts).toHaveLength(1);
  });

  it('answers 503 when Graph is down (and when it is throttled), connection unchanged', async () => {
    const { token, connection } = await person('azure');
    for (const status of [503, 429]) {
      graph.failNext(status);
      const res = await events('azure', token, RANGE);
      expect(res.statusCode).toBe(503);
      expect(res.json().error.message).toContain('Microsoft Calendar');
    }
    expect(await app.connectionsRepo.findById(connection.id)).toMatchObject({
      status: 'connected',
      access_token: connection.access_token,
    });
  });

  it('refuses a next link to another host (it would carry the token there)', async () => {
    const { email, token } = await person('azure');
    graph.events.set(email, []);
    const original = graph.url;
    // Answer as Graph would, but with a next link that points elsewhere.
    graph.events.set(
      email,
      Array.from({ length: 3 }, (_, i) => ({
        id: `x${i}`,
        subject: 'x',
        isAllDay: false,
        start: { dateTime: '2026-12-01T08:00:00.0000000', timeZone: 'UTC' as const },
        end: { dateTime: '2026-12-01T09:00:00.0000000', timeZone: 'UTC' as const },
      })),
    );
    Object.assign(graph, { url: 'http://evil.example' });
    try {
      const res = await events('azure', token, RANGE);
      expect(res.statusCode).toBe(502);
      // The calendars, then the first page: its next link is never followed.
      expect(graph.requests).toHaveLength(2);
    } finally {
      Object.assign(graph, { url: original });
    }
  });

  it('lists an event written in a Windows zone at its instant, not its Berlin wall clock read as UTC', async () => {
    const { email, token } = await person('azure');
    // 09:00 in Berlin (UTC+1 in December), written in Outlook's name for the zone.
    graph.events.set(email, [
      {
        id: 'berlin',
        subject: 'Berlin stand-up',
        isAllDay: false,
        start: { dateTime: '2026-12-03T09:00:00.0000000', timeZone: 'W. Europe Standard Time' },
        end: { dateTime: '2026-12-03T09:30:00.0000000', timeZone: 'W. Europe Standard Time' },
      },
    ]);
    const res = await events('azure', token, RANGE);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().events).toEqual([
      {
        id: 'berlin',
        title: 'Berlin stand-up',
        start: '2026-12-03T08:00:00.000Z',
        end: '2026-12-03T08:30:00.000Z',
        allDay: false,
        location: null,
        calendar: email,
      },
    ]);
  });
});

describe('the local calendar stand-in', () => {
  let local: FastifyInstance;
  let closeLocal: () => Promise<void>;
  let localBase = '';
  beforeAll(async () => {
    const port = await freePort();
    localBase = `http://127.0.0.1:${port}`;
    ({ app: local, close: closeLocal } = await build({ PUBLIC_URL: localBase }));
    await local.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => closeLocal());

  async function connectLocal(slug: Slug) {
    const phone = `+61414${String(Date.now() % 100_000).padStart(5, '0')}${slug.length}`;
    const token = await signIn(local, phone);
    const email = `local-${slug}-${Date.now()}@example.com`;
    expect((await authorize(localBase, slug, { email }, { token })).params.get('success')).toBe('true');
    return { token, email, phone };
  }
  const localEvents = (slug: 'google' | 'azure', token: string, range?: Record<string, string>) =>
    local.inject({
      method: 'GET',
      url: `/v1/${slug}/events${range ? `?${new URLSearchParams(range)}` : ''}`,
      headers: bearer(token),
    });

  it('says calendar is a stand-in', async () => {
    expect((await local.inject({ method: 'GET', url: '/v1/config' })).json().standIns).toContain('calendar');
  });

  it.each(['google', 'azure'] as const)(
    "serves the account's sample week around today for a connected %s account, the same each time",
    async (slug) => {
      const { token, email } = await connectLocal(slug);
      // The sample is a week around the day it is made (today, in the person's zone: UTC).
      const today = Date.parse(new Date().toISOString().slice(0, 10));
      const days = Array.from({ length: 8 }, (_, i) => new Date(today + (i - 3) * 86_400_000));
      const timeMin = days[0]!.toISOString();
      const timeMax = new Date(today + 5 * 86_400_000).toISOString();
      const first = await localEvents(slug, token, { timeMin, timeMax });
      expect(first.statusCode, first.body).toBe(200);
      const list = first.json().events as {
        start: string;
        end: string;
        allDay: boolean;
        title: string;
        calendar: string;
      }[];
      // A stand-up every weekday of it.
      const weekdays = days.filter((day) => day.getUTCDay() >= 1 && day.getUTCDay() <= 5).length;
      expect(list.filter((e) => e.title === 'Team stand-up')).toHaveLength(weekdays);
      for (const event of list) {
        // Google names the primary calendar by the address, Outlook calls it "Calendar".
        expect(event.calendar).toBe(slug === 'google' ? email : 'Calendar');
        expect(event.start < event.end).toBe(true);
        expect(event.start < timeMax).toBe(true);
        expect(event.allDay ? `${event.end}T00:00:00.000Z` > timeMin : event.end > timeMin).toBe(true);
      }
      const starts = list.map((e) => (e.allDay ? `${e.start}T00:00:00.000Z` : e.start));
      expect([...starts].sort()).toEqual(starts);
      expect((await localEvents(slug, token, { timeMin, timeMax })).json()).toEqual(first.json());
    },
  );

  it('refuses a grant withdrawn at the local issuer: 409 needs_reconnect and one SMS', async () => {
    const { token, email, phone } = await connectLocal('google');
    expect((await localEvents('google', token)).statusCode).toBe(200);
    await fetch(`${localBase}/dev/idp/google/revoke`, {
      method: 'POST',
      body: new URLSearchParams({ email }),
    });
    const res = await localEvents('google', token);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'NEEDS_RECONNECT', reason: 'grant_revoked' });
    await outboxSettled(local, phone);
    expect(
      (await local.devOutbox.list({ to: phone, limit: 10 })).filter((m) => m.body.includes('Reconnect')),
    ).toHaveLength(1);
  });
});
