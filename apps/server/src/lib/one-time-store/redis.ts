import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { OneTimeStore } from './one-time-store';

/** Deletes the lock only if it is still ours: an expired lock may have been taken by someone else since. */
const RELEASE_IF_OWNER = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;

export class RedisOneTimeStore implements OneTimeStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix = 'ots:',
  ) {}

  async put(key: string, value: string, ttlMs: number): Promise<boolean> {
    return (await this.redis.set(this.prefix + key, value, 'PX', ttlMs, 'NX')) === 'OK';
  }

  take(key: string): Promise<string | null> {
    return this.redis.getdel(this.prefix + key);
  }

  async lock(key: string, ttlMs: number): Promise<(() => Promise<void>) | null> {
    const token = randomBytes(16).toString('base64url');
    if (!(await this.put(key, token, ttlMs))) return null;
    return async () => {
      await this.redis.eval(RELEASE_IF_OWNER, 1, this.prefix + key, token);
    };
  }
}
