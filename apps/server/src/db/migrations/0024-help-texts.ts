import type { Kysely } from 'kysely';

/**
 * Help with a high bar (issue 31, part 4): three opt-in switches on the assistant's settings, all
 * off, and a per-person, per-day count of the help texts sent, shared by every instance.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['help_replies', 'help_important', 'help_overlaps']) {
    await db.schema
      .alterTable('assistant_settings')
      .addColumn(column, 'integer', (col) => col.notNull().defaultTo(0))
      .execute();
  }
  await db.schema
    .createTable('assistant_help_days')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // The person's local date, YYYY-MM-DD.
    .addColumn('day', 'text', (col) => col.notNull())
    .addColumn('sent', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('assistant_help_days_pk', ['user_id', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('assistant_help_days').execute();
  for (const column of ['help_replies', 'help_important', 'help_overlaps']) {
    await db.schema.alterTable('assistant_settings').dropColumn(column).execute();
  }
}
