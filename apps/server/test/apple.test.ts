import { createServer, type Server } from 'node:http';
import { MESSAGES } from '@app/contract/messages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openToken } from '../src/modules/connections/sealed-tokens';
import { decodeEventId } from '../src/providers/calendar/caldav-event-id';
import { bearer, freshIp, post, signIn } from './helpers/auth';
import { build } from './helpers/build';
import { EmptyDav } from './helpers/empty-dav';
import { freePort } from './helpers/process';
import { type DavAccount, type Radicale, radicaleInstalled, startRadicale } from './helpers/radicale';
import { outboxSettled } from './helpers/sms-outbox';

let phoneCounter = 0;
function newPhone(): string {
  phoneCounter += 1;
  return `+61413${String(Date.now() % 10_000).padStart(4, '0')}${String(phoneCounter).padStart(2, '0')}`;
}

const connect = (app: FastifyInstance, token: string | null, payload: unknown, headers = {}) =>
  post(app, '/v1/apple/connect', payload, {
    headers: { ...(token ? bearer(token) : {}), ...headers },
    remoteAddress: freshIp(),
  });

const events = (app: FastifyInstance, token: string | null, query: Record<string, string>) =>
  app.inject({
    method: 'GET',
    url: `/v1/apple/events?${new URLSearchParams(query)}`,
    headers: token ? bearer(token) : {},
  });

async function person(app: FastifyInstance) {
  const phone = newPhone();
  const token = await signIn(app, phone);
  const me = (await app.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(token) })).json();
  return { phone, token, userId: me.user.id as string };
}

const SERVICE_KEY = 'assistant-test-key-0123456789-abcdefghijklmnop';
const NOV = { timeMin: '2026-11-01T00:00:00Z', timeMax: '2026-12-01T00:00:00Z' };

describe.skipIf(!radicaleInstalled)('Apple iCloud against a real CalDAV/CardDAV server (Radicale)', () => {
  let radicale: Radicale;
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    radicale = await startRadicale();
    ({ app, close } = await build({
      APPLE_CALDAV_URL: radicale.url,
      APPLE_CARDDAV_URL: radicale.url,
      ASSISTANT_API_KEY: SERVICE_KEY,
    }));
  });
  afterAll(async () => {
    await close?.();
    await radicale?.stop();
  });

  const good = (account: DavAccount) => ({ appleId: account.user, appPassword: account.password });

  it('connects with good credentials, lists the calendars and address books, and says so', async () => {
    const { token, userId } = await person(app);
    const account = await radicale.newAccount();
    const res = await connect(app, token, good(account));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'Apple iCloud connected successfully!',
      email: account.user,
      calendars: [{ name: 'Home' }],
      addressBooks: [{ name: 'Contacts' }],
    });
    const row = await app.connectionsRepo.findForUser(userId, 'apple');
    expect(row).toMatchObject({
      status: 'connected',
      provider_account_id: account.user,
      refresh_token: null,
    });
    // The discovered homes are kept (not secret), so later calls skip discovery.
    const settings = JSON.parse(row!.settings!);
    expect(settings.homes.caldav.homeUrl).toContain(radicale.url);
    expect(settings.homes.carddav.homeUrl).toContain(radicale.url);
    expect(settings).toMatchObject({ calendars: ['Home'], addressBooks: ['Contacts'] });
    // The integrations screen sees it connected, with the services iCloud showed.
    const status = await app.inject({
      method: 'GET',
      url: '/v1/integrations/status',
      headers: bearer(token),
    });
    expect(status.json().integrations.apple).toMatchObject({
      isAuthenticated: true,
      email: account.user,
      status: 'connected',
      services: [
        expect.objectContaining({ serviceType: 'calendar', isEnabled: true }),
        expect.objectContaining({ serviceType: 'contacts', isEnabled: true }),
      ],
    });
  });

  it('stores the app-specific password sealed, never as plain text', async () => {
    const { token, userId } = await person(app);
    const account = await radicale.newAccount();
    // Pasted with spaces and in capitals: Apple's xxxx-xxxx-xxxx-xxxx shape is restored.
    const typed = account.password.toUpperCase().replaceAll('-', ' ');
    expect(
      (await connect(app, token, { appleId: account.user.toUpperCase(), appPassword: typed })).statusCode,
    ).toBe(200);
    const raw = await app.db.selectFrom('connections').selectAll().where('user_id', '=', userId).execute();
    expect(raw).toHaveLength(1);
    const dump = JSON.stringify(raw);
    expect(dump).not.toContain(account.password);
    expect(dump).not.toContain(account.password.replaceAll('-', ''));
    expect(JSON.parse(raw[0]!.access_token)).toMatchObject({
      kid: expect.any(String),
      ct: expect.any(String),
    });
    expect(openToken(app.secretBox, raw[0]!.id, 'access', raw[0]!.access_token)).toBe(account.password);
  });

  it('gives the assistant service the app-specific password through the connection layer', async () => {
    const { token, phone } = await person(app);
    const account = await radicale.newAccount();
    expect((await connect(app, token, good(account))).statusCode).toBe(200);
    const service = { authorization: `Bearer ${SERVICE_KEY}` };
    const found = await app.inject({
      method: 'GET',
      url: `/v1/internal/users/by-phone/${encodeURIComponent(phone)}`,
      headers: service,
    });
    const apple = found.json().connections.find((c: { provider: string }) => c.provider === 'apple');
    expect(apple).toMatchObject({ status: 'connected', grantedScopes: ['calendar', 'contacts'] });
    const issued = await app.inject({
      method: 'POST',
      url: `/v1/internal/connections/${apple.id}/access-token`,
      headers: service,
    });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(issued.json()).toMatchObject({ accessToken: account.password, tokenType: 'app-password' });
  });

  it('refuses a wrong password with the app-specific-password hint, and stores nothing', async () => {
    const { token, userId } = await person(app);
    const account = await radicale.newAccount();
    const res = await connect(app, token, { ...good(account), appPassword: 'wrong-password-1234' });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('APPLE_AUTH_FAILED');
    expect(res.json().error.message).toBe(
      'Failed to connect Apple iCloud. Please check your credentials. Use an app-specific password created at appleid.apple.com, not your Apple ID password.',
    );
    const zh = await connect(
      app,
      token,
      { ...good(account), appPassword: 'wrong' },
      { 'accept-language': 'zh-CN' },
    );
    expect(zh.json().error.message).toContain('appleid.apple.com');
    expect(zh.json().error.message).toContain('App 专用密码');
    expect(await app.connectionsRepo.findForUser(userId, 'apple')).toBeUndefined();
  });

  it('refuses an Apple ID another person connected, without saying whose', async () => {
    const first = await person(app);
    const second = await person(app);
    const account = await radicale.newAccount();
    expect((await connect(app, first.token, good(account))).statusCode).toBe(200);
    const before = await app.connectionsRepo.findForUser(first.userId, 'apple');
    const res = await connect(app, second.token, good(account));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'CONFLICT',
      message: 'This Apple ID is already connected to another account.',
    });
    expect(res.body).not.toContain(first.phone);
    expect(res.body).not.toContain(first.userId);
    expect(await app.connectionsRepo.findForUser(second.userId, 'apple')).toBeUndefined();
    // The first person's connection is untouched by the second's try; its own feed may have used
    // it meanwhile (the change feed's first look at a new connection, issue 31).
    const { last_used_at: _usedBefore, ...untouched } = before!;
    const { last_used_at: _usedAfter, ...after } = (await app.connectionsRepo.findForUser(
      first.userId,
      'apple',
    ))!;
    expect(after).toEqual(untouched);
    // A wrong password learns nothing about who holds the Apple ID: it is refused as any other.
    const guess = await connect(app, second.token, { ...good(account), appPassword: 'wrong' });
    expect(guess.json().error.code).toBe('APPLE_AUTH_FAILED');
  });

  it('returns the events stored in the calendar, times converted to UTC, all-day as dates', async () => {
    const { token } = await person(app);
    const account = await radicale.newAccount();
    expect((await connect(app, token, good(account))).statusCode).toBe(200);
    await account.putEvent(
      'standup.ics',
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//test//EN',
        'BEGIN:VTIMEZONE',
        'TZID:Europe/Berlin',
        'BEGIN:STANDARD',
        'DTSTART:19701025T030000',
        'TZOFFSETFROM:+0200',
        'TZOFFSETTO:+0100',
        'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
        'END:STANDARD',
        'BEGIN:DAYLIGHT',
        'DTSTART:19700329T020000',
        'TZOFFSETFROM:+0100',
        'TZOFFSETTO:+0200',
        'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
        'END:DAYLIGHT',
        'END:VTIMEZONE',
        'BEGIN:VEVENT',
        'UID:standup-1',
        'DTSTAMP:20261101T000000Z',
        'DTSTART;TZID=Europe/Berlin:20261110T093000',
        'DTEND;TZID=Europe/Berlin:20261110T100000',
        'SUMMARY:Stand-up\\, team A',
        'LOCATION:Room 4\\; floor 2',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
    await account.putEvent(
      'holiday.ics',
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//test//EN',
        'BEGIN:VEVENT',
        'UID:holiday-1',
        'DTSTAMP:20261101T000000Z',
        'DTSTART;VALUE=DATE:20261126',
        'DTEND;VALUE=DATE:20261127',
        'SUMMARY:Holiday',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
    await account.putEvent(
      'later.ics',
      [
        'BEGIN:VCALENDAR',
        'VERSION:2.0',
        'PRODID:-//test//EN',
        'BEGIN:VEVENT',
        'UID:later-1',
        'DTSTAMP:20261101T000000Z',
        'DTSTART:20270115T120000Z',
        'DTEND:20270115T130000Z',
        'SUMMARY:Next year',
        'END:VEVENT',
        'END:VCALENDAR',
        '',
      ].join('\r\n'),
    );
    const res = await events(app, token, NOV);
    expect(res.statusCode, res.body).toBe(200);
    // Ids are the workspace's: the calendar object's URL (and the occurrence of a series).
    const objectOf = (id: string) => decodeEventId(id).url.split('/').pop();
    expect(res.json().events).toEqual([
      {
        id: expect.any(String),
        title: 'Stand-up, team A',
        start: '2026-11-10T08:30:00.000Z',
        end: '2026-11-10T09:00:00.000Z',
        allDay: false,
        location: 'Room 4; floor 2',
        calendar: 'Home',
      },
      {
        id: expect.any(String),
        title: 'Holiday',
        start: '2026-11-26',
        end: '2026-11-27',
        allDay: true,
        location: null,
        calendar: 'Home',
      },
    ]);
    expect(res.json().events.map((e: { id: string }) => objectOf(e.id))).toEqual([
      'standup.ics',
      'holiday.ics',
    ]);
    const limited = await events(app, token, { ...NOV, maxResults: '1' });
    expect(limited.json().events.map((e: { id: string }) => objectOf(e.id))).toEqual(['standup.ics']);
    const january = await events(app, token, {
      timeMin: '2027-01-01T00:00:00Z',
      timeMax: '2027-02-01T00:00:00Z',
    });
    expect(january.json().events.map((e: { id: string }) => objectOf(e.id))).toEqual(['later.ics']);
  });

  it('an iCloud outage while reading events changes nothing: 503, still connected, no SMS', async () => {
    const { token, userId, phone } = await person(app);
    const account = await radicale.newAccount();
    expect((await connect(app, token, good(account))).statusCode).toBe(200);
    const row = await app.connectionsRepo.findForUser(userId, 'apple');
    // The stored home now points at a port where nothing answers, as during an outage.
    const dead = `http://127.0.0.1:${await freePort()}`;
    await app.connectionsRepo.update(row!.id, { settings: row!.settings!.replaceAll(radicale.url, dead) });
    const res = await events(app, token, NOV);
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json().error).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'iCloud could not be reached. Please try again in a few minutes.',
    });
    expect(await app.connectionsRepo.findForUser(userId, 'apple')).toMatchObject({
      status: 'connected',
      status_reason: null,
    });
    const texts = await app.devOutbox.list({ to: phone, limit: 20 });
    expect(texts.filter((m) => m.body.includes('Apple iCloud'))).toEqual([]);
  });

  it('answers 409 NOT_CONNECTED for events without an Apple connection', async () => {
    const { token } = await person(app);
    const res = await events(app, token, NOV);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('NOT_CONNECTED');
  });

  it('refuses bad input with 400', async () => {
    const { token } = await person(app);
    const account = await radicale.newAccount();
    for (const payload of [
      {},
      { appleId: account.user },
      { appleId: 'not-an-email', appPassword: 'abcd-efgh-ijkl-mnop' },
      { appleId: account.user, appPassword: '   ' },
      { appleId: account.user, appPassword: 'abcd\nefgh' },
      { appleId: account.user, appPassword: 'x'.repeat(65) },
    ]) {
      const res = await connect(app, token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    for (const query of <Record<string, string>[]>[
      { timeMin: 'yesterday' },
      { timeMin: '2026-11-02T00:00:00Z', timeMax: '2026-11-01T00:00:00Z' },
      { timeMin: '2026-11-01T00:00:00Z', timeMax: '2026-11-01T00:00:00Z' },
      { timeMin: '2026-01-01T00:00:00Z', timeMax: '2026-04-02T00:00:00Z' },
      { ...NOV, maxResults: '0' },
    ]) {
      const res = await events(app, token, query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    // Exactly 90 days is allowed.
    const ninety = await events(app, token, {
      timeMin: '2026-01-01T00:00:00Z',
      timeMax: '2026-04-01T00:00:00Z',
    });
    expect(ninety.statusCode).toBe(409);
  });

  it('limits connect tries to 20 an hour per address (each is a password guess at Apple)', async () => {
    const { token } = await person(app);
    const account = await radicale.newAccount();
    const ip = freshIp();
    const attempt = () =>
      post(
        app,
        '/v1/apple/connect',
        { ...good(account), appPassword: 'wrong' },
        { headers: bearer(token), remoteAddress: ip },
      );
    for (let i = 0; i < 20; i += 1) expect((await attempt()).statusCode).toBe(400);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('answers 401 without a session', async () => {
    const account = { user: 'someone@icloud.com', password: 'abcd-efgh-ijkl-mnop' } as DavAccount;
    expect((await connect(app, null, good(account))).statusCode).toBe(401);
    expect((await events(app, null, NOV)).statusCode).toBe(401);
  });

  it('a password revoked later marks the connection needs_reconnect with one SMS; reconnecting repairs it in place', async () => {
    const { token, userId, phone } = await person(app);
    const account = await radicale.newAccount();
    expect((await connect(app, token, good(account))).statusCode).toBe(200);
    const before = await app.connectionsRepo.findForUser(userId, 'apple');
    const original = account.password;
    // The person changed their Apple ID password, which revokes every app-specific password.
    account.setPassword('wxyz-wxyz-wxyz-wxyz');
    try {
      for (let i = 0; i < 2; i += 1) {
        const res = await events(app, token, NOV);
        expect(res.statusCode, res.body).toBe(409);
        expect(res.json().error.code).toBe('NEEDS_RECONNECT');
        expect(res.json().error.message).toContain('app-specific password');
      }
      const broken = await app.connectionsRepo.findForUser(userId, 'apple');
      expect(broken).toMatchObject({
        id: before!.id,
        status: 'needs_reconnect',
        status_reason: 'apple_password_revoked',
      });
      await outboxSettled(app, phone);
      const texts = (await app.devOutbox.list({ to: phone, limit: 20 })).filter((m) =>
        m.body.includes('Apple iCloud'),
      );
      expect(texts).toHaveLength(1);
      expect(texts[0]!.body).toContain('/integrations?reconnect=apple');

      // Reconnecting with the new app-specific password repairs the same connection.
      const again = await connect(app, token, { appleId: account.user, appPassword: 'wxyz-wxyz-wxyz-wxyz' });
      expect(again.statusCode, again.body).toBe(200);
      const repaired = await app.connectionsRepo.findForUser(userId, 'apple');
      expect(repaired).toMatchObject({
        id: before!.id,
        status: 'connected',
        status_reason: null,
        reconnect_notified_at: null,
      });
      expect(
        (await app.db.selectFrom('connections').select('id').where('user_id', '=', userId).execute()).length,
      ).toBe(1);
      expect((await events(app, token, NOV)).statusCode).toBe(200);
    } finally {
      account.setPassword(original);
    }
  });
});

describe('Apple iCloud that cannot be reached', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let server: Server;
  let mode: 'hang' | 'fail' = 'hang';

  beforeAll(async () => {
    const port = await freePort();
    // A server that never answers (timeout) or answers 503, as iCloud does during an outage.
    server = createServer((_req, res) => {
      if (mode === 'fail') res.writeHead(503).end('down');
    });
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${port}`;
    ({ app, close } = await build({
      APPLE_CALDAV_URL: url,
      APPLE_CARDDAV_URL: url,
      APPLE_TIMEOUT_MS: '300',
    }));
  });
  afterAll(async () => {
    await close?.();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
  });

  it.each(['hang', 'fail'] as const)(
    'answers 503 with a clear message when iCloud does not (%s), storing nothing',
    async (how) => {
      mode = how;
      const { token, userId } = await person(app);
      const started = Date.now();
      const res = await connect(app, token, {
        appleId: 'someone@icloud.com',
        appPassword: 'abcd-efgh-ijkl-mnop',
      });
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json().error).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        message: 'iCloud could not be reached. Please try again in a few minutes.',
      });
      expect(Date.now() - started).toBeLessThan(5000);
      expect(await app.connectionsRepo.findForUser(userId, 'apple')).toBeUndefined();
    },
  );

  it('answers 503 when nothing listens at all', async () => {
    const port = await freePort();
    const built = await build({
      APPLE_CALDAV_URL: `http://127.0.0.1:${port}`,
      APPLE_CARDDAV_URL: `http://127.0.0.1:${port}`,
    });
    try {
      const { token } = await person(built.app);
      const res = await connect(built.app, token, {
        appleId: 'someone@icloud.com',
        appPassword: 'abcd-efgh-ijkl-mnop',
      });
      expect(res.statusCode, res.body).toBe(503);
    } finally {
      await built.close();
    }
  });

  it('never sends the password to a host other than the configured one, even when redirected there', async () => {
    const seen: string[] = [];
    const elsewhere = createServer((req, res) => {
      seen.push(String(req.headers.authorization));
      res.writeHead(207).end();
    });
    const elsewherePort = await freePort();
    await new Promise<void>((resolve) => elsewhere.listen(elsewherePort, '127.0.0.1', resolve));
    // "localhost" is another host than 127.0.0.1 as far as credentials go.
    const redirecting = createServer((_req, res) =>
      res.writeHead(301, { location: `http://localhost:${elsewherePort}/principal/` }).end(),
    );
    const port = await freePort();
    await new Promise<void>((resolve) => redirecting.listen(port, '127.0.0.1', resolve));
    const built = await build({
      APPLE_CALDAV_URL: `http://127.0.0.1:${port}`,
      APPLE_CARDDAV_URL: `http://127.0.0.1:${port}`,
    });
    try {
      const { token } = await person(built.app);
      const res = await connect(built.app, token, {
        appleId: 'someone@icloud.com',
        appPassword: 'abcd-efgh-ijkl-mnop',
      });
      expect(res.statusCode, res.body).toBe(503);
      expect(seen).toEqual([]);
    } finally {
      await built.close();
      for (const server of [elsewhere, redirecting]) {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
      }
    }
  });
});

describe('Apple iCloud events at the edges of the calendar', () => {
  const dav = new EmptyDav();
  let app: FastifyInstance;
  let close: () => Promise<void>;

  beforeAll(async () => {
    await dav.start();
    ({ app, close } = await build({ APPLE_CALDAV_URL: dav.url, APPLE_CARDDAV_URL: dav.url }));
  });
  afterAll(async () => {
    await close?.();
    await dav.stop();
  });

  it('lists an empty calendar for a connected person', async () => {
    const { token, userId } = await person(app);
    await dav.connect(app, userId);
    const res = await events(app, token, NOV);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      events: [],
      timeMin: '2026-11-01T00:00:00.000Z',
      timeMax: '2026-12-01T00:00:00.000Z',
    });
  });

  it('answers 403 while the person has switched the Apple calendar off', async () => {
    const { token, userId } = await person(app);
    const connectionId = await dav.connect(app, userId);
    await app.connectionsRepo.upsertService({
      connection_id: connectionId,
      service_type: 'calendar',
      is_enabled: 0,
      permissions: 'read write',
      metadata: '{}',
      updated_at: new Date().toISOString(),
    });
    const res = await events(app, token, NOV);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'FORBIDDEN',
      message: MESSAGES.en.calendarSwitchedOff.replace('{{provider}}', 'Apple iCloud'),
    });
  });

  // A week added to 9999-12-31 (or taken from 0000-01-01) has no RFC 3339 form: it was a 500.
  it.each<Record<string, string>>([{ timeMin: '9999-12-31T23:59:59Z' }, { timeMax: '0000-01-01T00:00:00Z' }])(
    'answers 400 for a date out of range (%o), not a 500',
    async (query) => {
      const { token, userId } = await person(app);
      await dav.connect(app, userId);
      const res = await events(app, token, query);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: expect.stringContaining(MESSAGES.en.eventsDateOutOfRange),
      });
    },
  );
});
