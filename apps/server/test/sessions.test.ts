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

  it('finds the session and its user in one lookup, the same rows as two separate reads', async () => {
    const token = await signIn(ctx.app, '+61412300005');
    const repo = ctx.app.authRepo;
    const now = ctx.app.clock.now().toISOString();
    const found = await repo.findLiveSessionWithUser(hashToken(token), now);
    const session = await repo.findLiveSession(hashToken(token), now);
    expect(found).toEqual({ session, user: await ctx.app.usersRepo.findById(session!.user_id) });
  });

  it('writes last-seen at most once an hour, however often the session is read', async () => {
    const token = await signIn(ctx.app, '+61412300006');
    const row = () =>
      ctx.app.db
        .selectFrom('sessions')
        .select(['last_seen_at', 'expires_at'])
        .where('token_hash', '=', hashToken(token))
        .executeTakeFirstOrThrow();
    const me = () => ctx.app.inject({ method: 'GET', url: ME, headers: bearer(token) });
    const signedIn = await row();
    let elapsed = 0;
    for (const minutes of [1, 30, 59]) {
      advanceClock(ctx.app, (minutes - elapsed) * 60_000);
      elapsed = minutes;
      expect((await me()).statusCode).toBe(200);
      expect(await row(), `after ${minutes} min`).toEqual(signedIn);
    }
    advanceClock(ctx.app, 2 * 60_000);
    expect((await me()).statusCode).toBe(200);
    const seen = await row();
    expect(seen.last_seen_at).toBe(ctx.app.clock.now().toISOString());
    expect(Date.parse(seen.expires_at)).toBeGreaterThan(Date.parse(signedIn.expires_at));
  });

  it('refuses a session revoked elsewhere (another device deleted it) at its next request', async () => {
    const token = await signIn(ctx.app, '+61412300007');
    expect((await ctx.app.inject({ method: 'GET', url: ME, headers: bearer(token) })).statusCode).toBe(200);
    await ctx.app.db.deleteFrom('sessions').where('token_hash', '=', hashToken(token)).execute();
    expect((await ctx.app.inject({ method: 'GET', url: ME, headers: bearer(token) })).statusCode).toBe(401);
  });
});
