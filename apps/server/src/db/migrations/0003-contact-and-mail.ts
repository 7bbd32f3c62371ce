import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('phone_number', 'text')
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('message', 'text', (col) => col.notNull())
    .addColumn('priority', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('contact_messages_user_idx')
    .on('contact_messages')
    .columns(['user_id', 'created_at'])
    .execute();

  // Every outgoing mail is written here first and delivered by the outbox worker, with
  // retries, so a mail server that is down or refuses loses nothing.
  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('recipient', 'text', (col) => col.notNull())
    .addColumn('reply_to', 'text')
    .addColumn('subject', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (col) => col.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('contact_message_id', 'text', (col) =>
      col.references('contact_messages.id').onDelete('set null'),
    )
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema
    .createIndex('mail_outbox_due_idx')
    .on('mail_outbox')
    .columns(['status', 'next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mail_outbox').execute();
  await db.schema.dropTable('contact_messages').execute();
}
