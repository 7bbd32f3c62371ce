import type { Kysely } from 'kysely';

/**
 * What the assistant remembers about a person (issue 30, part 5): each fact with the person's own
 * text it came from (its evidence), kept until they forget it or delete their account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('assistant_memories')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // The fact, in the person's words or close to them.
    .addColumn('text', 'text', (col) => col.notNull())
    // text: grounded in the person's own text; approved: proposed from something read, saved by their YES.
    .addColumn('source', 'text', (col) => col.notNull())
    // The inbound text it came from (no foreign key: the conversation is purged before the memory).
    .addColumn('evidence_message_id', 'text')
    // That text itself, kept: the conversation is kept only ASSISTANT_RETENTION_DAYS.
    .addColumn('evidence', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('assistant_memories_user_idx')
    .on('assistant_memories')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('assistant_memories').execute();
}
