import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The refresh history of each connection (design §7): when it last worked, when it last failed,
  // how often in a row, and when a temporary failure may be tried again.
  await db.schema.alterTable('connections').addColumn('last_refresh_at', 'text').execute();
  await db.schema.alterTable('connections').addColumn('last_refresh_error_at', 'text').execute();
  await db.schema.alterTable('connections').addColumn('last_refresh_error', 'text').execute();
  await db.schema
    .alterTable('connections')
    .addColumn('failed_refresh_count', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('connections').addColumn('retry_after', 'text').execute();
  // When the assistant or the web last used the connection: the idle refresh job keys on it.
  await db.schema.alterTable('connections').addColumn('last_used_at', 'text').execute();
  // Set when the "please reconnect" SMS went out for the current break, so it goes out once.
  await db.schema.alterTable('connections').addColumn('reconnect_notified_at', 'text').execute();
  // Provider-specific, non-secret settings (Apple: the discovered CalDAV/CardDAV homes) as JSON.
  await db.schema.alterTable('connections').addColumn('settings', 'text').execute();
  await db.schema
    .createIndex('connections_refresh_idx')
    .on('connections')
    .columns(['status', 'last_used_at'])
    .execute();

  // Which services of a connection the person turned on, and with which permissions (spec §4:
  // read/write by default). A service without a row follows what the grant allows.
  await db.schema
    .createTable('connection_services')
    .addColumn('connection_id', 'text', (col) =>
      col.notNull().references('connections.id').onDelete('cascade'),
    )
    .addColumn('service_type', 'text', (col) => col.notNull())
    .addColumn('is_enabled', 'integer', (col) => col.notNull())
    .addColumn('permissions', 'text', (col) => col.notNull())
    .addColumn('metadata', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('connection_services_pk', ['connection_id', 'service_type'])
    .execute();

  // Every use of the internal API by the assistant service: who asked, for what, when.
  await db.schema
    .createTable('assistant_access_log')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('caller', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text')
    .addColumn('connection_id', 'text')
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('assistant_access_log_created_idx')
    .on('assistant_access_log')
    .column('created_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('assistant_access_log').execute();
  await db.schema.dropTable('connection_services').execute();
  await db.schema.dropIndex('connections_refresh_idx').execute();
  for (const column of [
    'settings',
    'reconnect_notified_at',
    'last_used_at',
    'retry_after',
    'failed_refresh_count',
    'last_refresh_error',
    'last_refresh_error_at',
    'last_refresh_at',
  ]) {
    await db.schema.alterTable('connections').dropColumn(column).execute();
  }
}
