import { describe, expect, it } from 'vitest';
import { hashToken } from '../src/modules/auth/sessions';
import { advanceClock, bearer, post, signIn } from './helpers/auth';
import { useApp } from './helpers/build';

const ME = '/v1/auth/me';

describe('sessions', () => {
  const ctx = useApp();

  it('stores only the SHA-256 of a 256-bit token', async () => {
    const token = await signIn(ctx.app, '+61412300001');
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await ctx.app.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).toContain(hashToken(token));
    expect(rows.map((r) => r.token_hash)).not.toContain(token);
  });

  it('answers 401 without a token, with an unknown token, or a malformed header', async () => {
    for (const headers of [
      {},
      bearer('x'.repeat(43)),
      { authorization: 'Basic abc' },
      { authorization: 'Bearer' },
    ]) {
      const res = await ctx.app.inject({ method: 'GET', url: ME, headers });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('UNAUTHORIZED');
    }
  });

  it('logout revokes the session on the server', async () => {
    const token = await signIn(ctx.app, '+61412300002');
    expect((await ctx.app.inject({ method: 'GET', url: ME, headers: bearer(token) })).statusCode).toBe(200);
    const out = await post(ctx.app, '/v1/auth/logout', undefined, { headers: bearer(token) });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });
    expect((await ctx.app.inject({ method: 'GET', url: ME, headers: bearer(token) })).statusCode).toBe(401);
    expect((await post(ctx.app, '/v1/auth/logout', undefined, { headers: bearer(token) })).statusCode).toBe(
      401,
    );
  });

  it('logging out one device leaves the others signed in', async () => {
    const first = await signIn(ctx.app, '+61412300003');
    advanceClock(ctx.app, 31_000);
    const second = await signIn(ctx.app, '+61412300003');
    await post(ctx.app, '/v1/auth/logout', undefined, { headers: bearer(first) });
    expect((await ctx.app.inject({ method: 'GET', url: ME, headers: bearer(second) })).statusCode).toBe(200);
  });

  it('slides the 30-day expiry forward while used, and ends it when unused for 30 days', async () => {
    const token = await signIn(ctx.app, '+61412300004');
    const expiry = async () =>
      (
        await ctx.app.db
          .selectFrom('sessions')
          .select('expires_at')
          .where('token_hash', '=', hashToken(token))
          .executeTakeFirstOrThrow()
      ).expires_at;
    const first = await expiry();
    advanceClock(ctx.app, 20 * 24 * 60 * 60 * 1000);
    expect((await ctx.app.inject({ method: 'GET', url: ME, headers: bearer(token) })).statusCode).toBe(200);
    const second = await expiry();
    expect(Date.parse(second) - Date.parse(first)).toBeGreaterThanOrEqual(20 * 24 * 60 * 60 * 1000 - 1000);
    advanceClock(ctx.app, 30 * 24 * 60 * 60 * 1000 + 1000);
    expect((await ctx.app.inject({ method: 'GET', url: ME, headers: bearer(token) })).statusCode).toBe(401);
  });
});
