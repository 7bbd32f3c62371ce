import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { clientKey } from '../src/lib/client-address';
import { loggableUrl, redactPhoneNumbers } from '../src/lib/redact';
import { bearer, freshIp, signIn } from './helpers/auth';
import { build, useApp } from './helpers/build';
import { startServer } from './helpers/process';

describe('stand-ins never face the internet by accident', () => {
  it('refuses to start with a public PUBLIC_URL and no credentials, naming the missing variables', async () => {
    const server = await startServer({ PUBLIC_URL: 'https://relay.example.com' });
    const { code, output } = await server.exited;
    expect(code).toBe(1);
    expect(output).toContain('Refusing to start');
    expect(output).toContain('TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM');
    expect(output).toContain('SMTP_URL');
    expect(output).toContain('ALLOW_STAND_INS=true');
    expect(output).not.toMatch(/\n\s+at /);
  }, 30_000);

  it('names only what is still missing once some services are real', async () => {
    const server = await startServer({
      PUBLIC_URL: 'https://relay.example.com',
      SMTP_URL: 'smtp://127.0.0.1:2525',
    });
    const { code, output } = await server.exited;
    expect(code).toBe(1);
    expect(output).toContain('TWILIO_ACCOUNT_SID');
    expect(output).not.toContain('SMTP_URL');
  }, 30_000);

  it('starts on stand-ins with ALLOW_STAND_INS=true, and on a loopback PUBLIC_URL', async () => {
    for (const env of <Record<string, string>[]>[
      { PUBLIC_URL: 'https://relay.example.com', ALLOW_STAND_INS: 'true' },
      { PUBLIC_URL: 'http://127.0.0.1:3000' },
    ]) {
      const server = await startServer(env);
      try {
        expect(await server.ready()).toBe(true);
      } finally {
        await server.stop();
      }
    }
  }, 30_000);

  it('answers the dev outbox only to this machine', async () => {
    const { app, close } = await build();
    try {
      const local = await app.inject({ method: 'GET', url: '/v1/dev/outbox', remoteAddress: '127.0.0.1' });
      expect(local.statusCode).toBe(200);
      const v6 = await app.inject({ method: 'GET', url: '/v1/dev/outbox', remoteAddress: '::1' });
      expect(v6.statusCode).toBe(200);
      const remote = await app.inject({ method: 'GET', url: '/v1/dev/outbox', remoteAddress: '203.0.113.5' });
      expect(remote.statusCode).toBe(404);
      expect(remote.json().error.code).toBe('NOT_FOUND');
    } finally {
      await close();
    }
  });

  it('answers the dev outbox to everyone with ALLOW_STAND_INS=true', async () => {
    const { app, close } = await build({ ALLOW_STAND_INS: 'true' });
    try {
      const remote = await app.inject({ method: 'GET', url: '/v1/dev/outbox', remoteAddress: '203.0.113.5' });
      expect(remote.statusCode).toBe(200);
    } finally {
      await close();
    }
  });

  it('has no dev routes at all once every outbox service is real', async () => {
    const { app, close } = await build({
      SMTP_URL: 'smtp://127.0.0.1:2525',
      TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 'x'.repeat(32),
      TWILIO_FROM: '+15005550006',
      GOOGLE_CLIENT_ID: 'google-client-id',
      GOOGLE_CLIENT_SECRET: 'google-client-secret',
      MICROSOFT_CLIENT_ID: 'microsoft-client-id',
      MICROSOFT_CLIENT_SECRET: 'microsoft-client-secret',
      FACEBOOK_CLIENT_ID: 'facebook-client-id',
      FACEBOOK_CLIENT_SECRET: 'facebook-client-secret',
      STRIPE_SECRET_KEY: 'sk_test_deploysafety',
      STRIPE_WEBHOOK_SECRET: 'whsec_deploysafety',
      STRIPE_STARTER_PRICE_ID: 'price_starter',
      LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
      LLM_MODEL: 'test-model',
      APPLE_CALDAV_URL: 'https://caldav.example.com',
    });
    try {
      expect((await app.inject({ method: 'GET', url: '/v1/dev/outbox' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/v1/config' })).json().standIns).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('trusted proxies', () => {
  it('refuses TRUST_PROXY=true at start, saying why', async () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY.*dodge per-IP limits/s);
    const server = await startServer({ TRUST_PROXY: 'true' });
    const { code, output } = await server.exited;
    expect(code).toBe(1);
    expect(output).toContain('TRUST_PROXY');
  }, 30_000);

  it('takes a hop count or a list of addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 2001:db8::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '2001:db8::1',
    ]);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'proxy.internal' })).toThrow(/TRUST_PROXY/);
  });

  it('does not let a spoofed X-Forwarded-For escape a per-IP limit behind one proxy', async () => {
    const { app, close } = await build({ TRUST_PROXY: '1', RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const client = freshIp();
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        // The client writes whatever it likes first; the proxy appends the address it saw.
        const res = await app.inject({
          method: 'GET',
          url: '/v1/no-such-route',
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': `${freshIp()}, ${client}` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([404, 404, 404, 429, 429]);
    } finally {
      await close();
    }
  });

  it('ignores X-Forwarded-For entirely when no proxy is trusted', async () => {
    const { app, close } = await build({ RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const remoteAddress = freshIp();
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await app.inject({
          method: 'GET',
          url: '/v1/no-such-route',
          remoteAddress,
          headers: { 'x-forwarded-for': freshIp() },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([404, 404, 429]);
    } finally {
      await close();
    }
  });

  it('counts IPv6 clients by their /64', async () => {
    expect(clientKey('2001:db8:1:2::a')).toBe(clientKey('2001:db8:1:2:ffff:1:2:3'));
    expect(clientKey('2001:db8:1:2::a')).not.toBe(clientKey('2001:db8:1:3::a'));
    expect(clientKey('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKey('203.0.113.9')).toBe('203.0.113.9');
    const { app, close } = await build({ RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const hit = (remoteAddress: string) =>
        app.inject({ method: 'GET', url: '/v1/no-such-route', remoteAddress }).then((r) => r.statusCode);
      const prefix = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:7`;
      expect(await hit(`${prefix}::1`)).toBe(404);
      expect(await hit(`${prefix}::2`)).toBe(404);
      expect(await hit(`${prefix}:aaaa:bbbb:cccc:dddd`)).toBe(429);
      expect(await hit(`${prefix.replace(/:7$/, ':8')}::1`)).toBe(404);
    } finally {
      await close();
    }
  });
});

describe('API responses', () => {
  const ctx = useApp();

  it('are never stored by a cache: success, client error, 401 and 404', async () => {
    const token = await signIn(ctx.app, '+61412000001');
    const responses = await Promise.all([
      ctx.app.inject({ method: 'GET', url: '/v1/config' }),
      ctx.app.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(token) }),
      ctx.app.inject({ method: 'GET', url: '/v1/auth/me' }),
      ctx.app.inject({ method: 'GET', url: '/v1/nothing-here' }),
      ctx.app.inject({
        method: 'POST',
        url: '/v1/api/send-verification-code',
        payload: { phoneNumber: 'x' },
      }),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 401, 404, 400]);
    for (const res of responses) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('refuses a number that is not valid for its country, whatever its length', async () => {
    for (const phoneNumber of ['+6100412345678', '+15550100000']) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/v1/api/send-verification-code',
        payload: { phoneNumber },
        remoteAddress: freshIp(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'INVALID_PHONE_NUMBER', field: 'phoneNumber' });
    }
  });

  it('shares one set of limits between the ways one number can be written', async () => {
    const first = await ctx.app.inject({
      method: 'POST',
      url: '/v1/api/send-verification-code',
      payload: { phoneNumber: '+61412000002' },
      remoteAddress: freshIp(),
    });
    expect(first.statusCode).toBe(200);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/v1/api/send-verification-code',
      payload: { phoneNumber: '+610412000002' },
      remoteAddress: freshIp(),
    });
    expect(again.statusCode).toBe(429);
    expect(await ctx.app.devOutbox.list({ to: '+61412000002', limit: 5 })).toHaveLength(1);
  });
});

describe('logs', () => {
  it('mask phone numbers in URLs', () => {
    expect(redactPhoneNumbers('/v1/internal/users/by-phone/+61412345678')).toBe(
      '/v1/internal/users/by-phone/+*********78',
    );
    expect(redactPhoneNumbers('/v1/dev/outbox?to=%2B61412345678&limit=1')).toBe(
      '/v1/dev/outbox?to=+*********78&limit=1',
    );
    expect(redactPhoneNumbers('/v1/billing/invoices/in_123/download')).toBe(
      '/v1/billing/invoices/in_123/download',
    );
  });

  it("keep a query's parameter names and never its values", () => {
    expect(loggableUrl('/v1/google/oauth-init/auth?verified_phone=abc.def&return_url=%2Fx', false)).toBe(
      '/v1/google/oauth-init/auth?verified_phone=&return_url=',
    );
    expect(loggableUrl('/v1/x?code=1&code=2', false)).toBe('/v1/x?code=');
    expect(loggableUrl('/v1/internal/users/by-phone/+61412345678', true)).toBe(
      '/v1/internal/users/by-phone/+*********78',
    );
    expect(loggableUrl('/v1/billing/info', true)).toBe('/v1/billing/info');
  });

  it('of a production server carry neither the number nor the SMS text', async () => {
    const server = await startServer({ LOG_LEVEL: 'info' });
    try {
      expect(await server.ready()).toBe(true);
      const base = `http://127.0.0.1:${server.port}`;
      const sent = await fetch(`${base}/v1/api/send-verification-code`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ phoneNumber: '+61412000003' }),
      });
      expect(sent.status).toBe(200);
      await fetch(`${base}/v1/dev/outbox?to=%2B61412000003`);
      // Credentials that travel in a query: a verified-phone proof, an OAuth code and state.
      await fetch(`${base}/v1/google/oauth-init/auth?verified_phone=PROOFvalue0123456789`);
      await fetch(`${base}/v1/google/callback?code=CODEvalue0123456789&state=STATEvalue0123456789`);
    } finally {
      await server.stop();
    }
    const { output } = await server.exited;
    expect(output).toContain('SMS (local stand-in');
    expect(output).toMatch(/"code":"\d{5}"/);
    expect(output).not.toContain('412000003');
    expect(output).not.toContain('sign-in code');
    expect(output).toContain('/v1/google/callback?code=&state=');
    expect(output).not.toMatch(/PROOFvalue|CODEvalue|STATEvalue/);
  }, 30_000);
});
