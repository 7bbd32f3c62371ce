import type { Kysely } from 'kysely';

/**
 * The next briefing each person is due (issue 31, decision 490): the scheduling pass reads only
 * the rows whose next briefing is near, by this index, instead of every person with a briefing
 * every minute. Null: not worked out yet (a new row, a setting changed, a row from before this
 * column); the pass works those out once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('assistant_settings').addColumn('briefing_next_at', 'text').execute();
  await db.schema
    .createIndex('assistant_settings_briefing_next_idx')
    .on('assistant_settings')
    .column('briefing_next_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('assistant_settings_briefing_next_idx').execute();
  await db.schema.alterTable('assistant_settings').dropColumn('briefing_next_at').execute();
}
