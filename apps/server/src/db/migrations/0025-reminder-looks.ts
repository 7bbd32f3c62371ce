import type { Kysely } from 'kysely';

/**
 * The rest of the per-minute pass follows due times (issue 31, decisions 501-509):
 * - `assistant_settings.reminders_next_at`, indexed: when the person's calendars are next looked
 *   at for event reminders (null: look now; a far date parks a row with reminders off or paused).
 *   `reminders_scanned_at` (migration 0018) is no longer read or written.
 * - `jobs (status, done_at)`: the purge of finished jobs reads them by this index, a batch at a time.
 * - `updated_at` of `users`, `billing_accounts` and `assistant_settings`: the greeting's part of
 *   the pass reads the people whose number, plan or settings changed since its last pass by these
 *   indexes, not every linked person every minute.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('assistant_settings').addColumn('reminders_next_at', 'text').execute();
  await db.schema
    .createIndex('assistant_settings_reminders_next_idx')
    .on('assistant_settings')
    .column('reminders_next_at')
    .execute();
  await db.schema.createIndex('jobs_done_idx').on('jobs').columns(['status', 'done_at']).execute();
  for (const table of CHANGED) {
    await db.schema.createIndex(`${table}_updated_idx`).on(table).column('updated_at').execute();
  }
}

const CHANGED = ['users', 'billing_accounts', 'assistant_settings'] as const;

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of CHANGED) await db.schema.dropIndex(`${table}_updated_idx`).execute();
  await db.schema.dropIndex('jobs_done_idx').execute();
  await db.schema.dropIndex('assistant_settings_reminders_next_idx').execute();
  await db.schema.alterTable('assistant_settings').dropColumn('reminders_next_at').execute();
}
