import type { Insertable, Selectable } from 'kysely';
import { Repo, repoPlugin } from '../../../db/repo';
import type { AssistantRemindersTable } from '../../../db/schema';

export type ReminderRow = Selectable<AssistantRemindersTable>;

/** The SQL of reminders and routines (migration 0018). */
export class RemindersRepo extends Repo {
  async insert(row: Insertable<AssistantRemindersTable>): Promise<void> {
    await this.db.insertInto('assistant_reminders').values(row).execute();
  }

  find(userId: string, id: string): Promise<ReminderRow | undefined> {
    return this.db
      .selectFrom('assistant_reminders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  findById(id: string): Promise<ReminderRow | undefined> {
    return this.db.selectFrom('assistant_reminders').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The person's active reminders, soonest first. */
  active(userId: string): Promise<ReminderRow[]> {
    return this.db
      .selectFrom('assistant_reminders')
      .selectAll()
      .where('user_id', '=', userId)
      .where('state', '=', 'active')
      .orderBy('due_at')
      .orderBy('id')
      .execute();
  }

  async countActive(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('assistant_reminders')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('user_id', '=', userId)
      .where('state', '=', 'active')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Takes the occurrence due at `dueAt`: moves the row to its next instant (or done) only while
   * it is still active and still due then. True for the one caller that took it; a second
   * instance, a rerun or an edit in between finds nothing to take.
   */
  async takeOccurrence(
    id: string,
    dueAt: string,
    next: { dueAt: string | null; outcome: string; nowIso: string },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('assistant_reminders')
      .set({
        due_at: next.dueAt,
        state: next.dueAt ? 'active' : 'done',
        last_fired_at: next.nowIso,
        last_outcome: next.outcome,
        updated_at: next.nowIso,
      })
      .where('id', '=', id)
      .where('state', '=', 'active')
      .where('due_at', '=', dueAt)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async cancel(userId: string, id: string, nowIso: string): Promise<boolean> {
    const result = await this.db
      .updateTable('assistant_reminders')
      .set({ state: 'cancelled', due_at: null, updated_at: nowIso })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('state', '=', 'active')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** A new time for an active reminder: its first occurrence and next instant. */
  async reschedule(
    userId: string,
    id: string,
    next: { startLocal: string; dueAt: string; nowIso: string },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('assistant_reminders')
      .set({ start_local: next.startLocal, due_at: next.dueAt, updated_at: next.nowIso })
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .where('state', '=', 'active')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Every reminder of the person, for their export. */
  all(userId: string): Promise<ReminderRow[]> {
    return this.db
      .selectFrom('assistant_reminders')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    remindersRepo: RemindersRepo;
  }
}

export const remindersRepoPlugin = repoPlugin('remindersRepo', RemindersRepo, 'assistant-reminders-repo');
