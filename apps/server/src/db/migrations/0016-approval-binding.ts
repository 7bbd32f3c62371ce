import type { Kysely } from 'kysely';

/**
 * What a YES binds to (issue 29, decision 290): the text that asked for an approval, when it was
 * handed to the SMS provider, on which channel, under which number, and what replaced it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Outbound: when the provider took the text (null until then, and for a suppressed one).
  await db.schema.alterTable('assistant_messages').addColumn('sent_at', 'text').execute();
  // Outbound: the approval this text asks for; a YES counts for it only once this text was sent.
  await db.schema.alterTable('assistant_messages').addColumn('approval_id', 'text').execute();
  // A YES looks up its requests' texts by approval: without it, every YES read every message.
  await db.schema
    .createIndex('assistant_messages_approval_id_idx')
    .on('assistant_messages')
    .column('approval_id')
    .execute();
  // sms or whatsapp: where the request was sent, the only channel whose YES counts for it.
  await db.schema.alterTable('assistant_approvals').addColumn('channel', 'text').execute();
  // The number a YES names ("YES 2") while several are pending: the lowest one free at asking.
  await db.schema.alterTable('assistant_approvals').addColumn('number', 'integer').execute();
  // The newer approval that replaced this one (its status then is superseded).
  await db.schema.alterTable('assistant_approvals').addColumn('replaced_by', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('assistant_approvals').dropColumn('replaced_by').execute();
  await db.schema.alterTable('assistant_approvals').dropColumn('number').execute();
  await db.schema.alterTable('assistant_approvals').dropColumn('channel').execute();
  await db.schema.dropIndex('assistant_messages_approval_id_idx').execute();
  await db.schema.alterTable('assistant_messages').dropColumn('approval_id').execute();
  await db.schema.alterTable('assistant_messages').dropColumn('sent_at').execute();
}
