import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per account a person connected (Google, Microsoft, ...), keyed by the provider's
  // own account id, never by email. Tokens are sealed (lib/secret-box.ts), never plain text.
  await db.schema
    .createTable('connections')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('provider_account_id', 'text', (col) => col.notNull())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    // Space-separated, as OAuth writes scopes: what the person actually granted.
    .addColumn('granted_scopes', 'text', (col) => col.notNull())
    .addColumn('access_token', 'text', (col) => col.notNull())
    .addColumn('refresh_token', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('status_reason', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('connections_account_unique', ['provider', 'provider_account_id'])
    .execute();
  await db.schema
    .createIndex('connections_user_idx')
    .on('connections')
    .columns(['user_id', 'provider'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('connections').execute();
}
