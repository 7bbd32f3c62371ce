import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import type { OneTimeStore } from '../src/lib/one-time-store/one-time-store';
import { RedisOneTimeStore } from '../src/lib/one-time-store/redis';
import { DbOneTimeStore } from '../src/lib/one-time-store/repo';
import { advanceClock } from './helpers/auth';
import { build, useApp } from './helpers/build';

const redisUrl = process.env.TEST_REDIS_URL;

/** The same behaviour from every implementation: what OAuth state, tickets and locks rely on. */
function behavesAsAOneTimeStore(store: () => OneTimeStore, moveTime: (ms: number) => Promise<void>) {
  it('gives a value back once, to one of many callers at once', async () => {
    const key = `ticket:${randomUUID()}`;
    expect(await store().put(key, 'user-1', 60_000)).toBe(true);
    const takes = await Promise.all(Array.from({ length: 20 }, () => store().take(key)));
    expect(takes.filter((value) => value === 'user-1')).toHaveLength(1);
    expect(takes.filter((value) => value === null)).toHaveLength(19);
  });

  it('does not overwrite a live key', async () => {
    const key = `state:${randomUUID()}`;
    expect(await store().put(key, 'first', 60_000)).toBe(true);
    expect(await store().put(key, 'second', 60_000)).toBe(false);
    expect(await store().take(key)).toBe('first');
  });

  it('forgets a value once its time is up, and lets the key be used again', async () => {
    const key = `state:${randomUUID()}`;
    expect(await store().put(key, 'old', 1_000)).toBe(true);
    await moveTime(1_100);
    expect(await store().take(key)).toBeNull();
    expect(await store().put(key, 'new', 60_000)).toBe(true);
    expect(await store().take(key)).toBe('new');
  });

  it('hands a lock to one holder at a time, and to the next after release', async () => {
    const key = `lock:${randomUUID()}`;
    const attempts = await Promise.all(Array.from({ length: 10 }, () => store().lock(key, 60_000)));
    const holders = attempts.filter((release) => release !== null);
    expect(holders).toHaveLength(1);
    await holders[0]!();
    const next = await store().lock(key, 60_000);
    expect(next).not.toBeNull();
    await next!();
  });

  it('frees the lock of a holder that never releases once its time is up', async () => {
    const key = `lock:${randomUUID()}`;
    const stale = await store().lock(key, 1_000);
    expect(stale).not.toBeNull();
    await moveTime(1_100);
    const fresh = await store().lock(key, 60_000);
    expect(fresh).not.toBeNull();
    // The old holder waking up late must not release the new holder's lock.
    await stale!();
    expect(await store().lock(key, 60_000)).toBeNull();
    await fresh!();
  });
}

describe('one-time store in the database', () => {
  const ctx = useApp();
  behavesAsAOneTimeStore(
    () => new DbOneTimeStore(ctx.app.db, () => ctx.app.clock.now()),
    async (ms) => advanceClock(ctx.app, ms),
  );

  it('is what the app uses without Redis', () => {
    expect(ctx.app.oneTimeStore).toBeInstanceOf(DbOneTimeStore);
  });
});

describe.runIf(redisUrl)('one-time store in Redis', () => {
  const redis = new Redis(redisUrl ?? '', { lazyConnect: true });
  behavesAsAOneTimeStore(
    () => new RedisOneTimeStore(redis, `test:${process.pid}:`),
    (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  );

  it('is what the app uses with REDIS_URL, sharing one connection with the rate limiter', async () => {
    const count = async () =>
      String(await redis.client('LIST'))
        .split('\n')
        .filter((line) => line.includes('name=relay-app')).length;
    const before = await count();
    const { app, close } = await build({ REDIS_URL: redisUrl });
    try {
      expect(app.oneTimeStore).toBeInstanceOf(RedisOneTimeStore);
      // A rate-limited call and a store call, and still one connection for this app.
      await app.inject({ method: 'GET', url: '/v1/config' });
      await app.oneTimeStore.put(`probe:${randomUUID()}`, 'x', 1_000);
      expect(await count()).toBe(before + 1);
    } finally {
      await close();
      redis.disconnect();
    }
  });
});
