import type { Kysely } from 'kysely';

/**
 * The assistant's conversation store (issue 21): messages in and out, each turn, the tools it
 * called, approvals, and the per-number facts the gate decides on before any model runs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Every text in and out. Inbound rows are written by the webhook before anyone knows who sent
  // them (user_id set when the job runs); a Twilio MessageSid is unique, so a retried webhook
  // stores nothing new.
  await db.schema
    .createTable('assistant_messages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('direction', 'text', (col) => col.notNull())
    .addColumn('channel', 'text', (col) => col.notNull())
    .addColumn('phone', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('provider_sid', 'text', (col) => col.unique())
    // The turn that answered an inbound message (null: not answered yet), or that wrote an outbound one.
    .addColumn('turn_id', 'text')
    // Outbound only: queued, sent, delivered, failed (Twilio's status callbacks).
    .addColumn('status', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('assistant_messages_user_idx')
    .on('assistant_messages')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('assistant_messages_created_idx')
    .on('assistant_messages')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('assistant_turns')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('inbound_message_id', 'text', (col) => col.notNull().unique())
    .addColumn('model', 'text', (col) => col.notNull())
    .addColumn('steps', 'integer', (col) => col.notNull())
    .addColumn('input_tokens', 'integer', (col) => col.notNull())
    .addColumn('output_tokens', 'integer', (col) => col.notNull())
    .addColumn('duration_ms', 'integer', (col) => col.notNull())
    .addColumn('outcome', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('assistant_turns_user_idx')
    .on('assistant_turns')
    .columns(['user_id', 'created_at'])
    .execute();

  // What the model asked a tool, and what it got back (capped).
  await db.schema
    .createTable('assistant_tool_calls')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('turn_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tool', 'text', (col) => col.notNull())
    .addColumn('input', 'text', (col) => col.notNull())
    .addColumn('output', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('assistant_tool_calls_turn_idx')
    .on('assistant_tool_calls')
    .column('turn_id')
    .execute();

  // An action waiting for the person's YES (design §9): what it would do, and what became of it.
  await db.schema
    .createTable('assistant_approvals')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('turn_id', 'text', (col) => col.notNull())
    .addColumn('tool', 'text', (col) => col.notNull())
    .addColumn('input', 'text', (col) => col.notNull())
    .addColumn('preview', 'text', (col) => col.notNull())
    // pending, approved, done, failed, declined, expired, superseded
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('result', 'text')
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('decided_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('assistant_approvals_user_idx')
    .on('assistant_approvals')
    .columns(['user_id', 'status', 'created_at'])
    .execute();

  // Numbers that said STOP, and the one-a-day notices: keyed by an HMAC of the number, so an
  // opt-out outlives a deleted account (nothing may ever be sent to it) without keeping the number.
  await db.schema
    .createTable('sms_opt_outs')
    .addColumn('phone_hash', 'text', (col) => col.primaryKey())
    .addColumn('opted_out_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('assistant_notices')
    .addColumn('phone_hash', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    // The day (or billing period) the notice counts for: one notice per number, kind and period.
    .addColumn('period', 'text', (col) => col.notNull())
    .addColumn('sent_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('assistant_notices_pk', ['phone_hash', 'kind', 'period'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'assistant_notices',
    'sms_opt_outs',
    'assistant_approvals',
    'assistant_tool_calls',
    'assistant_turns',
    'assistant_messages',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
