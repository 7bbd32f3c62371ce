import type { Selectable } from 'kysely';
import { Repo, repoPlugin } from '../../../db/repo';
import type { AssistantFollowUpsTable } from '../../../db/schema';

export type FollowUpRow = Selectable<AssistantFollowUpsTable>;
export type FollowUpEnd = 'replied' | 'nudged' | 'cancelled' | 'expired';

/**
 * The SQL of follow-ups on mail (migration 0019). The pass reads the due rows by index and
 * claims each with a compare-and-set on `next_check_at`; a watch ends with a compare-and-set on
 * `state`, so of two instances only one tells the person.
 */
export class FollowUpsRepo extends Repo {
  async insert(row: FollowUpRow): Promise<void> {
    await this.db.insertInto('assistant_follow_ups').values(row).execute();
  }

  /** The person's watches still running, oldest first. */
  active(userId: string): Promise<FollowUpRow[]> {
    return this.db
      .selectFrom('assistant_follow_ups')
      .selectAll()
      .where('user_id', '=', userId)
      .where('state', '=', 'watching')
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** Every watch of the person, for the export. */
  allOf(userId: string): Promise<FollowUpRow[]> {
    return this.db
      .selectFrom('assistant_follow_ups')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
  }

  /** Watches whose next look is due, soonest first: read by the (state, next_check_at) index. */
  due(nowIso: string, limit: number): Promise<FollowUpRow[]> {
    return this.db
      .selectFrom('assistant_follow_ups')
      .selectAll()
      .where('state', '=', 'watching')
      .where('next_check_at', '<=', nowIso)
      .orderBy('next_check_at')
      .limit(limit)
      .execute();
  }

  /** Takes a due watch for this pass by moving its next look; false when another instance took it. */
  async claim(id: string, seen: string, next: string): Promise<boolean> {
    const result = await this.db
      .updateTable('assistant_follow_ups')
      .set({ next_check_at: next })
      .where('id', '=', id)
      .where('state', '=', 'watching')
      .where('next_check_at', '=', seen)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Ends a watch once; false when it had already ended (another instance, or a cancel). */
  async end(id: string, state: FollowUpEnd, at: string, evidence: string | null = null): Promise<boolean> {
    const result = await this.db
      .updateTable('assistant_follow_ups')
      .set({ state, next_check_at: null, fired_at: at, evidence_message_id: evidence })
      .where('id', '=', id)
      .where('state', '=', 'watching')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /**
   * Makes the person's running watches due now: their mailbox changed (the sample workspace's
   * dev route today; the change feed of issue 31 later), so the next pass looks at once.
   */
  async wake(userId: string, nowIso: string): Promise<void> {
    await this.db
      .updateTable('assistant_follow_ups')
      .set({ next_check_at: nowIso })
      .where('user_id', '=', userId)
      .where('state', '=', 'watching')
      .where('next_check_at', '>', nowIso)
      .execute();
  }

  /** Whether a watch still waits on the thread (it tells the person of a reply itself). */
  async watchesThread(userId: string, threadId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('assistant_follow_ups')
      .select('id')
      .where('user_id', '=', userId)
      .where('thread_id', '=', threadId)
      .where('state', '=', 'watching')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The person's watch, never another's. */
  find(userId: string, id: string): Promise<FollowUpRow | undefined> {
    return this.db
      .selectFrom('assistant_follow_ups')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  findById(id: string): Promise<FollowUpRow | undefined> {
    return this.db.selectFrom('assistant_follow_ups').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async cancel(userId: string, id: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('assistant_follow_ups')
      .set({ state: 'cancelled', next_check_at: null, fired_at: at })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('state', '=', 'watching')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** The account is deleted. */
  async forgetUser(userId: string): Promise<void> {
    await this.db.deleteFrom('assistant_follow_ups').where('user_id', '=', userId).execute();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    followUpsRepo: FollowUpsRepo;
  }
}

export const followUpsRepoPlugin = repoPlugin('followUpsRepo', FollowUpsRepo, 'follow-ups-repo');
