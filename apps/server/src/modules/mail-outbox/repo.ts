import type { Insertable, Selectable } from 'kysely';
import { Repo } from '../../db/repo';
import type { MailOutboxTable } from '../../db/schema';

export type OutboxMail = Selectable<MailOutboxTable>;
export type NewOutboxMail = Omit<
  Insertable<MailOutboxTable>,
  'status' | 'attempts' | 'next_attempt_at' | 'locked_until' | 'last_error' | 'sent_at'
>;

/** The SQL of the mail outbox: what is sent. Its tries and back-off are its job's (lib/jobs). */
export class MailOutboxRepo extends Repo {
  /** Called through `with(trx)`, a mail is stored together with what it is about. */
  async insert(mail: NewOutboxMail): Promise<void> {
    await this.db
      .insertInto('mail_outbox')
      .values({
        ...mail,
        status: 'pending',
        attempts: 0,
        // The old worker's columns (record 215): kept for rows written before the queue.
        next_attempt_at: mail.created_at,
        locked_until: null,
        last_error: null,
        sent_at: null,
      })
      .execute();
  }

  async markSent(id: string, now: string): Promise<void> {
    await this.db
      .updateTable('mail_outbox')
      .set({ status: 'sent', sent_at: now, locked_until: null })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
  }

  /** Pending mail after `afterId` in id order, `limit` at a time: the start-up pass walks them all. */
  async pendingIds(afterId: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('status', '=', 'pending')
      .where('id', '>', afterId)
      .orderBy('id')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  find(id: string): Promise<OutboxMail | undefined> {
    return this.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
