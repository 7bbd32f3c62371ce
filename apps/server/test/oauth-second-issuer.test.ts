import type { FastifyInstance } from 'fastify';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from './helpers/build';
import { freePort } from './helpers/process';

/**
 * The client is standard OpenID Connect, not tuned to its own stand-in: here Google sign-in
 * points at oauth2-mock-server, an issuer this project did not write. Its token hook also
 * forges ID tokens with a wrong nonce, audience or issuer, which must all be refused.
 */
const issuer = new OAuth2Server();
let app: FastifyInstance;
let close: () => Promise<void>;
let base: string;
let tamper: ((payload: Record<string, unknown>) => void) | null = null;

beforeAll(async () => {
  await issuer.issuer.keys.generate('RS256');
  await issuer.start(0, '127.0.0.1');
  issuer.service.on('beforeTokenSigning', (token) => {
    token.payload.email = 'mock@example.com';
    token.payload.name = 'Mock Person';
    tamper?.(token.payload);
  });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  ({ app, close } = await build({
    PUBLIC_URL: base,
    GOOGLE_ISSUER: issuer.issuer.url!,
    GOOGLE_CLIENT_ID: 'relay-test-client',
    GOOGLE_CLIENT_SECRET: 'relay-test-secret',
  }));
  await app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await close();
  await issuer.stop();
});

/** Start, let the mock issuer redirect straight back, and return where our server sends the browser. */
async function signInThroughMock(): Promise<URLSearchParams> {
  const started = await fetch(`${base}/v1/google/oauth-init/auth`);
  // The flow cookie ties the callback to this "browser".
  const cookie = started.headers.getSetCookie()[0]!.split(';')[0]!;
  const { authUrl } = (await started.json()) as { authUrl: string };
  expect(authUrl.startsWith(issuer.issuer.url!)).toBe(true);
  const authorize = await fetch(authUrl, { redirect: 'manual' });
  const callback = authorize.headers.get('location')!;
  expect(callback.startsWith(`${base}/v1/google/callback`)).toBe(true);
  const landed = await fetch(callback, { redirect: 'manual', headers: { cookie } });
  const location = landed.headers.get('location')!;
  expect(location.startsWith('/google/callback#')).toBe(true);
  return new URLSearchParams(location.split('#')[1]);
}

const connections = async () =>
  Number(
    (
      await app.db
        .selectFrom('connections')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('OAuth against a second, independent OpenID Provider', () => {
  it('completes a sign-in', async () => {
    tamper = null;
    const params = await signInThroughMock();
    expect(params.get('success')).toBe('true');
    expect(params.get('email')).toBe('mock@example.com');
    const res = await app.inject({
      method: 'POST',
      url: '/v1/auth/exchange',
      payload: { ticket: params.get('ticket') },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.name).toBe('Mock Person');
  });

  it.each([
    ['a wrong nonce', { nonce: 'not-the-nonce' }],
    ['a wrong audience', { aud: 'someone-else' }],
    ['a wrong issuer', { iss: 'https://evil.example' }],
  ])('refuses an ID token with %s and stores nothing', async (_name, forged) => {
    const change = (payload: Record<string, unknown>) => Object.assign(payload, forged);
    const before = await connections();
    tamper = change;
    try {
      const params = await signInThroughMock();
      expect(Object.fromEntries(params)).toEqual({ success: 'false', error: 'OAUTH_FAILED' });
    } finally {
      tamper = null;
    }
    expect(await connections()).toBe(before);
  });

  it('says identity is real for Google only when configured, and the stand-in still serves Microsoft', async () => {
    const config = (await app.inject({ method: 'GET', url: '/v1/config' })).json();
    expect(config.standIns).toContain('identity');
    const res = await fetch(`${base}/v1/azure/oauth-init/auth`);
    expect(((await res.json()) as { authUrl: string }).authUrl).toContain('/dev/idp/microsoft/auth');
  });
});
