import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The database side of the one-time store (OAuth state, login tickets, locks) when there is no Redis.
  await db.schema
    .createTable('one_time_state')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .execute();
  // The retention job deletes by these times; without indexes each run would scan whole tables.
  await db.schema
    .createIndex('one_time_state_expires_idx')
    .on('one_time_state')
    .column('expires_at')
    .execute();
  await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();
  await db.schema
    .createIndex('verification_codes_expires_idx')
    .on('verification_codes')
    .column('expires_at')
    .execute();
  await db.schema.createIndex('dev_outbox_created_idx').on('dev_outbox').column('created_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('dev_outbox_created_idx').execute();
  await db.schema.dropIndex('verification_codes_expires_idx').execute();
  await db.schema.dropIndex('sessions_expires_idx').execute();
  await db.schema.dropTable('one_time_state').execute();
}
