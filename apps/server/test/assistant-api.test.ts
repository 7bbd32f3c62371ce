import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openToken } from '../src/modules/connections/sealed-tokens';
import { bearer, signIn } from './helpers/auth';
import { build } from './helpers/build';
import { authorize } from './helpers/oauth-flow';
import { freePort } from './helpers/process';
import { outboxSettled } from './helpers/sms-outbox';

const KEY = 'assistant-test-key-0123456789-abcdefghijklmnop';
let app: FastifyInstance;
let close: () => Promise<void>;
let base: string;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  ({ app, close } = await build({ PUBLIC_URL: base, ASSISTANT_API_KEY: KEY }));
  await app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => close());

const service = (key = KEY) => ({ authorization: `Bearer ${key}` });
const lookup = (e164: string, headers: Record<string, string> = service()) =>
  app.inject({ method: 'GET', url: `/v1/internal/users/by-phone/${encodeURIComponent(e164)}`, headers });
const accessToken = (id: string, headers: Record<string, string> = service()) =>
  app.inject({ method: 'POST', url: `/v1/internal/connections/${id}/access-token`, headers });

const logFor = (connectionId: string) =>
  app.db
    .selectFrom('assistant_access_log')
    .selectAll()
    .where('connection_id', '=', connectionId)
    .orderBy('created_at')
    .execute();

let phoneCounter = 0;
/** A person who signed in by phone and connected Google through the local issuer. */
async function personWithGoogle() {
  phoneCounter += 1;
  const phone = `+61412${String(Date.now() % 10_000).padStart(4, '0')}${String(phoneCounter).padStart(2, '0')}`;
  const token = await signIn(app, phone);
  const connected = await authorize(base, 'google', { email: `p${phoneCounter}@example.com` }, { token });
  expect(connected.params.get('success')).toBe('true');
  const me = (await app.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(token) })).json();
  const row = await app.connectionsRepo.findForUser(me.user.id, 'google');
  return { phone, token, userId: me.user.id as string, connection: row! };
}

describe('internal API for the assistant service', () => {
  it('refuses a missing or wrong service key, and a user session', async () => {
    const { phone, token } = await personWithGoogle();
    expect((await lookup(phone, {})).statusCode).toBe(401);
    expect((await lookup(phone, service(`${KEY}x`))).statusCode).toBe(401);
    expect((await lookup(phone, service(KEY.slice(0, -1)))).statusCode).toBe(401);
    // A person's own session token opens nothing here.
    expect((await lookup(phone, bearer(token))).statusCode).toBe(401);
    expect((await accessToken('whatever', {})).statusCode).toBe(401);
  });

  it('looks a person up by the phone number they linked, with their connections', async () => {
    const { phone, userId, connection } = await personWithGoogle();
    const res = await lookup(phone);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.user).toMatchObject({ id: userId, phoneNumber: phone });
    expect(body.connections).toEqual([
      expect.objectContaining({
        id: connection.id,
        provider: 'google',
        status: 'connected',
        reason: null,
        grantedScopes: expect.arrayContaining(['https://www.googleapis.com/auth/calendar']),
      }),
    ]);
    // Nothing secret travels in a lookup.
    expect(res.body).not.toContain(connection.access_token);
  });

  it('answers 404 for an unknown number and 400 for one that is not a number', async () => {
    expect((await lookup('+61412999000')).statusCode).toBe(404);
    const bad = await lookup('not-a-phone');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('INVALID_PHONE_NUMBER');
    expect((await accessToken('01J0000000000000000000000')).statusCode).toBe(404);
  });

  it('hands out the current token of a connected account, and logs each use', async () => {
    const { connection, userId } = await personWithGoogle();
    const res = await accessToken(connection.id);
    expect(res.statusCode, res.body).toBe(200);
    const stored = openToken(app.secretBox, connection.id, 'access', connection.access_token);
    expect(res.json()).toMatchObject({ accessToken: stored, tokenType: 'Bearer' });
    const log = await logFor(connection.id);
    expect(log).toEqual([
      expect.objectContaining({ action: 'access_token', user_id: userId, outcome: 'issued' }),
    ]);
  });

  it('refreshes a token that expires within 15 minutes before handing it out', async () => {
    const { connection } = await personWithGoogle();
    const soon = new Date(app.clock.now().getTime() + 5 * 60_000).toISOString();
    await app.connectionsRepo.update(connection.id, { expires_at: soon });
    const old = openToken(app.secretBox, connection.id, 'access', connection.access_token);
    const res = await accessToken(connection.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().accessToken).not.toBe(old);
    expect(Date.parse(res.json().expiresAt)).toBeGreaterThan(Date.parse(soon));
    const row = await app.connectionsRepo.findById(connection.id);
    expect(row?.last_refresh_at).not.toBeNull();
    // The refreshed token is what the provider now honours: the local issuer's userinfo accepts it.
    const userinfo = await fetch(`${base}/dev/idp/google/me`, { headers: bearer(res.json().accessToken) });
    expect(userinfo.status).toBe(200);
  });

  it('answers 409 with the reason for a connection that needs reconnecting', async () => {
    const { connection, phone } = await personWithGoogle();
    await app.connectionsRepo.markBroken(connection.id, 'grant_revoked', new Date().toISOString());
    const res = await accessToken(connection.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('NEEDS_RECONNECT');
    expect(res.json().error.message).toContain('grant_revoked');
    const person = (await lookup(phone)).json();
    expect(person.connections[0]).toMatchObject({ status: 'needs_reconnect', reason: 'grant_revoked' });
    expect((await logFor(connection.id)).map((entry) => entry.outcome)).toEqual([
      'needs_reconnect:grant_revoked',
    ]);
  });

  it('turns a grant withdrawn at the provider into needs_reconnect and one SMS with a reconnect link', async () => {
    const { connection, phone } = await personWithGoogle();
    const revoked = await fetch(`${base}/dev/idp/google/revoke`, {
      method: 'POST',
      body: new URLSearchParams({ email: connection.email }),
    });
    expect(await revoked.json()).toEqual({ revoked: 1 });
    // Like at Google: the access token it had stops working too.
    const oldAccess = openToken(app.secretBox, connection.id, 'access', connection.access_token);
    expect((await fetch(`${base}/dev/idp/google/me`, { headers: bearer(oldAccess) })).status).toBe(401);
    await app.connectionsRepo.update(connection.id, {
      expires_at: new Date(app.clock.now().getTime() + 60_000).toISOString(),
    });
    // Several callers find it broken at once: one SMS, not several.
    const answers = await Promise.all([accessToken(connection.id), accessToken(connection.id)]);
    for (const res of answers) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json().error.message).toContain('grant_revoked');
    }
    expect((await accessToken(connection.id)).statusCode).toBe(409);
    await outboxSettled(app, phone);
    const texts = await app.devOutbox.list({ to: phone, limit: 10 });
    const reconnect = texts.filter((m) => m.body.includes('Reconnect'));
    expect(reconnect).toHaveLength(1);
    expect(reconnect[0]!.body).toContain(`${base}/integrations?reconnect=google`);
    expect(reconnect[0]!.body).toContain(connection.email);
    const row = await app.connectionsRepo.findById(connection.id);
    expect(row).toMatchObject({ status: 'needs_reconnect', status_reason: 'grant_revoked' });
  });

  it('is documented in the OpenAPI output under its own tag, with the service key scheme', async () => {
    const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json();
    const op = doc.paths['/v1/internal/connections/{id}/access-token'].post;
    expect(op.tags).toEqual(['internal']);
    expect(op.security).toEqual([{ serviceKey: [] }]);
    expect(doc.components.securitySchemes.serviceKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});

describe('internal API without ASSISTANT_API_KEY', () => {
  it('does not exist at all', async () => {
    const { app: bare, close: closeBare } = await build();
    try {
      const res = await bare.inject({
        method: 'GET',
        url: '/v1/internal/users/by-phone/%2B61412345678',
        headers: service(),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    } finally {
      await closeBare();
    }
  });
});

describe('the service key’s budget (ASSISTANT_API_RATE_LIMIT_PER_MINUTE)', () => {
  it('answers 429 with Retry-After past the budget, across the internal routes, whatever the address', async () => {
    const { app: limited, close: closeLimited } = await build({
      ASSISTANT_API_KEY: KEY,
      ASSISTANT_API_RATE_LIMIT_PER_MINUTE: '3',
      TRUST_PROXY: '1',
    });
    try {
      const call = (i: number) =>
        limited.inject({
          method: 'GET',
          url: '/v1/internal/users/by-phone/%2B61412345678',
          headers: { ...service(), 'x-forwarded-for': `198.51.100.${i}` },
        });
      const answers = [];
      for (let i = 1; i <= 4; i++) answers.push(await call(i));
      expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404, 429]);
      expect(answers[3]!.json().error.code).toBe('RATE_LIMITED');
      expect(Number(answers[3]!.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await closeLimited();
    }
  });
});
