import type { Kysely } from 'kysely';

/**
 * The durable job queue (lib/jobs, issue 21). A job is written in the same transaction as what
 * it is about, so neither exists without the other; a worker claims it with a lease
 * (`locked_by`, `locked_until`), and a claim whose worker died simply lapses.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('kind', 'text', (col) => col.notNull())
    // The idempotency key: enqueueing the same thing twice (a webhook delivered again) is one job.
    .addColumn('key', 'text', (col) => col.notNull().unique())
    .addColumn('payload', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('run_at', 'text', (col) => col.notNull())
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('done_at', 'text')
    .execute();
  // Claiming reads pending jobs in run_at order; done and failed ones are skipped by the prefix.
  await db.schema.createIndex('jobs_claim_idx').on('jobs').columns(['status', 'run_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
