import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('phone_number', 'text', (col) => col.unique())
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('users_email_idx').on('users').column('email').execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('last_seen_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('verification_codes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('phone_number', 'text', (col) => col.notNull())
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    // Set when the code was used, or replaced by a newer one.
    .addColumn('consumed_at', 'text')
    .addColumn('verified_at', 'text')
    // The proof of this verification may be traded for a session once.
    .addColumn('proof_used_at', 'text')
    .execute();
  await db.schema
    .createIndex('verification_codes_phone_idx')
    .on('verification_codes')
    .columns(['phone_number', 'created_at'])
    .execute();

  // One row per number, upserted first in every send: in PostgreSQL the row lock makes
  // concurrent sends for one number take turns, so the per-number limits hold.
  await db.schema
    .createTable('phone_send_locks')
    .addColumn('phone_number', 'text', (col) => col.primaryKey())
    .addColumn('touched_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('phone_send_locks').execute();
  await db.schema.dropTable('verification_codes').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('users').execute();
}
