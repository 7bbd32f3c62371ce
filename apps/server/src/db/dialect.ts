import { PostgresAdapter } from 'kysely';
import type { Db } from './database';

/** Whether `db` (or a transaction of it) runs on PostgreSQL rather than SQLite. */
export function isPostgres(db: Db): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
