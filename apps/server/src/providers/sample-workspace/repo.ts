import type { Db } from '../../db/database';
import { Repo, repoPlugin } from '../../db/repo';
import type { SampleWorkspaceItemsTable } from '../../db/schema';

export type SampleKind = SampleWorkspaceItemsTable['kind'];

/** One item as the adapters hand it over: its JSON document already written. */
export interface SampleItem {
  kind: SampleKind;
  id: string;
  sortKey: string;
  data: string;
}

/**
 * The SQL of the local stand-ins' sample workspace: events, mails and contacts per owner, each
 * a JSON document the adapters read and write. The owner key says whose (see the migration).
 */
export class SampleWorkspaceRepo extends Repo {
  async isSeeded(owner: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('sample_workspace_owners')
      .select('owner')
      .where('owner', '=', owner)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Stores an owner's first sample, once: the marker row is written first, in the same
   * transaction, so of two first calls at once only the one whose marker went in writes the
   * items (on PostgreSQL the second waits on the marker's key, then does nothing). True when
   * this call seeded.
   */
  async seedOnce(owner: string, items: SampleItem[], nowIso: string): Promise<boolean> {
    return this.inTransaction(async (db) => {
      const marked = await db
        .insertInto('sample_workspace_owners')
        .values({ owner, seeded_at: nowIso })
        .onConflict((oc) => oc.column('owner').doNothing())
        .executeTakeFirst();
      if (Number(marked.numInsertedOrUpdatedRows ?? 0) === 0) return false;
      // A few rows a statement keeps each insert far under either database's parameter limit.
      for (let at = 0; at < items.length; at += 50) {
        await db
          .insertInto('sample_workspace_items')
          .values(items.slice(at, at + 50).map((item) => toRow(owner, item, nowIso)))
          .onConflict((oc) => oc.columns(['owner', 'kind', 'id']).doNothing())
          .execute();
      }
      return true;
    });
  }

  /** An owner's items of one kind in sort-key order; `below` keeps those that sort before it. */
  async list(
    owner: string,
    kind: SampleKind,
    options: { below?: string; newestFirst?: boolean } = {},
  ): Promise<SampleItem[]> {
    let query = this.db
      .selectFrom('sample_workspace_items')
      .select(['kind', 'id', 'sort_key', 'data'])
      .where('owner', '=', owner)
      .where('kind', '=', kind)
      .orderBy('sort_key', options.newestFirst ? 'desc' : 'asc')
      .orderBy('id', options.newestFirst ? 'desc' : 'asc');
    if (options.below !== undefined) query = query.where('sort_key', '<', options.below);
    return (await query.execute()).map(fromRow);
  }

  async get(owner: string, kind: SampleKind, id: string): Promise<SampleItem | null> {
    const row = await this.db
      .selectFrom('sample_workspace_items')
      .select(['kind', 'id', 'sort_key', 'data'])
      .where('owner', '=', owner)
      .where('kind', '=', kind)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? fromRow(row) : null;
  }

  /** Writes an item, new or replacing the one with its id. */
  async put(owner: string, item: SampleItem, nowIso: string): Promise<void> {
    await this.db
      .insertInto('sample_workspace_items')
      .values(toRow(owner, item, nowIso))
      .onConflict((oc) =>
        oc.columns(['owner', 'kind', 'id']).doUpdateSet({
          sort_key: item.sortKey,
          data: item.data,
          updated_at: nowIso,
        }),
      )
      .execute();
  }

  /** False when there was no such item. */
  async delete(owner: string, kind: SampleKind, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('sample_workspace_items')
      .where('owner', '=', owner)
      .where('kind', '=', kind)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Everything of these owners, the marker too: their account is deleted. */
  async forgetOwners(owners: string[]): Promise<void> {
    if (owners.length === 0) return;
    await this.db.deleteFrom('sample_workspace_items').where('owner', 'in', owners).execute();
    await this.db.deleteFrom('sample_workspace_owners').where('owner', 'in', owners).execute();
  }

  async forgetOwner(owner: string): Promise<void> {
    await this.forgetOwners([owner]);
  }

  /** Joins the caller's transaction when bound to one (`with(trx)`), else opens its own. */
  private inTransaction<T>(work: (db: Db) => Promise<T>): Promise<T> {
    return this.db.isTransaction ? work(this.db) : this.db.transaction().execute(work);
  }
}

function toRow(owner: string, item: SampleItem, nowIso: string): SampleWorkspaceItemsTable {
  return {
    owner,
    kind: item.kind,
    id: item.id,
    sort_key: item.sortKey,
    data: item.data,
    created_at: nowIso,
    updated_at: nowIso,
  };
}

function fromRow(row: Pick<SampleWorkspaceItemsTable, 'kind' | 'id' | 'sort_key' | 'data'>): SampleItem {
  return { kind: row.kind, id: row.id, sortKey: row.sort_key, data: row.data };
}

declare module 'fastify' {
  interface FastifyInstance {
    sampleWorkspace: SampleWorkspaceRepo;
  }
}

export const sampleWorkspacePlugin = repoPlugin('sampleWorkspace', SampleWorkspaceRepo, 'sample-workspace');
