import type { Kysely } from 'kysely';

/**
 * The change feed's subscriptions (issue 31): one row per connection and resource (calendar,
 * mail) with its push channel, its sync cursor and when it is due to be polled. The channel id is
 * what a provider's notification names, so it is unique; `next_poll_at` is indexed so a pass
 * over what is due reads only those rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('feed_subscriptions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // No foreign key: the row outlives its connection long enough to stop the provider's channel.
    .addColumn('connection_id', 'text', (col) => col.notNull())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('resource', 'text', (col) => col.notNull())
    .addColumn('channel_id', 'text', (col) => col.notNull().unique())
    // SHA-256 of the shared secret the provider echoes; compared in constant time.
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('external_id', 'text')
    .addColumn('cursor', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('next_poll_at', 'text')
    // active, polling (push lapsed or failing), stopped.
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('failures', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('told_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('feed_subscriptions_connection_idx')
    .on('feed_subscriptions')
    .columns(['connection_id', 'resource'])
    .unique()
    .execute();
  await db.schema
    .createIndex('feed_subscriptions_external_idx')
    .on('feed_subscriptions')
    .columns(['provider', 'external_id'])
    .execute();
  await db.schema
    .createIndex('feed_subscriptions_poll_idx')
    .on('feed_subscriptions')
    .columns(['next_poll_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('feed_subscriptions').execute();
}
