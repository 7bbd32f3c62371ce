import type { Kysely } from 'kysely';

/**
 * billing/info sums the period's hours and reads the chart's 16 days of hours on every visit to
 * the billing screen. With the tokens in an index beside the key, both are read from the index
 * alone instead of one table lookup per hour: on SQLite that statement went from about 185 to
 * 110 µs for a person with 15 days of usage (bench/README.md). Writes pay one more index entry
 * per new hour.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('usage_hourly_tokens_idx')
    .on('usage_hourly')
    .columns(['user_id', 'hour', 'tokens'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('usage_hourly_tokens_idx').execute();
}
