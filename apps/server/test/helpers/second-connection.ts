import SQLite from 'better-sqlite3';
import pg from 'pg';
import type { Config } from '../../src/config';
import { withDefaultUser } from '../../src/db/database';

/**
 * A connection of its own to a test app's database, beside the app's: it sees only what the app
 * has committed, so a test can tell "answered" from "durable".
 */
export interface SecondConnection {
  /** The first column of the first row, or undefined. */
  value(sql: string, params: unknown[]): Promise<unknown>;
  close(): Promise<void>;
}

export async function secondConnection(database: Config['database']): Promise<SecondConnection> {
  if (database.kind === 'sqlite') {
    const sqlite = new SQLite(database.file, { readonly: true, fileMustExist: true });
    return {
      value: async (sql, params) => {
        const row = sqlite
          .prepare(sql)
          .raw()
          .get(...params) as unknown[] | undefined;
        return row?.[0];
      },
      close: async () => void sqlite.close(),
    };
  }
  const client = new pg.Client({
    connectionString: withDefaultUser(database.url),
    ...(database.schema ? { options: `-c search_path=${database.schema}` } : {}),
  });
  await client.connect();
  // The app's SQL is written for both databases with `?` placeholders; pg numbers them.
  const numbered = (sql: string) => {
    let n = 0;
    return sql.replace(/\?/g, () => `$${++n}`);
  };
  return {
    value: async (sql, params) => {
      const result = await client.query({ text: numbered(sql), values: params, rowMode: 'array' });
      return (result.rows[0] as unknown[] | undefined)?.[0];
    },
    close: () => client.end(),
  };
}
