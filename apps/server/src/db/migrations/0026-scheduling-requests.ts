import type { Kysely } from 'kysely';

/**
 * Scheduling with other people (issue 32, decision 550): one row per request the person made
 * ("find 30 minutes with Priya next week"). What the person approved is frozen in `approved` at
 * their YES (slots and attendees, JSON); a reply can book only inside it. The status moves by
 * compare-and-set (scheduling/repo.ts), so a reply read twice, or by two instances, books once.
 * JSON columns are text on both databases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scheduling_requests')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // The account the mail goes from and the event is booked in.
    .addColumn('connection_id', 'text', (col) => col.notNull())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('duration_minutes', 'integer', (col) => col.notNull())
    // [{email, name, known, zone}]
    .addColumn('attendees', 'text', (col) => col.notNull())
    // [{start, end}] as found, before the YES.
    .addColumn('proposed', 'text', (col) => col.notNull())
    // {slots: [{start, end}], attendees: [email]} frozen at the YES; null before it.
    .addColumn('approved', 'text')
    // The mail thread the request lives in (provider thread id) and the last message of ours in it.
    .addColumn('thread_id', 'text')
    .addColumn('message_id', 'text')
    .addColumn('subject', 'text')
    // proposed, asked, booked, needs_person, cancelled, expired.
    .addColumn('status', 'text', (col) => col.notNull())
    // {email: {kind, slot?, when?, messageId, at}}
    .addColumn('answers', 'text', (col) => col.notNull())
    // When to ask the person about a reminder mail; null when nothing is due.
    .addColumn('chase_due_at', 'text')
    .addColumn('booked_event_id', 'text')
    // The approved slot's index that was booked.
    .addColumn('booked_slot', 'integer')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('scheduling_requests_user_idx')
    .on('scheduling_requests')
    .columns(['user_id', 'status'])
    .execute();
  await db.schema
    .createIndex('scheduling_requests_thread_idx')
    .on('scheduling_requests')
    .columns(['user_id', 'thread_id'])
    .execute();
  await db.schema
    .createIndex('scheduling_requests_chase_idx')
    .on('scheduling_requests')
    .columns(['status', 'chase_due_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('scheduling_requests').execute();
}
