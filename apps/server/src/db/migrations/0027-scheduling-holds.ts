import type { Kysely } from 'kysely';

/**
 * Tentative holds of a scheduling request's offered slots (issue 32 point 4, decision 594):
 * `holds` is null when the person did not ask for them, else a JSON list of
 * `{slot, eventId}` (the slot's number in the approved set, the hold's event at the request's
 * connection), written at the YES and shortened as the release job removes each one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('scheduling_requests').addColumn('holds', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('scheduling_requests').dropColumn('holds').execute();
}
