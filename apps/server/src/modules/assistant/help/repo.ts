import { Repo, repoPlugin } from '../../../db/repo';

/**
 * The SQL of the help texts' daily cap (issue 31, decision 497): one row per person and local day,
 * its count taken with one conditional UPDATE, so instances racing share the cap.
 */
export class HelpDaysRepo extends Repo {
  /** Takes one of the day's `cap` slots; false when they are all taken. */
  async take(userId: string, day: string, cap: number): Promise<boolean> {
    await this.db
      .insertInto('assistant_help_days')
      .values({ user_id: userId, day, sent: 0 })
      .onConflict((oc) => oc.columns(['user_id', 'day']).doNothing())
      .execute();
    const result = await this.db
      .updateTable('assistant_help_days')
      .set((eb) => ({ sent: eb('sent', '+', 1) }))
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .where('sent', '<', cap)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Gives a slot back (the text turned out to be a duplicate already sent). */
  async give(userId: string, day: string): Promise<void> {
    await this.db
      .updateTable('assistant_help_days')
      .set((eb) => ({ sent: eb('sent', '-', 1) }))
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .where('sent', '>', 0)
      .execute();
  }

  async sentOn(userId: string, day: string): Promise<number> {
    const row = await this.db
      .selectFrom('assistant_help_days')
      .select('sent')
      .where('user_id', '=', userId)
      .where('day', '=', day)
      .executeTakeFirst();
    return row?.sent ?? 0;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    helpDaysRepo: HelpDaysRepo;
  }
}

export const helpDaysRepoPlugin = repoPlugin('helpDaysRepo', HelpDaysRepo, 'help-days-repo');
