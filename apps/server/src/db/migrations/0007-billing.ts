import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per user who touched billing: our trial (design §8: the trial is ours, not the
  // provider's), the provider's customer (unique: one customer per user, never two) and the
  // card as last synced, so billing/info never calls the provider on page load.
  await db.schema
    .createTable('billing_accounts')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('customer_id', 'text', (col) => col.unique())
    .addColumn('trial_started_at', 'text')
    .addColumn('trial_ends_at', 'text')
    // The checkout the person was last sent to: while it is open, a second request gets the
    // same one, so two tabs or a double click can never lead to paying twice.
    .addColumn('checkout_session_id', 'text')
    .addColumn('card_last4', 'text')
    .addColumn('card_brand', 'text')
    .addColumn('card_exp_month', 'integer')
    .addColumn('card_exp_year', 'integer')
    // When the provider's state that we last wrote was read: an older read never overwrites it.
    .addColumn('synced_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  // Our copy of the provider's subscriptions, written only by the sync.
  await db.schema
    .createTable('billing_subscriptions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('plan_id', 'text', (col) => col.notNull())
    .addColumn('price_id', 'text')
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('current_period_start', 'text', (col) => col.notNull())
    .addColumn('current_period_end', 'text', (col) => col.notNull())
    .addColumn('cancel_at_period_end', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('billing_subscriptions_user_idx')
    .on('billing_subscriptions')
    .column('user_id')
    .execute();

  // Our copy of the provider's invoices: the list on the screen and the owner check of a download.
  await db.schema
    .createTable('billing_invoices')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('date', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('amount_cents', 'integer', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('pdf_url', 'text')
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('billing_invoices_user_idx')
    .on('billing_invoices')
    .columns(['user_id', 'date'])
    .execute();

  // Each webhook event id, stored in the transaction that applied it: a replay finds it and stops.
  await db.schema
    .createTable('billing_webhook_events')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('type', 'text', (col) => col.notNull())
    .addColumn('received_at', 'text', (col) => col.notNull())
    .execute();

  // The local payments stand-in's own "provider side": customers, checkout sessions,
  // subscriptions and invoices as JSON documents, so its state survives a restart.
  await db.schema
    .createTable('local_payment_objects')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('customer_id', 'text')
    .addColumn('idempotency_key', 'text', (col) => col.unique())
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('local_payment_objects_customer_idx')
    .on('local_payment_objects')
    .columns(['customer_id', 'kind'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('local_payment_objects').execute();
  await db.schema.dropTable('billing_webhook_events').execute();
  await db.schema.dropTable('billing_invoices').execute();
  await db.schema.dropTable('billing_subscriptions').execute();
  await db.schema.dropTable('billing_accounts').execute();
}
