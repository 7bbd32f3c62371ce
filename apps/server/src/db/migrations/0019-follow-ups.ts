import type { Kysely } from 'kysely';

/**
 * Follow-ups on mail (issue 30, part 4): a watch on a thread (or a sender) with an optional
 * deadline. The scheduling pass reads only the rows due (`state`, `next_check_at`, by index) and
 * claims each by moving its `next_check_at`, so instances share them and nobody is scanned.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('assistant_follow_ups')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // The mailbox the thread is in; null for a watch on a sender across every mailbox.
    .addColumn('connection_id', 'text')
    .addColumn('thread_id', 'text')
    // Who is expected to answer (an address, lower case) and what they are called.
    .addColumn('counterpart_email', 'text')
    .addColumn('counterpart_name', 'text')
    .addColumn('subject', 'text', (col) => col.notNull())
    // Only mail after this instant counts as the reply.
    .addColumn('since', 'text', (col) => col.notNull())
    // When to nudge if nobody answered; null: only tell of a reply.
    .addColumn('deadline_at', 'text')
    // When the pass looks next; null once the watch is over.
    .addColumn('next_check_at', 'text')
    // watching, replied, nudged, cancelled, expired.
    .addColumn('state', 'text', (col) => col.notNull())
    // The reply that ended the watch.
    .addColumn('evidence_message_id', 'text')
    .addColumn('fired_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('assistant_follow_ups_due_idx')
    .on('assistant_follow_ups')
    .columns(['state', 'next_check_at'])
    .execute();
  await db.schema
    .createIndex('assistant_follow_ups_user_idx')
    .on('assistant_follow_ups')
    .columns(['user_id', 'state'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('assistant_follow_ups').execute();
}
