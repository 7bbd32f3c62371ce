import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openToken } from '../src/modules/connections/sealed-tokens';
import { bearer } from './helpers/auth';
import { build, usingPostgres } from './helpers/build';
import { FakeGoogleCalendar } from './helpers/calendar-fakes';
import { freePort } from './helpers/process';

/**
 * Refresh at the token endpoint of an issuer this project did not write (oauth2-mock-server),
 * counted there: concurrent uses of an expiring token make one refresh, on one instance and
 * across two sharing PostgreSQL and Redis; a response without a refresh token keeps the old one.
 */
const issuer = new OAuth2Server();
const calendar = new FakeGoogleCalendar(async () => 'mock@example.com');
/** What the token endpoint did for refresh grants. */
const refreshes = { hits: 0, issued: [] as (string | undefined)[], withoutRefreshToken: false };

beforeAll(async () => {
  await issuer.issuer.keys.generate('RS256');
  await issuer.start(0, '127.0.0.1');
  issuer.service.on('beforeTokenSigning', (token) => {
    token.payload.email = 'mock@example.com';
    token.payload.name = 'Mock Person';
    // Two tokens made in the same second would otherwise be the same JWT.
    token.payload.jti = randomUUID();
  });
  issuer.service.on('beforeResponse', (response, req) => {
    const body = response.body as Record<string, unknown>;
    // No `scope` in the answer means what was asked was granted (RFC 6749 §5.1).
    delete body.scope;
    if ((req.body as { grant_type?: string }).grant_type !== 'refresh_token') return;
    refreshes.hits += 1;
    if (refreshes.withoutRefreshToken) delete body.refresh_token;
    refreshes.issued.push(body.refresh_token as string | undefined);
  });
  await calendar.start();
  calendar.pageSize = 50;
});
afterAll(async () => {
  await issuer.stop();
  await calendar.stop();
});
beforeEach(() => {
  refreshes.hits = 0;
  refreshes.issued = [];
  refreshes.withoutRefreshToken = false;
  calendar.requests.length = 0;
});

const env = () => ({
  GOOGLE_ISSUER: issuer.issuer.url!,
  GOOGLE_CLIENT_ID: 'relay-test-client',
  GOOGLE_CLIENT_SECRET: 'relay-test-secret',
  GOOGLE_CALENDAR_API_URL: calendar.url,
});

/** Signs in with Google through the mock issuer (which redirects straight back); returns the session. */
async function signInWithGoogle(base: string, app: FastifyInstance) {
  const started = await fetch(`${base}/v1/google/oauth-init/auth`);
  const cookie = started.headers.getSetCookie()[0]!.split(';')[0]!;
  const { authUrl } = (await started.json()) as { authUrl: string };
  const callback = (await fetch(authUrl, { redirect: 'manual' })).headers.get('location')!;
  const landed = await fetch(callback, { redirect: 'manual', headers: { cookie } });
  const params = new URLSearchParams(landed.headers.get('location')!.split('#')[1]);
  expect(params.get('success')).toBe('true');
  const exchanged = await app.inject({
    method: 'POST',
    url: '/v1/auth/exchange',
    payload: { ticket: params.get('ticket') },
  });
  const { sessionToken, user } = exchanged.json();
  const connection = (await app.connectionsRepo.findForUser(user.id, 'google'))!;
  return { sessionToken: sessionToken as string, connection };
}

/** Puts the connection's expiry inside the 15-minute window, so its next use refreshes. */
async function expireSoon(app: FastifyInstance, id: string) {
  await app.connectionsRepo.update(id, {
    expires_at: new Date(app.clock.now().getTime() + 5 * 60_000).toISOString(),
  });
}

const RANGE = '?timeMin=2026-12-01T00:00:00Z&timeMax=2026-12-08T00:00:00Z';

describe('refresh on one instance', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let base = '';
  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    ({ app, close } = await build({ PUBLIC_URL: base, ...env() }));
    await app.listen({ port, host: '127.0.0.1' });
  });
  afterAll(async () => close());

  it('makes one refresh for 20 concurrent uses of an expiring token', async () => {
    const { sessionToken, connection } = await signInWithGoogle(base, app);
    await expireSoon(app, connection.id);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        app.inject({ method: 'GET', url: `/v1/google/events${RANGE}`, headers: bearer(sessionToken) }),
      ),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(refreshes.hits).toBe(1);
    // Every call reached Google with the one new token.
    const row = (await app.connectionsRepo.findById(connection.id))!;
    const fresh = openToken(app.secretBox, connection.id, 'access', row.access_token);
    expect(fresh).not.toBe(openToken(app.secretBox, connection.id, 'access', connection.access_token));
    expect(new Set(calendar.requests.map((r) => r.authorization))).toEqual(new Set([`Bearer ${fresh}`]));
    expect(Date.parse(row.expires_at!)).toBeGreaterThan(app.clock.now().getTime() + 15 * 60_000);
    // The rotated refresh token was saved with it.
    expect(openToken(app.secretBox, connection.id, 'refresh', row.refresh_token!)).toBe(refreshes.issued[0]);
  });

  it('keeps the old refresh token when the refresh response has none', async () => {
    const { connection } = await signInWithGoogle(base, app);
    const before = (await app.connectionsRepo.findById(connection.id))!;
    const oldRefresh = openToken(app.secretBox, connection.id, 'refresh', before.refresh_token!);
    await expireSoon(app, connection.id);
    refreshes.withoutRefreshToken = true;
    const token = await app.connectionAccess.accessToken(
      (await app.connectionsRepo.findById(connection.id))!,
    );
    expect(refreshes.hits).toBe(1);
    expect(refreshes.issued).toEqual([undefined]);
    const after = (await app.connectionsRepo.findById(connection.id))!;
    expect(openToken(app.secretBox, connection.id, 'access', after.access_token)).toBe(token);
    expect(openToken(app.secretBox, connection.id, 'refresh', after.refresh_token!)).toBe(oldRefresh);
    // And the kept token still refreshes next time.
    refreshes.withoutRefreshToken = false;
    await expireSoon(app, connection.id);
    await app.connectionAccess.accessToken((await app.connectionsRepo.findById(connection.id))!);
    expect(refreshes.hits).toBe(2);
  });

  it('does not refresh a token far from expiry', async () => {
    const { sessionToken } = await signInWithGoogle(base, app);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        app.inject({ method: 'GET', url: `/v1/google/events${RANGE}`, headers: bearer(sessionToken) }),
      ),
    );
    for (const res of answers) expect(res.statusCode).toBe(200);
    expect(refreshes.hits).toBe(0);
  });
});

/** Two instances behind one load balancer: the lock lives in Redis, the row in PostgreSQL. */
describe.runIf(usingPostgres && process.env.TEST_REDIS_URL)('refresh across two instances', () => {
  it('makes one refresh for 20 concurrent uses split over both instances', async () => {
    const key = randomBytes(32).toString('base64');
    const redis = process.env.TEST_REDIS_URL!;
    const portA = await freePort();
    const baseA = `http://127.0.0.1:${portA}`;
    const a = await build({ PUBLIC_URL: baseA, REDIS_URL: redis, APP_ENCRYPTION_KEY: key, ...env() });
    const schema = a.app.config.database.kind === 'postgres' ? a.app.config.database.schema : undefined;
    const b = await build({
      PUBLIC_URL: baseA,
      REDIS_URL: redis,
      APP_ENCRYPTION_KEY: key,
      DATABASE_SCHEMA: schema ?? '',
      ...env(),
    });
    try {
      await a.app.listen({ port: portA, host: '127.0.0.1' });
      const { sessionToken, connection } = await signInWithGoogle(baseA, a.app);
      await expireSoon(a.app, connection.id);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          (i % 2 === 0 ? a.app : b.app).inject({
            method: 'GET',
            url: `/v1/google/events${RANGE}`,
            headers: bearer(sessionToken),
          }),
        ),
      );
      for (const res of answers) expect(res.statusCode, res.body).toBe(200);
      expect(refreshes.hits).toBe(1);
      const row = (await b.app.connectionsRepo.findById(connection.id))!;
      const fresh = openToken(b.app.secretBox, connection.id, 'access', row.access_token);
      expect(new Set(calendar.requests.map((r) => r.authorization))).toEqual(new Set([`Bearer ${fresh}`]));

      // Without a refresh token in the answer, the old one stays, seen from either instance.
      const oldRefresh = openToken(a.app.secretBox, connection.id, 'refresh', row.refresh_token!);
      refreshes.withoutRefreshToken = true;
      await expireSoon(a.app, connection.id);
      const current = (await a.app.connectionsRepo.findById(connection.id))!;
      const tokens = await Promise.all([
        ...Array.from({ length: 10 }, () => a.app.connectionAccess.accessToken(current)),
        ...Array.from({ length: 10 }, () => b.app.connectionAccess.accessToken(current)),
      ]);
      expect(new Set(tokens).size).toBe(1);
      expect(refreshes.hits).toBe(2);
      const after = (await b.app.connectionsRepo.findById(connection.id))!;
      expect(openToken(b.app.secretBox, connection.id, 'refresh', after.refresh_token!)).toBe(oldRefresh);
    } finally {
      // b shares a's schema, so only a drops it.
      await b.app.close();
      await a.close();
    }
  });
});
