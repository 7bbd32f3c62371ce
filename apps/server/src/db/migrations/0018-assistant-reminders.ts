import type { Kysely } from 'kysely';

/**
 * Reminders and routines (issue 30, decision 390): what the person asked to be reminded of, once
 * or on a recurrence rule in their zone, and the next instant it fires. Deleted with the account
 * by cascade.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('assistant_reminders')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // once | routine
    .addColumn('kind', 'text', (col) => col.notNull())
    // The reminder's words, or the routine's instruction to the agent.
    .addColumn('what', 'text', (col) => col.notNull())
    // text (send the words) | agent (run a turn with them)
    .addColumn('action', 'text', (col) => col.notNull())
    // RRULE (routine only), read in `zone` from `start_local`.
    .addColumn('rrule', 'text')
    .addColumn('start_local', 'text', (col) => col.notNull())
    .addColumn('zone', 'text', (col) => col.notNull())
    // The next instant it fires (null once done or cancelled).
    .addColumn('due_at', 'text')
    // The person's text that asked for it.
    .addColumn('evidence_message_id', 'text')
    .addColumn('evidence', 'text', (col) => col.notNull())
    // active | done | cancelled
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('last_fired_at', 'text')
    .addColumn('last_outcome', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('assistant_reminders_user_idx')
    .on('assistant_reminders')
    .columns(['user_id', 'state'])
    .execute();
  await db.schema
    .createIndex('assistant_reminders_due_idx')
    .on('assistant_reminders')
    .columns(['state', 'due_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('assistant_reminders').execute();
}
