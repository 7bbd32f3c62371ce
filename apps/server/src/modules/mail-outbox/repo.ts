import type { Insertable, Selectable } from 'kysely';
import { Repo } from '../../db/repo';
import type { MailOutboxTable } from '../../db/schema';

export type OutboxMail = Selectable<MailOutboxTable>;
export type NewOutboxMail = Omit<
  Insertable<MailOutboxTable>,
  'status' | 'attempts' | 'locked_until' | 'last_error' | 'sent_at'
>;

/** The SQL of the mail outbox. */
export class MailOutboxRepo extends Repo {
  /** Called through `with(trx)`, a mail is stored together with what it is about. */
  async insert(mail: NewOutboxMail): Promise<void> {
    await this.db
      .insertInto('mail_outbox')
      .values({
        ...mail,
        status: 'pending',
        attempts: 0,
        locked_until: null,
        last_error: null,
        sent_at: null,
      })
      .execute();
  }

  due(now: string, limit: number): Promise<OutboxMail[]> {
    return this.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .orderBy('next_attempt_at')
      .limit(limit)
      .execute();
  }

  /** One worker wins a mail; returns its attempt number, or undefined when another got it first. */
  async claim(id: string, now: string, lockUntil: string): Promise<number | undefined> {
    const row = await this.db
      .updateTable('mail_outbox')
      .set((eb) => ({ locked_until: lockUntil, attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
      .returning('attempts')
      .executeTakeFirst();
    return row?.attempts;
  }

  async markSent(id: string, now: string): Promise<void> {
    await this.db
      .updateTable('mail_outbox')
      .set({ status: 'sent', sent_at: now, locked_until: null, last_error: null })
      .where('id', '=', id)
      .execute();
  }

  async reschedule(id: string, nextAttemptAt: string, error: string): Promise<void> {
    await this.db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: nextAttemptAt, locked_until: null, last_error: error.slice(0, 1000) })
      .where('id', '=', id)
      .execute();
  }

  find(id: string): Promise<OutboxMail | undefined> {
    return this.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirst();
  }
}
