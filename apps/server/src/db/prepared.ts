import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './database';

/** Stands in for the n-th value while the query is built; swapped for the real value at each run. */
class Slot {
  constructor(readonly index: number) {}
}

/** The SQL of every prepared query and the name PostgreSQL keeps it under (db/pg-named-statements.ts). */
const statementNames = new Map<string, string>();

/** The name of a prepared query's SQL, or undefined for any other statement. */
export function statementName(sql: string): string | undefined {
  return statementNames.get(sql);
}

/**
 * A query that Kysely builds and compiles once per database, then runs with new values. Kysely
 * otherwise builds and compiles the query at every call: on the signed-in reads that cost more
 * CPU than SQLite spent running them (bench/README.md). For the hot paths only. On PostgreSQL
 * each connection also keeps the statement parsed and planned (db/pg-named-statements.ts).
 *
 * `build` gets stand-ins for its values and must pass each one to Kysely as a plain value
 * (`where(column, '=', value)`, a `set`, an `sql` template value), never inspect it, spread it
 * (`in` lists) or use it to decide the query's shape: the SQL is fixed at the first call.
 */
export function prepared<Args extends unknown[], Row>(
  build: (db: Db, ...args: Args) => Compilable<Row>,
): (db: Db, ...args: Args) => Promise<Row[]> {
  // Per database (a transaction is one too): the SQL depends on the dialect.
  const compiled = new WeakMap<Db, CompiledQuery<Row>>();
  return async (db, ...args) => {
    let query = compiled.get(db);
    if (!query) {
      const slots = args.map((_, index) => new Slot(index)) as Args;
      query = build(db, ...slots).compile();
      const unused = slots.findIndex((slot) => !query!.parameters.includes(slot));
      if (unused >= 0) throw new Error(`prepared query: value ${unused} is not a parameter of ${query.sql}`);
      compiled.set(db, query);
      if (!statementNames.has(query.sql)) statementNames.set(query.sql, `hot_${statementNames.size}`);
    }
    const parameters = query.parameters.map((value) => (value instanceof Slot ? args[value.index] : value));
    const result = await db.executeQuery<Row>({ ...query, parameters });
    return result.rows;
  };
}
