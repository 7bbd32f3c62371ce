import type { Kysely } from 'kysely';

/**
 * The local stand-ins' sample workspace (issue 20): what an account connected through the local
 * issuer, or a local Apple ID, has in its calendar, mailbox and address book. Kept in the
 * database so what the assistant writes there is still there on the next call and after a
 * restart. Each item is a JSON document; `sort_key` orders a listing (an event's start, a
 * mail's date, a contact's name) without reading the documents.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sample_workspace_items')
    // `<provider>:<account id at the provider>`: the same sample account whichever person holds it.
    .addColumn('owner', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('sort_key', 'text', (col) => col.notNull())
    .addColumn('data', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('sample_workspace_items_pk', ['owner', 'kind', 'id'])
    .execute();
  await db.schema
    .createIndex('sample_workspace_items_sort_idx')
    .on('sample_workspace_items')
    .columns(['owner', 'kind', 'sort_key'])
    .execute();

  // One row per owner whose sample was made: its primary key is what lets two first calls at
  // once seed it once (the second insert does nothing).
  await db.schema
    .createTable('sample_workspace_owners')
    .addColumn('owner', 'text', (col) => col.primaryKey())
    .addColumn('seeded_at', 'text', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sample_workspace_owners').execute();
  await db.schema.dropTable('sample_workspace_items').execute();
}
