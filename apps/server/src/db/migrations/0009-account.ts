import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Where a session started, host part hidden (203.0.113.x): enough for a person to tell
  // home from elsewhere, not enough to locate them.
  await db.schema.alterTable('sessions').addColumn('network', 'text').execute();

  // What a person sees under Security activity. Written in the transaction of the change it records.
  await db.schema
    .createTable('security_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('detail', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('network', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('security_events_user_idx')
    .on('security_events')
    .columns(['user_id', 'created_at'])
    .execute();
  // The retention job deletes events a year old.
  await db.schema
    .createIndex('security_events_created_idx')
    .on('security_events')
    .column('created_at')
    .execute();

  // Invoices of deleted accounts, which tax law makes us keep: the amounts and the payment
  // provider's customer id, and nothing that names or reaches the person.
  await db.schema
    .createTable('retained_invoices')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('customer_id', 'text')
    .addColumn('date', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('retained_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('retained_invoices').execute();
  await db.schema.dropTable('security_events').execute();
  await db.schema.alterTable('sessions').dropColumn('network').execute();
}
