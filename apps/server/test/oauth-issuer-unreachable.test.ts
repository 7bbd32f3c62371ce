import { MESSAGES } from '@app/contract/messages';
import type { FastifyInstance } from 'fastify';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from './helpers/build';
import { freePort } from './helpers/process';

/**
 * Sign-in while the identity provider cannot be reached (issue 29, 17): Google's and Microsoft's
 * issuers are closed loopback ports, so discovery fails as it does when the provider is down or
 * the network is. oauth-init answers 503 SERVICE_UNAVAILABLE in our error shape and the
 * person's language, never a 500; once the issuer answers, the next try works.
 */
let app: FastifyInstance;
let close: () => Promise<void>;
let googlePort = 0;

beforeAll(async () => {
  googlePort = await freePort();
  const microsoftPort = await freePort();
  ({ app, close } = await build({
    GOOGLE_ISSUER: `http://127.0.0.1:${googlePort}`,
    GOOGLE_CLIENT_ID: 'relay-test-client',
    GOOGLE_CLIENT_SECRET: 'relay-test-secret',
    MICROSOFT_ISSUER: `http://127.0.0.1:${microsoftPort}/common/v2.0`,
    MICROSOFT_CLIENT_ID: 'relay-test-client',
    MICROSOFT_CLIENT_SECRET: 'relay-test-secret',
  }));
});
afterAll(async () => close());

const init = (slug: 'google' | 'azure', language = 'en') =>
  app.inject({
    method: 'GET',
    url: `/v1/${slug}/oauth-init/auth`,
    headers: { 'accept-language': language },
  });

describe('oauth-init with the identity provider unreachable', () => {
  it.each([
    ['google', 'Google', 'en'],
    ['azure', 'Microsoft', 'en'],
    ['google', 'Google', 'zh'],
  ] as const)('%s answers 503 with a text in %s (%s)', async (slug, name, language) => {
    const res = await init(slug, language);
    expect(res.statusCode, res.body).toBe(503);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      error: {
        code: 'SERVICE_UNAVAILABLE',
        message: MESSAGES[language].signInProviderUnreachable.replace('{{provider}}', name),
      },
    });
    expect(res.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|fetch failed/);
  });

  it('works at the next try once the provider answers again', async () => {
    expect((await init('google')).statusCode).toBe(503);
    const issuer = new OAuth2Server();
    await issuer.issuer.keys.generate('RS256');
    // The issuer the app was told (oauth2-mock-server names itself localhost otherwise).
    issuer.issuer.url = `http://127.0.0.1:${googlePort}`;
    await issuer.start(googlePort, '127.0.0.1');
    try {
      const res = await init('google');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().authUrl.startsWith(`http://127.0.0.1:${googlePort}/authorize?`)).toBe(true);
    } finally {
      await issuer.stop();
    }
  });
});
