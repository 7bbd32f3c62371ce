import type pg from 'pg';
import { statementName } from './prepared';

/** PostgreSQL's "cached plan must not change result type": a table under a kept statement changed. */
const RESULT_TYPE_CHANGED = '0A000';

type Query = (text: unknown, values?: unknown, callback?: unknown) => Promise<unknown>;

/**
 * Runs the prepared queries (db/prepared.ts) as named statements on this connection:
 * PostgreSQL then parses and plans each once per connection instead of at every run, which on a
 * signed-in read was as long as the rest of its round trip (bench/README.md). Every other
 * statement goes as before, so the names stay as few as the prepared queries.
 *
 * A migration run by another instance can change a table under a kept statement (a column
 * added to `users` changes `users.*`); PostgreSQL then refuses the old statement, and it is
 * prepared again under a new name and run once more.
 */
export function nameHotStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as Query;
  const generations = new Map<string, number>();
  const named = (text: string, name: string, values: unknown) =>
    query({ name: `${name}_${generations.get(text) ?? 0}`, text, values });
  (client as unknown as { query: Query }).query = (text, values, callback) => {
    const name = typeof text === 'string' && callback === undefined ? statementName(text) : undefined;
    if (name === undefined) return query(text, values, callback);
    return named(text as string, name, values).catch((error: { code?: string }) => {
      if (error?.code !== RESULT_TYPE_CHANGED) throw error;
      generations.set(text as string, (generations.get(text as string) ?? 0) + 1);
      return named(text as string, name, values);
    });
  };
}
