import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The person's IANA time zone, for the days of the usage chart; null reads as UTC.
  await db.schema.alterTable('users').addColumn('time_zone', 'text').execute();

  // Each token use the assistant reported. The unique key is what makes a retry count once;
  // the totals are read from usage_hourly, never from here.
  await db.schema
    .createTable('usage_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'text', (col) => col.notNull())
    .addColumn('tokens', 'integer', (col) => col.notNull())
    .addColumn('occurred_at', 'text', (col) => col.notNull())
    .addColumn('recorded_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('usage_events_key_unique', ['user_id', 'idempotency_key'])
    .execute();
  // The retention job deletes events a year old.
  await db.schema.createIndex('usage_events_occurred_idx').on('usage_events').column('occurred_at').execute();

  // Tokens per person per UTC hour, incremented in the event's transaction: a year is at most
  // 8,784 rows per person, and a period or the 15-day chart a few hundred.
  await db.schema
    .createTable('usage_hourly')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('hour', 'text', (col) => col.notNull())
    .addColumn('tokens', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('usage_hourly_pk', ['user_id', 'hour'])
    .execute();

  // One row per alert sent: the primary key is what lets each threshold go out once per period.
  await db.schema
    .createTable('usage_alerts')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('period_start', 'text', (col) => col.notNull())
    .addColumn('threshold', 'integer', (col) => col.notNull())
    .addColumn('channel', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('usage_alerts_pk', ['user_id', 'period_start', 'threshold'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('usage_alerts').execute();
  await db.schema.dropTable('usage_hourly').execute();
  await db.schema.dropTable('usage_events').execute();
  await db.schema.alterTable('users').dropColumn('time_zone').execute();
}
