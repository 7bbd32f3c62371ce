import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { freshIp, post, proofCookieOf, requestCode } from './helpers/auth';
import { build, usingPostgres } from './helpers/build';

const redisUrl = process.env.TEST_REDIS_URL;

/**
 * Two app instances side by side, as behind a load balancer: rate limits shared through
 * Redis, and (on PostgreSQL) sign-in state shared through the database.
 */
describe.runIf(redisUrl)('several instances', () => {
  it('share per-IP rate limits through Redis', async () => {
    const a = await build({ REDIS_URL: redisUrl, RATE_LIMIT_PER_MINUTE: '3' });
    const b = await build({ REDIS_URL: redisUrl, RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const ip = freshIp();
      const call = (app: typeof a.app) => app.inject({ method: 'GET', url: '/v1/config', remoteAddress: ip });
      expect((await call(a.app)).statusCode).toBe(200);
      expect((await call(b.app)).statusCode).toBe(200);
      expect((await call(a.app)).statusCode).toBe(200);
      const fourth = await call(b.app);
      expect(fourth.statusCode).toBe(429);
      expect(Number(fourth.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it.runIf(usingPostgres)('share codes, limits and sessions through PostgreSQL', async () => {
    // Instances share one master key (operations.md): codes hashed by one are checked by the other.
    const key = randomBytes(32).toString('base64');
    const a = await build({ REDIS_URL: redisUrl, APP_ENCRYPTION_KEY: key });
    const schema = a.app.config.database.kind === 'postgres' ? a.app.config.database.schema : undefined;
    const b = await build({ REDIS_URL: redisUrl, APP_ENCRYPTION_KEY: key, DATABASE_SCHEMA: schema ?? '' });
    try {
      const phone = '+61412800001';
      const code = await requestCode(a.app, phone);
      // The same number cannot get a second code from the other instance within 30 s.
      expect(
        (
          await post(
            b.app,
            '/v1/api/send-verification-code',
            { phoneNumber: phone },
            { remoteAddress: freshIp() },
          )
        ).statusCode,
      ).toBe(429);
      const verified = await post(b.app, '/v1/api/verify-code', { phoneNumber: phone, code });
      expect(verified.statusCode).toBe(200);
      // The proof and its cookie, made by b, are honoured by a (one shared key).
      const session = await post(
        a.app,
        '/v1/auth/phone-session',
        { verifiedPhoneToken: verified.json().verifiedPhoneToken },
        { headers: proofCookieOf(verified) },
      );
      expect(session.statusCode).toBe(200);
      const me = await b.app.inject({
        method: 'GET',
        url: '/v1/auth/me',
        headers: { authorization: `Bearer ${session.json().sessionToken}` },
      });
      expect(me.statusCode).toBe(200);
    } finally {
      // b shares a's schema, so only a drops it.
      await b.app.close();
      await a.close();
    }
  });
});
