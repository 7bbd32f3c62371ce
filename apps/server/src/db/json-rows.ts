import { type Expression, type RawBuilder, sql } from 'kysely';
import type { Db } from './database';
import { isPostgres } from './dialect';

/**
 * A subquery's rows as one JSON array value, in a fixed order, on either database: several small
 * lists read in one statement (one round trip on PostgreSQL) instead of one statement each.
 * `columns` are the subquery's selected columns, written out because SQLite's `json_object`
 * needs each key by name; the order is given to the aggregate itself, where both databases
 * honour it (a subquery's ORDER BY alone is not guaranteed to reach the aggregate).
 *
 * The value arrives parsed on PostgreSQL (a `json` column) and as text on SQLite: read it with
 * `fromJsonRows`.
 */
export function jsonRows<Row>(
  db: Db,
  from: Expression<unknown>,
  columns: readonly (keyof Row & string)[],
  orderBy: readonly [keyof Row & string, 'asc' | 'desc'][] = [],
): RawBuilder<Row[]> {
  const object = sql.join(
    columns.map((column) => sql`${sql.lit(column)}, ${sql.ref(`agg.${column}`)}`),
    sql`, `,
  );
  const order =
    orderBy.length === 0
      ? sql``
      : sql` order by ${sql.join(
          orderBy.map(([column, direction]) => sql`${sql.ref(`agg.${column}`)} ${sql.raw(direction)}`),
          sql`, `,
        )}`;
  return isPostgres(db)
    ? sql<Row[]>`(select coalesce(json_agg(json_build_object(${object})${order}), '[]') from ${from} as agg)`
    : sql<
        Row[]
      >`(select coalesce(json_group_array(json_object(${object})${order}), '[]') from ${from} as agg)`;
}

/** A `jsonRows` value as rows: parsed already on PostgreSQL, JSON text on SQLite. */
export function fromJsonRows<Row>(value: Row[] | string | null | undefined): Row[] {
  if (value == null) return [];
  return typeof value === 'string' ? (JSON.parse(value) as Row[]) : value;
}

/** Every column of a table, named once each: a column added to the table and not here fails to compile. */
export function everyColumn<Row>(columns: Record<keyof Row & string, true>): (keyof Row & string)[] {
  return Object.keys(columns) as (keyof Row & string)[];
}
