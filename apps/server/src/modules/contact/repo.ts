import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { ContactMessagesTable } from '../../db/schema';

/** The SQL of support messages. */
export class ContactRepo {
  constructor(private readonly db: Db) {}

  /**
   * Runs `work` in a transaction holding the user's row lock (a no-op update: PostgreSQL keeps
   * the row locked until commit, SQLite has one writer), so parallel sends count correctly.
   */
  withUserLock<T>(userId: string, work: (trx: Db) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('users')
        .set((eb) => ({ updated_at: eb.ref('updated_at') }))
        .where('id', '=', userId)
        .execute();
      return work(trx);
    });
  }

  /** Send times of the user's messages since `since`. */
  async sentSince(trx: Db, userId: string, since: string): Promise<string[]> {
    const rows = await trx
      .selectFrom('contact_messages')
      .select('created_at')
      .where('user_id', '=', userId)
      .where('created_at', '>', since)
      .orderBy('created_at')
      .execute();
    return rows.map((row) => row.created_at);
  }

  async insert(trx: Db, message: Insertable<ContactMessagesTable>): Promise<void> {
    await trx.insertInto('contact_messages').values(message).execute();
  }

  find(id: string) {
    return this.db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
