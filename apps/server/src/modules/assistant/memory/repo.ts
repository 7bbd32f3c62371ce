import type { Insertable, Selectable } from 'kysely';
import { Repo, repoPlugin } from '../../../db/repo';
import type { AssistantMemoriesTable } from '../../../db/schema';

export type MemoryRow = Selectable<AssistantMemoriesTable>;

/** The SQL of what the assistant remembers about each person (migration 0020). */
export class MemoryRepo extends Repo {
  /** The person's memories, oldest first (the order they were told). */
  list(userId: string): Promise<MemoryRow[]> {
    return this.db
      .selectFrom('assistant_memories')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  async count(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('assistant_memories')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  find(userId: string, id: string): Promise<MemoryRow | undefined> {
    return this.db
      .selectFrom('assistant_memories')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The most recently saved one: what "forget that" means. */
  latest(userId: string): Promise<MemoryRow | undefined> {
    return this.db
      .selectFrom('assistant_memories')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .executeTakeFirst();
  }

  async insert(row: Insertable<AssistantMemoriesTable>): Promise<void> {
    await this.db.insertInto('assistant_memories').values(row).execute();
  }

  /** Changes the fact's words (the person edited it on the screen); false when not theirs. */
  async updateText(userId: string, id: string, text: string, nowIso: string): Promise<boolean> {
    const result = await this.db
      .updateTable('assistant_memories')
      .set({ text, updated_at: nowIso })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Forgets one; false when not theirs (or already gone). */
  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('assistant_memories')
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    memoryRepo: MemoryRepo;
  }
}

export const memoryRepoPlugin = repoPlugin('memoryRepo', MemoryRepo, 'memory-repo');
