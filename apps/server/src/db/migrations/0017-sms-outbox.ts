import type { Kysely } from 'kysely';

/**
 * One SMS outbox (issue 29): the replies to unknown numbers counted per hour and per day across
 * every instance, and why an inbound text got no answer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One row per period ('hour:2026-11-27T23', 'day:2026-11-27'), incremented atomically.
  await db.schema
    .createTable('sms_reply_counts')
    .addColumn('period', 'text', (col) => col.primaryKey())
    .addColumn('count', 'integer', (col) => col.notNull())
    .execute();
  // Inbound only: why the assistant did not answer (no_plan, over_limit, paused, opted_out...).
  await db.schema.alterTable('assistant_messages').addColumn('unanswered', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('assistant_messages').dropColumn('unanswered').execute();
  await db.schema.dropTable('sms_reply_counts').execute();
}
