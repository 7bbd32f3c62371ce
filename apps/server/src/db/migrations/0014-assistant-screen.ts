import type { Kysely } from 'kysely';

/**
 * The Assistant screen and the messages it starts itself (issue 22): the person's settings, and
 * what the screen shows that the conversation store did not keep (an answer's whole text, a
 * message's kind, how and with what an approval was decided).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per person, made on first need; absent, the defaults in assistant/settings.ts apply.
  // `id` is what the queue's keys and payloads carry instead of the person's id: a finished job
  // outlives a deleted account by a week, and then names nobody.
  await db.schema
    .createTable('assistant_settings')
    .addColumn('user_id', 'text', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('id', 'text', (col) => col.notNull().unique())
    .addColumn('paused', 'integer', (col) => col.notNull().defaultTo(0))
    // Local HH:mm; both null: no quiet hours.
    .addColumn('quiet_start', 'text')
    .addColumn('quiet_end', 'text')
    // Local HH:mm; null: no briefing.
    .addColumn('briefing_time', 'text')
    // Minutes; null: no reminders.
    .addColumn('reminder_lead_minutes', 'integer')
    // The number the first greeting went to: a newly linked number is greeted once.
    .addColumn('greeted_phone', 'text')
    // When an instance last looked for events to remind of: one look per person every few minutes.
    .addColumn('reminders_scanned_at', 'text')
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();

  // in: text; out: reply, approval, briefing, reminder, greeting, notice. Null on rows from before.
  await db.schema.alterTable('assistant_messages').addColumn('kind', 'text').execute();
  // The whole answer when `body` is what fitted into the SMS segments; null when nothing was cut.
  await db.schema.alterTable('assistant_messages').addColumn('full_body', 'text').execute();
  // The screen pages through a person's messages by id (UUIDv7: creation order).
  await db.schema
    .createIndex('assistant_messages_user_id_idx')
    .on('assistant_messages')
    .columns(['user_id', 'id'])
    .execute();

  // sms or web: where the YES or NO came from.
  await db.schema.alterTable('assistant_approvals').addColumn('decided_via', 'text').execute();
  // JSON: kind, title, recipients, flagged, when, calendar; written by code with the preview.
  await db.schema.alterTable('assistant_approvals').addColumn('details', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('assistant_approvals').dropColumn('details').execute();
  await db.schema.alterTable('assistant_approvals').dropColumn('decided_via').execute();
  await db.schema.dropIndex('assistant_messages_user_id_idx').execute();
  await db.schema.alterTable('assistant_messages').dropColumn('full_body').execute();
  await db.schema.alterTable('assistant_messages').dropColumn('kind').execute();
  await db.schema.dropTable('assistant_settings').execute();
}
