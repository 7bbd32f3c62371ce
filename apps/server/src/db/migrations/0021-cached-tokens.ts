import type { Kysely } from 'kysely';

/**
 * What a turn cost as the provider bills it (issue 30, decision 372): the input tokens the
 * provider read from its cache, and the tokens the plan counts (cached ones at the provider's
 * cached rate). Turns stored before this column count their tokens in full.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('assistant_turns')
    .addColumn('cached_input_tokens', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('assistant_turns').addColumn('billed_tokens', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('assistant_turns').dropColumn('billed_tokens').execute();
  await db.schema.alterTable('assistant_turns').dropColumn('cached_input_tokens').execute();
}
