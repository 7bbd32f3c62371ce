import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectionsRepo } from '../src/modules/connections/repo';
import { tokenContext } from '../src/modules/connections/sealed-tokens';
import {
  advanceClock,
  bearer,
  freshIp,
  latestCode,
  post,
  proofCookieOf,
  requestCode,
  signIn,
} from './helpers/auth';
import { TestBrowser } from './helpers/browser';
import { build } from './helpers/build';
import { authorize as authorizeAt, type Consent, type Slug, startOAuth } from './helpers/oauth-flow';
import { freePort } from './helpers/process';

let app: FastifyInstance;
let close: () => Promise<void>;
let base: string;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  ({ app, close } = await build({ PUBLIC_URL: base }));
  await app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => close());

const start = (slug: Slug, browser: TestBrowser, init: { token?: string; verifiedPhone?: string } = {}) =>
  startOAuth(base, slug, browser, init);
const authorize = (
  slug: Slug,
  consent: Consent = {},
  init: { token?: string; verifiedPhone?: string; browser?: TestBrowser } = {},
  stopAt?: RegExp,
) => authorizeAt(base, slug, consent, init, stopAt);

async function exchange(ticket: string) {
  return post(app, '/v1/auth/exchange', { ticket });
}

const count = async (table: 'users' | 'connections' | 'sessions') =>
  Number(
    (
      await app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('OAuth sign-in against the local issuer, over real HTTP', () => {
  it('creates a user and hands the browser a one-time ticket for a session', async () => {
    const { path, params } = await authorize('google', { email: 'grace@example.com', name: 'Grace Hopper' });
    expect(path).toBe('/google/callback');
    expect(params.get('success')).toBe('true');
    expect(params.get('purpose')).toBe('signin');
    expect(params.get('email')).toBe('grace@example.com');
    expect(params.has('sessionToken')).toBe(false);
    const ticket = params.get('ticket')!;
    const res = await exchange(ticket);
    expect(res.statusCode, res.body).toBe(200);
    const { sessionToken, user } = res.json();
    expect(user).toMatchObject({ name: 'Grace Hopper', email: 'grace@example.com', provider: 'google' });
    expect(user.id).toBe(params.get('account_id'));
    const me = await app.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(sessionToken) });
    expect(me.json().user.id).toBe(user.id);
    // A ticket works once.
    expect((await exchange(ticket)).statusCode).toBe(401);
  });

  it('stores tokens sealed, never in plain text', async () => {
    const { params } = await authorize('google', { email: 'sealed@example.com' });
    const row = await app.db
      .selectFrom('connections')
      .selectAll()
      .where('user_id', '=', params.get('account_id')!)
      .executeTakeFirstOrThrow();
    const access = app.secretBox.open(row.access_token, tokenContext(row.id, 'access')).plaintext;
    const refresh = app.secretBox.open(row.refresh_token!, tokenContext(row.id, 'refresh')).plaintext;
    expect(access.length).toBeGreaterThan(10);
    expect(refresh.length).toBeGreaterThan(10);
    const everything = JSON.stringify(await app.db.selectFrom('connections').selectAll().execute());
    expect(everything).not.toContain(access);
    expect(everything).not.toContain(refresh);
    const sessions = JSON.stringify(await app.db.selectFrom('sessions').selectAll().execute());
    const ticketed = await exchange(params.get('ticket')!);
    expect(sessions).not.toContain(ticketed.json().sessionToken);
  });

  it('signs the same account in as the same user, keyed on the provider account, not the email', async () => {
    const first = await authorize('google', { email: 'twice@example.com' });
    const users = await count('users');
    const second = await authorize('google', { email: 'twice@example.com' });
    expect(second.params.get('account_id')).toBe(first.params.get('account_id'));
    expect(await count('users')).toBe(users);
    // Microsoft with the same email is another account, so another user.
    const microsoft = await authorize('azure', { email: 'twice@example.com' });
    expect(microsoft.path).toBe('/azure/callback');
    expect(microsoft.params.get('account_id')).not.toBe(first.params.get('account_id'));
    const row = await app.db
      .selectFrom('connections')
      .select('provider_account_id')
      .where('user_id', '=', microsoft.params.get('account_id')!)
      .executeTakeFirstOrThrow();
    // Microsoft accounts are keyed by tenant and object id.
    expect(row.provider_account_id).toMatch(/^[0-9a-f-]{36}:[0-9a-f]+$/);
  });

  it('links the account to the signed-in user when connecting (never a new user)', async () => {
    const token = await signIn(app, '+61412710001');
    const me = (await app.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(token) })).json().user;
    const users = await count('users');
    const { params } = await authorize('google', { email: 'connect@example.com' }, { token });
    expect(params.get('purpose')).toBe('connect');
    expect(params.get('account_id')).toBe(me.id);
    expect(params.has('ticket')).toBe(false);
    expect(await count('users')).toBe(users);
    const status = await app.inject({ method: 'GET', url: '/v1/google/status', headers: bearer(token) });
    expect(status.json()).toMatchObject({
      isAuthenticated: true,
      status: 'connected',
      email: 'connect@example.com',
      missingServices: [],
    });
  });

  it("links a new phone user's verified number, once", async () => {
    const phone = '+61412710002';
    const ip = freshIp();
    const code = await requestCode(app, phone, ip);
    const response = await post(
      app,
      '/v1/api/verify-code',
      { phoneNumber: phone, code },
      { remoteAddress: ip },
    );
    const verified = response.json();
    const proof = verified.verifiedPhoneToken as string;
    // The browser that verified carries the proof's cookie to oauth-init.
    const verifiedBrowser = () => {
      const browser = new TestBrowser();
      browser.setCookie(proofCookieOf(response).cookie!);
      return browser;
    };
    const { params } = await authorize(
      'google',
      { email: 'phone-linked@example.com' },
      { verifiedPhone: proof, browser: verifiedBrowser() },
    );
    expect(params.get('success')).toBe('true');
    expect(params.get('account_id')).toBe(verified.user.userId);
    const session = (await exchange(params.get('ticket')!)).json();
    expect(session.user).toMatchObject({
      phoneNumber: phone,
      email: 'phone-linked@example.com',
      provider: 'google',
    });
    // The same proof again: refused when it would be spent.
    const again = await authorize(
      'google',
      { email: 'other@example.com' },
      { verifiedPhone: proof, browser: verifiedBrowser() },
    );
    expect(again.params.get('success')).toBe('false');
    expect(again.params.get('error')).toBe('OAUTH_FAILED');
  });

  it('refuses a forged or bare-number proof at the start', async () => {
    for (const proof of ['+61412710003', 'eyJmb3JnZWQiOnRydWV9.c2lnbmF0dXJl']) {
      const res = await fetch(
        `${base}/v1/google/oauth-init/auth?verified_phone=${encodeURIComponent(proof)}`,
      );
      expect(res.status).toBe(401);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UNAUTHORIZED');
    }
  });

  it('records unticked scopes as not granted, and reports them missing', async () => {
    const { params } = await authorize('google', { email: 'partial@example.com', untick: ['calendar'] });
    expect(params.get('missing')).toBe('calendar');
    const { sessionToken } = (await exchange(params.get('ticket')!)).json();
    const status = (
      await app.inject({ method: 'GET', url: '/v1/google/status', headers: bearer(sessionToken) })
    ).json();
    expect(status.missingServices).toEqual(['calendar']);
    expect(status.services).toContainEqual({
      serviceType: 'calendar',
      integrationKey: 'google-calendar',
      isEnabled: false,
      isGranted: false,
    });
    expect(status.grantedScopes).not.toContain('https://www.googleapis.com/auth/calendar');
  });

  it('never narrows a working grant', async () => {
    const full = await authorize('google', { email: 'keep@example.com' });
    const narrow = await authorize('google', { email: 'keep@example.com', untick: ['gmail', 'contacts'] });
    expect(narrow.params.get('account_id')).toBe(full.params.get('account_id'));
    const { sessionToken } = (await exchange(narrow.params.get('ticket')!)).json();
    const status = (
      await app.inject({ method: 'GET', url: '/v1/google/status', headers: bearer(sessionToken) })
    ).json();
    expect(status.missingServices).toEqual([]);
  });

  it('lands on the callback screen with OAUTH_DENIED when consent is declined, and stores nothing', async () => {
    const connections = await count('connections');
    const { path, params } = await authorize('google', { deny: true });
    expect(path).toBe('/google/callback');
    expect(Object.fromEntries(params)).toEqual({ success: 'false', error: 'OAUTH_DENIED' });
    expect(await count('connections')).toBe(connections);
  });

  it('refuses a replayed, unknown or missing state and a missing code, storing nothing', async () => {
    const users = await count('users');
    const connections = await count('connections');
    for (const query of ['state=made-up&code=abc', 'code=abc', 'state=', '']) {
      const res = await fetch(`${base}/v1/google/callback?${query}`, { redirect: 'manual' });
      expect(res.status).toBe(302);
      expect(res.headers.get('location')).toBe('/google/callback#success=false&error=OAUTH_FAILED');
    }
    expect(await count('users')).toBe(users);
    expect(await count('connections')).toBe(connections);
    // A real callback, from the browser that started it: it works once; the same link again does not.
    const { path, params, browser } = await authorize(
      'google',
      { email: 'replay@example.com' },
      {},
      /^\/v1\/google\/callback/,
    );
    const first = await browser.request(`${base}${path}?${params}`);
    expect(first.headers.get('location')).toContain('success=true');
    const replay = await browser.request(`${base}${path}?${params}`);
    expect(replay.headers.get('location')).toBe('/google/callback#success=false&error=OAUTH_FAILED');
  });

  it('refuses a callback link opened in another browser than the one that started the sign-in', async () => {
    const users = await count('users');
    // The provider has answered; the callback link (with a good code and state) is sent to someone else.
    const { path, params } = await authorize(
      'google',
      { email: 'attacker@example.com' },
      {},
      /^\/v1\/google\/callback/,
    );
    expect(path).toBe('/v1/google/callback');
    const victim = new TestBrowser();
    const res = await victim.request(`${base}${path}?${params}`);
    expect(res.headers.get('location')).toBe('/google/callback#success=false&error=OAUTH_FAILED');
    expect(await count('users')).toBe(users);
  });

  it('answers JSON to a client that asks for it', async () => {
    const res = await fetch(`${base}/v1/google/callback?state=nope&code=x`, {
      headers: { accept: 'application/json' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      success: false,
      message: 'OAuth authentication failed. Please try again.',
      user: null,
    });
  });

  it('lets a ticket be exchanged only within 60 s', async () => {
    const { params } = await authorize('google', { email: 'slow@example.com' });
    advanceClock(app, 61_000);
    const res = await exchange(params.get('ticket')!);
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Failed to create user session. Please try again.');
  });

  it('signs in with Facebook over plain OAuth 2.0, the profile from its API', async () => {
    const { path, params } = await authorize('facebook', { email: 'fb@example.com', name: 'Face Book' });
    expect(path).toBe('/facebook/callback');
    expect(params.get('success')).toBe('true');
    expect(params.get('email')).toBe('fb@example.com');
    const { sessionToken, user } = (await exchange(params.get('ticket')!)).json();
    expect(user).toMatchObject({ name: 'Face Book', provider: 'facebook' });
    const status = (
      await app.inject({ method: 'GET', url: '/v1/facebook/status', headers: bearer(sessionToken) })
    ).json();
    expect(status).toMatchObject({ isAuthenticated: true, status: 'connected', email: 'fb@example.com' });
    expect(status.grantedScopes).toEqual(expect.arrayContaining(['email', 'public_profile']));
  });

  it('reports not connected for a provider never connected', async () => {
    const token = await signIn(app, '+61412710004');
    const res = await app.inject({ method: 'GET', url: '/v1/azure/status', headers: bearer(token) });
    expect(res.json()).toMatchObject({ isAuthenticated: false, status: 'not_connected', email: null });
    expect((await app.inject({ method: 'GET', url: '/v1/azure/status' })).statusCode).toBe(401);
  });
});

void latestCode;

describe('OAuth callback when something unexpected breaks', () => {
  it('still lands on the callback screen with an error, and stores nothing', async () => {
    const browser = new TestBrowser();
    const authUrl = await start('google', browser);
    const page = await browser.follow(authUrl);
    const form = new URLSearchParams({ email: 'broken@example.com', name: 'Broken', action: 'allow' });
    // Repositories bound to a transaction are new instances: break the class's method.
    const original = ConnectionsRepo.prototype.insert;
    ConnectionsRepo.prototype.insert = async () => {
      throw new Error('disk full');
    };
    try {
      const users = await count('users');
      const landed = await browser.follow(page.url, { method: 'POST', form });
      expect(landed.stoppedAt).toBe('/google/callback#success=false&error=OAUTH_FAILED');
      expect(await count('users')).toBe(users);
    } finally {
      ConnectionsRepo.prototype.insert = original;
    }
  });
});
