import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database';
import type { OneTimeStore } from './one-time-store';

/**
 * The one-time store in the database, for setups without Redis. Each step is one statement
 * (an upsert that only replaces an expired row, a DELETE ... RETURNING), so it stays
 * single-use with several instances on one PostgreSQL.
 */
export class DbOneTimeStore implements OneTimeStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async put(key: string, value: string, ttlMs: number): Promise<boolean> {
    const now = this.now();
    const expiresAt = new Date(now.getTime() + ttlMs).toISOString();
    const result = await this.db
      .insertInto('one_time_state')
      .values({ key, value, expires_at: expiresAt })
      .onConflict((oc) =>
        oc
          .column('key')
          .doUpdateSet({ value, expires_at: expiresAt })
          .where('one_time_state.expires_at', '<=', now.toISOString()),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  }

  async take(key: string): Promise<string | null> {
    const row = await this.db
      .deleteFrom('one_time_state')
      .where('key', '=', key)
      .returning(['value', 'expires_at'])
      .executeTakeFirst();
    if (!row || row.expires_at <= this.now().toISOString()) return null;
    return row.value;
  }

  async lock(key: string, ttlMs: number): Promise<(() => Promise<void>) | null> {
    const token = randomBytes(16).toString('base64url');
    if (!(await this.put(key, token, ttlMs))) return null;
    return async () => {
      await this.db.deleteFrom('one_time_state').where('key', '=', key).where('value', '=', token).execute();
    };
  }
}
