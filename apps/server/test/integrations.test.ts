import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newId } from '../src/lib/ids';
import type { ConnectionRow } from '../src/modules/connections/repo';
import { openToken, sealToken } from '../src/modules/connections/sealed-tokens';
import { GrantRevokedError } from '../src/providers/identity/identity';
import { bearer, signIn } from './helpers/auth';
import { build } from './helpers/build';
import { authorize, type Consent, type Slug, startOAuth } from './helpers/oauth-flow';
import { freePort } from './helpers/process';

let app: FastifyInstance;
let close: () => Promise<void>;
let base: string;
/** Every HTTP request that reached the server (the local issuers included), by path. */
const hits: string[] = [];

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  ({ app, close } = await build({ PUBLIC_URL: base }));
  await app.listen({ port, host: '127.0.0.1' });
  app.server.on('request', (req: IncomingMessage) => hits.push(`${req.method} ${req.url?.split('?')[0]}`));
});
afterAll(async () => close());

const hitsOf = (line: string) => hits.filter((hit) => hit === line).length;
const GOOGLE_REVOKE = 'POST /dev/idp/google/token/revocation';
const MICROSOFT_REVOKE = 'POST /dev/idp/microsoft/token/revocation';
const FACEBOOK_REVOKE = 'DELETE /dev/idp/facebook/graph/me/permissions';

const PROVIDER_OF: Record<Slug, ConnectionRow['provider']> = {
  google: 'google',
  azure: 'microsoft',
  facebook: 'facebook',
};

let counter = 0;
/** A person signed in by phone, with the given accounts connected through the local issuers. */
async function person(slugs: Slug[] = [], consent: Consent = {}) {
  counter += 1;
  const phone = `+61413${String(Date.now() % 10_000).padStart(4, '0')}${String(counter).padStart(2, '0')}`;
  const token = await signIn(app, phone);
  const me = (await app.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(token) })).json();
  const userId = me.user.id as string;
  const connections: Partial<Record<ConnectionRow['provider'], ConnectionRow>> = {};
  for (const slug of slugs) {
    const email = consent.email ?? `p${counter}-${slug}@example.com`;
    const connected = await authorize(base, slug, { ...consent, email }, { token });
    expect(connected.params.get('success'), connected.params.toString()).toBe('true');
    connections[PROVIDER_OF[slug]] = (await app.connectionsRepo.findForUser(userId, PROVIDER_OF[slug]))!;
  }
  return { token, userId, phone, connections };
}

const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers: { ...(token ? bearer(token) : {}), ...headers } });
const postJson = (url: string, payload: unknown, token?: string) =>
  app.inject({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: token ? bearer(token) : {},
  });
const del = (url: string, token?: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'DELETE', url, headers: { ...(token ? bearer(token) : {}), ...headers } });
const status = async (token: string) => {
  const res = await get('/v1/integrations/status', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().integrations;
};
const service = (entry: { services: { serviceType: string; isEnabled: boolean }[] }, type: string) =>
  entry.services.find((s) => s.serviceType === type);

describe('GET /v1/integrations/status', () => {
  it('needs a session', async () => {
    expect((await get('/v1/integrations/status')).statusCode).toBe(401);
    expect((await get('/v1/integrations/status', 'x'.repeat(43))).statusCode).toBe(401);
  });

  it('lists all four providers as not connected for a new person', async () => {
    const { token } = await person();
    const integrations = await status(token);
    expect(Object.keys(integrations).sort()).toEqual(['apple', 'facebook', 'google', 'microsoft']);
    for (const entry of Object.values(integrations)) {
      expect(entry).toMatchObject({
        isAuthenticated: false,
        email: null,
        name: null,
        status: 'not_connected',
        reason: null,
        connectionId: null,
      });
    }
    expect(integrations.google.services.map((s: { isEnabled: boolean }) => s.isEnabled)).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('shows a connected account with its services, and only to its owner', async () => {
    const { token, connections } = await person(['google'], { name: 'Ada Lovelace' });
    const google = (await status(token)).google;
    expect(google).toMatchObject({
      isAuthenticated: true,
      email: connections.google!.email,
      name: 'Ada Lovelace',
      status: 'connected',
      reason: null,
      connectionId: connections.google!.id,
    });
    expect(google.services).toEqual([
      { serviceType: 'email', integrationKey: 'google-email', isEnabled: true, isGranted: true },
      { serviceType: 'calendar', integrationKey: 'google-calendar', isEnabled: true, isGranted: true },
      { serviceType: 'contacts', integrationKey: 'google-contacts', isEnabled: true, isGranted: true },
    ]);
    const other = await person();
    const theirs = await status(other.token);
    expect(theirs.google).toMatchObject({ status: 'not_connected', email: null, connectionId: null });
  });

  it('shows Microsoft, and a service the person did not grant as off', async () => {
    const { token } = await person(['azure'], { untick: ['Contacts.ReadWrite'] });
    const microsoft = (await status(token)).microsoft;
    expect(microsoft.status).toBe('connected');
    expect(service(microsoft, 'email')?.isEnabled).toBe(true);
    expect(service(microsoft, 'contacts')?.isEnabled).toBe(false);
  });

  it('tells a service not granted from one switched off: Microsoft with every box unticked grants nothing (issue 19, 2.8)', async () => {
    const { token } = await person(['azure'], {
      untick: ['Mail.ReadWrite', 'Calendars.ReadWrite', 'Contacts.ReadWrite'],
    });
    const microsoft = (await status(token)).microsoft;
    expect(microsoft.status).toBe('connected');
    expect(microsoft.services.map((s: { isGranted: boolean }) => s.isGranted)).toEqual([false, false, false]);

    const partly = await person(['google'], { untick: ['auth/contacts'] });
    expect(
      (await postJson('/v1/integrations/disable', { provider: 'google', serviceType: 'email' }, partly.token))
        .statusCode,
    ).toBe(200);
    const google = (await status(partly.token)).google;
    // Switched off by the person: still granted; never allowed: not granted.
    expect(service(google, 'email')).toMatchObject({ isEnabled: false, isGranted: true });
    expect(service(google, 'calendar')).toMatchObject({ isEnabled: true, isGranted: true });
    expect(service(google, 'contacts')).toMatchObject({ isEnabled: false, isGranted: false });
  });

  it('asks Microsoft for consent again when the person connects again, so what they refused can be granted later (issue 19, 2.8)', async () => {
    const { token } = await person();
    const email = `regrant${counter}@example.com`;
    const refused = ['Mail.ReadWrite', 'Calendars.ReadWrite', 'Contacts.ReadWrite'];
    const first = await authorize(base, 'azure', { email, untick: refused }, { token });
    expect(first.params.get('success')).toBe('true');
    // The same browser, still signed in at Microsoft: the consent page comes again all the same.
    const again = await first.browser.follow(await startOAuth(base, 'azure', first.browser, { token }));
    expect(again.url).toMatch(/\/dev\/idp\/microsoft\/interaction\//);
    const form = new URLSearchParams({ email, name: 'Ada Lovelace', action: 'allow' });
    for (const [, scope] of again.body.matchAll(/name="scope" value="([^"]+)"/g))
      form.append('scope', scope!);
    const landed = await first.browser.follow(again.url, { method: 'POST', form });
    expect(landed.stoppedAt).toMatch(/success=true/);
    const microsoft = (await status(token)).microsoft;
    expect(microsoft.services.map((s: { isGranted: boolean }) => s.isGranted)).toEqual([true, true, true]);
  });

  it('shows a broken connection as needs_reconnect with its reason', async () => {
    const { token, connections } = await person(['google']);
    await app.connectionsRepo.markBroken(connections.google!.id, 'grant_revoked', new Date().toISOString());
    const google = (await status(token)).google;
    expect(google).toMatchObject({
      isAuthenticated: false,
      status: 'needs_reconnect',
      reason: 'grant_revoked',
    });
    expect(google.services.every((s: { isEnabled: boolean }) => !s.isEnabled)).toBe(true);
  });
});

describe('POST /v1/integrations/enable and /disable', () => {
  it('turns a service off and on again, visible in status and permissions (read/write by default)', async () => {
    const { token } = await person(['google']);
    const off = await postJson(
      '/v1/integrations/disable',
      { provider: 'google', serviceType: 'calendar' },
      token,
    );
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({
      success: true,
      service: {
        serviceType: 'calendar',
        integrationKey: 'google-calendar',
        isEnabled: false,
        isGranted: true,
      },
    });
    expect(service((await status(token)).google, 'calendar')?.isEnabled).toBe(false);
    expect(service((await status(token)).google, 'email')?.isEnabled).toBe(true);
    // The provider's own status call agrees.
    const own = (await get('/v1/google/status', token)).json();
    expect(service(own, 'calendar')?.isEnabled).toBe(false);
    expect(own.missingServices).toEqual([]);
    const perms = (await get('/v1/integrations/permissions', token)).json().permissions;
    expect(perms).toContainEqual({
      provider: 'google',
      serviceType: 'calendar',
      permissions: ['read', 'write'],
      isEnabled: false,
    });

    const narrowed = await postJson(
      '/v1/integrations/enable',
      { provider: 'google', serviceType: 'calendar', permissions: ['read'], metadata: { source: 'test' } },
      token,
    );
    expect(narrowed.statusCode, narrowed.body).toBe(200);
    expect(narrowed.json().service.isEnabled).toBe(true);
    expect(service((await status(token)).google, 'calendar')?.isEnabled).toBe(true);
    expect((await get('/v1/integrations/permissions', token)).json().permissions).toContainEqual({
      provider: 'google',
      serviceType: 'calendar',
      permissions: ['read'],
      isEnabled: true,
    });

    // Spec §4: enabling without saying gives read and write.
    await postJson('/v1/integrations/enable', { provider: 'google', serviceType: 'calendar' }, token);
    expect((await get('/v1/integrations/permissions', token)).json().permissions).toContainEqual({
      provider: 'google',
      serviceType: 'calendar',
      permissions: ['read', 'write'],
      isEnabled: true,
    });
  });

  it('refuses to enable a service the provider did not grant, saying how to fix it', async () => {
    const { token } = await person(['google'], { untick: ['auth/contacts'] });
    const res = await postJson(
      '/v1/integrations/enable',
      { provider: 'google', serviceType: 'contacts' },
      token,
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'NOT_CONNECTED', field: 'serviceType' });
    expect(res.json().error.message).toContain('Connect it again and allow Contacts');
  });

  it('answers 409 NOT_CONNECTED for a provider the person has not connected', async () => {
    const { token } = await person();
    for (const url of ['/v1/integrations/enable', '/v1/integrations/disable']) {
      const res = await postJson(url, { provider: 'microsoft', serviceType: 'email' }, token);
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('NOT_CONNECTED');
      expect(res.json().error.message).toBe('Microsoft is not connected.');
    }
  });

  it('answers 404 for another user’s connection id, and leaves it untouched', async () => {
    const owner = await person(['google']);
    const intruder = await person(['google']);
    const theirs = owner.connections.google!.id;
    for (const url of ['/v1/integrations/enable', '/v1/integrations/disable']) {
      const res = await postJson(
        url,
        { provider: 'google', serviceType: 'calendar', connectionId: theirs },
        intruder.token,
      );
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    expect(service((await status(owner.token)).google, 'calendar')?.isEnabled).toBe(true);
    expect(await app.connectionsRepo.listServices([theirs])).toEqual([]);
    // With their own id it works.
    const own = await postJson(
      '/v1/integrations/disable',
      { provider: 'google', serviceType: 'calendar', connectionId: intruder.connections.google!.id },
      intruder.token,
    );
    expect(own.statusCode, own.body).toBe(200);
  });

  it('answers 400 for bad input and 401 without a session', async () => {
    const { token } = await person(['google']);
    const bad = [
      {},
      { provider: 'google' },
      { provider: 'yahoo', serviceType: 'email' },
      { provider: 'google', serviceType: 'photos' },
      { provider: 'google', serviceType: 'email', permissions: ['admin'] },
      { provider: 'google', serviceType: 'email', permissions: [] },
      { provider: 'google', serviceType: 'email', connectionId: 'not-an-id' },
      { provider: 'google', serviceType: 'email', metadata: { note: 'two\nlines' } },
    ];
    for (const payload of bad) {
      const res = await postJson('/v1/integrations/enable', payload, token);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
    }
    expect((await postJson('/v1/integrations/disable', { provider: 'google' }, token)).statusCode).toBe(400);
    // Facebook connects for sign-in only: it has no services to switch.
    const fb = await person(['facebook']);
    const noService = await postJson(
      '/v1/integrations/enable',
      { provider: 'facebook', serviceType: 'email' },
      fb.token,
    );
    expect(noService.statusCode).toBe(400);
    expect(noService.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field: 'serviceType' });
    expect((await del('/v1/disconnect/facebook?service=calendar', fb.token)).statusCode).toBe(400);
    for (const url of ['/v1/integrations/enable', '/v1/integrations/disable']) {
      expect((await postJson(url, { provider: 'google', serviceType: 'email' })).statusCode).toBe(401);
    }
  });
});

describe('GET /v1/integrations/permissions', () => {
  it('needs a session', async () => {
    expect((await get('/v1/integrations/permissions')).statusCode).toBe(401);
  });

  it('is empty for a person with nothing connected, and lists only granted services', async () => {
    const { token } = await person();
    expect((await get('/v1/integrations/permissions', token)).json()).toEqual({ permissions: [] });
    const withGoogle = await person(['google'], { untick: ['gmail.modify'] });
    const res = await get('/v1/integrations/permissions', withGoogle.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().permissions).toEqual([
      { provider: 'google', serviceType: 'calendar', permissions: ['read', 'write'], isEnabled: true },
      { provider: 'google', serviceType: 'contacts', permissions: ['read', 'write'], isEnabled: true },
    ]);
    // Another person's grants never show.
    expect((await get('/v1/integrations/permissions', token)).json()).toEqual({ permissions: [] });
  });
});

describe('DELETE /v1/disconnect', () => {
  const stored = async (id: string) => app.connectionsRepo.findById(id);

  it('revokes the grant at Google and deletes our tokens', async () => {
    const { token, connections } = await person(['google']);
    const row = connections.google!;
    await postJson('/v1/integrations/disable', { provider: 'google', serviceType: 'email' }, token);
    const refreshToken = openToken(app.secretBox, row.id, 'refresh', row.refresh_token!);
    const before = hitsOf(GOOGLE_REVOKE);
    const res = await del('/v1/disconnect/google', token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Google disconnected successfully.' });
    expect(hitsOf(GOOGLE_REVOKE)).toBe(before + 1);
    // Our copy is gone, switches included ...
    expect(await stored(row.id)).toBeUndefined();
    expect(await app.connectionsRepo.listServices([row.id])).toEqual([]);
    expect((await status(token)).google.status).toBe('not_connected');
    // ... and the provider no longer honours the grant.
    await expect(app.identity.refresh('google', refreshToken)).rejects.toBeInstanceOf(GrantRevokedError);
    // Nothing left to disconnect.
    const again = await del('/v1/disconnect/google', token);
    expect(again.statusCode).toBe(404);
    expect(again.json().error.message).toBe('Google is not connected.');
  });

  it('takes ?provider= and says so in the person’s language (Facebook: its permissions delete)', async () => {
    const { token, connections } = await person(['facebook']);
    const before = hitsOf(FACEBOOK_REVOKE);
    const res = await del('/v1/disconnect?provider=facebook', token, { 'accept-language': 'zh-CN' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Facebook 已成功断开连接。');
    expect(hitsOf(FACEBOOK_REVOKE)).toBe(before + 1);
    expect(await stored(connections.facebook!.id)).toBeUndefined();
  });

  it('accepts azure for Microsoft, and a connection id with ?provider=', async () => {
    const first = await person(['azure']);
    const before = hitsOf(MICROSOFT_REVOKE);
    const res = await del('/v1/disconnect/azure', first.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Microsoft disconnected successfully.');
    // The local issuer advertises a revocation endpoint; real Microsoft does not (nothing to call).
    expect(hitsOf(MICROSOFT_REVOKE)).toBe(before + 1);
    expect(await stored(first.connections.microsoft!.id)).toBeUndefined();

    const second = await person(['google']);
    const id = second.connections.google!.id;
    expect((await del(`/v1/disconnect/${id}?provider=microsoft`, second.token)).statusCode).toBe(404);
    const byId = await del(`/v1/disconnect/${id}?provider=google`, second.token);
    expect(byId.statusCode, byId.body).toBe(200);
    expect(await stored(id)).toBeUndefined();
  });

  it('turns off one service with ?service= and keeps the connection', async () => {
    const { token, connections } = await person(['google']);
    const before = hitsOf(GOOGLE_REVOKE);
    const res = await del('/v1/disconnect/google?service=calendar&provider=google', token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Google Calendar disconnected successfully.');
    expect(hitsOf(GOOGLE_REVOKE)).toBe(before);
    expect(await stored(connections.google!.id)).toBeDefined();
    const google = (await status(token)).google;
    expect(google.status).toBe('connected');
    expect(service(google, 'calendar')?.isEnabled).toBe(false);
    expect(service(google, 'email')?.isEnabled).toBe(true);
  });

  it('deletes our copy even when the provider’s revoke fails', async () => {
    const { token, connections } = await person(['google']);
    const revoke = vi.spyOn(app.identity, 'revoke').mockRejectedValueOnce(new Error('provider down'));
    try {
      const res = await del('/v1/disconnect/google', token);
      expect(res.statusCode, res.body).toBe(200);
      expect(revoke).toHaveBeenCalledOnce();
      expect(await stored(connections.google!.id)).toBeUndefined();
    } finally {
      revoke.mockRestore();
    }
  });

  it('answers 404 for another user’s connection and leaves it connected', async () => {
    const owner = await person(['google']);
    const intruder = await person();
    const id = owner.connections.google!.id;
    const before = hitsOf(GOOGLE_REVOKE);
    for (const url of [`/v1/disconnect/${id}`, `/v1/disconnect/${id}?service=email`]) {
      const res = await del(url, intruder.token);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    // Having no Google of their own, "disconnect google" finds nothing of the owner's either.
    expect((await del('/v1/disconnect/google', intruder.token)).statusCode).toBe(404);
    expect((await del('/v1/disconnect?provider=google', intruder.token)).statusCode).toBe(404);
    expect(hitsOf(GOOGLE_REVOKE)).toBe(before);
    expect((await stored(id))?.status).toBe('connected');
    expect((await status(owner.token)).google.status).toBe('connected');
    // An id that exists nowhere answers the same.
    expect(
      (await del('/v1/disconnect/0190a0e4-7c1d-7000-8000-000000000000', intruder.token)).statusCode,
    ).toBe(404);
  });

  it('answers 400 for bad input and 401 without a session', async () => {
    const { token } = await person(['google']);
    for (const url of [
      '/v1/disconnect/yahoo',
      '/v1/disconnect/google?service=photos',
      '/v1/disconnect/google?provider=yahoo',
      '/v1/disconnect/google?provider=microsoft',
      '/v1/disconnect',
      '/v1/disconnect?provider=azure',
    ]) {
      const res = await del(url, token);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
    }
    expect((await del('/v1/disconnect/google')).statusCode).toBe(401);
    expect((await del('/v1/disconnect?provider=google')).statusCode).toBe(401);
    expect((await status(token)).google.status).toBe('connected');
  });
});

describe('Apple iCloud', () => {
  it('shows calendar and contacts, and disconnects by deleting the stored password (no revoke exists)', async () => {
    const { token, userId } = await person();
    // Stored as the Apple module stores a connection: the app-specific password sealed as the access token.
    const id = newId();
    const now = new Date().toISOString();
    await app.connectionsRepo.insert({
      id,
      user_id: userId,
      provider: 'apple',
      provider_account_id: `apple-${id}`,
      email: 'ada@icloud.com',
      name: 'ada@icloud.com',
      granted_scopes: 'calendar contacts',
      access_token: sealToken(app.secretBox, id, 'access', 'abcd-efgh-ijkl-mnop'),
      refresh_token: null,
      expires_at: null,
      status: 'connected',
      status_reason: null,
      created_at: now,
      updated_at: now,
    });
    const apple = (await status(token)).apple;
    expect(apple).toMatchObject({ isAuthenticated: true, email: 'ada@icloud.com', status: 'connected' });
    expect(apple.services).toEqual([
      { serviceType: 'calendar', integrationKey: 'apple-calendar', isEnabled: true, isGranted: true },
      { serviceType: 'contacts', integrationKey: 'apple-contacts', isEnabled: true, isGranted: true },
    ]);
    const revoke = vi.spyOn(app.identity, 'revoke');
    try {
      const res = await del('/v1/disconnect/apple', token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe('Apple iCloud disconnected successfully.');
      expect(revoke).not.toHaveBeenCalled();
    } finally {
      revoke.mockRestore();
    }
    expect(await app.connectionsRepo.findById(id)).toBeUndefined();
  });
});

describe('the support mail', () => {
  it('names the connected accounts, a broken one marked', async () => {
    const { token, connections } = await person(['google', 'azure']);
    await app.connectionsRepo.markBroken(
      connections.microsoft!.id,
      'grant_revoked',
      new Date().toISOString(),
    );
    const res = await postJson(
      '/v1/contact',
      { subject: 'Calendar', message: 'Missing events', priority: 'medium' },
      token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const mail = await app.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('contact_message_id', '=', res.json().id)
      .where('kind', '=', 'support')
      .executeTakeFirstOrThrow();
    expect(mail.body).toContain(
      `Connected:  Microsoft (${connections.microsoft!.email}, needs reconnect: grant_revoked), Google (${connections.google!.email})`,
    );
  });
});
