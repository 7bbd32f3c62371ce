import { API_BASE } from '@app/contract/http';
import { ROUTES } from '@app/contract/routes';
import { describe, expect, it } from 'vitest';
import { bearer, freshIp, signIn } from './helpers/auth';
import { useApp } from './helpers/build';

const SERVICE_KEY = 'walk-test-assistant-key-0123456789abcdef';
const ctx = useApp({ ASSISTANT_API_KEY: SERVICE_KEY });

/** A path with every `:param` filled, so the request reaches the route and not the 404 handler. */
const pathOf = (path: string) => `${API_BASE}${path.replace(/:([A-Za-z_]+)/g, 'x')}`;

/** What an anonymous prober sends: a body (or query) that fails validation on every route. */
const INVALID = { confirm: 'no', userId: 42, tokens: 'many', [`x${'y'.repeat(10)}`]: [null] };

describe('credentials are checked before the request is validated', () => {
  const guarded = ROUTES.filter((route) => route.auth !== false);

  it('walks the contract: every route that needs a session or the service key', () => {
    expect(guarded.some((route) => route.auth === true)).toBe(true);
    expect(guarded.some((route) => route.auth === 'service')).toBe(true);
  });

  for (const route of guarded) {
    it(`${route.method} ${route.path} answers 401 to no credentials and an invalid body, naming no field`, async () => {
      const res = await ctx.app.inject({
        method: route.method,
        url: `${pathOf(route.path)}?timeMin=nope&limit=-1`,
        remoteAddress: freshIp(),
        ...(route.method === 'GET' ? {} : { payload: INVALID }),
      });
      expect(res.statusCode, res.body).toBe(401);
      const body = res.json();
      expect(body.error.code).toBe('UNAUTHORIZED');
      expect(body.error.field).toBeUndefined();
      expect(res.body).not.toMatch(/confirm|userId|tokens|Invalid input/);
    });
  }

  it('a signed-in caller still gets the field-level 400 (validation is not skipped)', async () => {
    const token = await signIn(ctx.app, '+61430009001');
    const res = await ctx.app.inject({
      method: 'DELETE',
      url: '/v1/account',
      headers: bearer(token),
      payload: { confirm: 'yes' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.field).toBe('confirm');
  });

  it('a session token is not a service key, and a service key is not a session', async () => {
    const token = await signIn(ctx.app, '+61430009002');
    const asService = await ctx.app.inject({
      method: 'POST',
      url: '/v1/internal/usage',
      headers: bearer(token),
      payload: {},
    });
    expect(asService.statusCode).toBe(401);
    const asPerson = await ctx.app.inject({
      method: 'GET',
      url: '/v1/auth/me',
      headers: bearer(SERVICE_KEY),
    });
    expect(asPerson.statusCode).toBe(401);
  });
});

describe('the internal API limit', () => {
  it('counts wrong keys per address, apart from the service: a flood of them cannot throttle it', async () => {
    const attacker = freshIp();
    const service = freshIp();
    const probe = (ip: string, key: string) =>
      ctx.app.inject({
        method: 'GET',
        url: '/v1/internal/users/by-phone/%2B61430009999',
        headers: bearer(key),
        remoteAddress: ip,
      });
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++)
      statuses.push((await probe(attacker, `wrong-key-${i}-0123456789abcdef`)).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);

    // The real service, even from the same address, still has its whole budget.
    expect((await probe(attacker, SERVICE_KEY)).statusCode).toBe(404);
    expect((await probe(service, SERVICE_KEY)).statusCode).toBe(404);
  });

  it('counts the service per key, whichever address it calls from', async () => {
    const first = await ctx.app.inject({
      method: 'GET',
      url: '/v1/internal/users/by-phone/%2B61430009998',
      headers: bearer(SERVICE_KEY),
      remoteAddress: freshIp(),
    });
    const second = await ctx.app.inject({
      method: 'GET',
      url: '/v1/internal/users/by-phone/%2B61430009998',
      headers: bearer(SERVICE_KEY),
      remoteAddress: freshIp(),
    });
    const left = (res: typeof first) => Number(res.headers['x-ratelimit-remaining']);
    expect(left(second)).toBe(left(first) - 1);
  });
});
