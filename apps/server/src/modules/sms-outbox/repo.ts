import { type Insertable, type Selectable, sql } from 'kysely';
import { Repo, repoPlugin } from '../../db/repo';
import type { AssistantMessagesTable } from '../../db/schema';

export type OutboundRow = Selectable<AssistantMessagesTable>;

/**
 * The SQL of the SMS outbox: its texts are the outbound rows of the conversation store (the
 * screen shows every text we sent, whoever started it), the opt-out list it checks, and the
 * counters of the replies to unknown numbers.
 */
export class SmsOutboxRepo extends Repo {
  async insertOutbound(message: Insertable<AssistantMessagesTable>): Promise<void> {
    await this.db.insertInto('assistant_messages').values(message).execute();
  }

  findOutbound(id: string): Promise<OutboundRow | undefined> {
    return this.db
      .selectFrom('assistant_messages')
      .selectAll()
      .where('id', '=', id)
      .where('direction', '=', 'out')
      .executeTakeFirst();
  }

  /**
   * Moves a text from queued to sending, once: true for the one try that may call the provider.
   * A text left in sending (a crash, or a failed write, after the call) is never sent again.
   */
  async claimForSending(id: string): Promise<boolean> {
    const result = await this.db
      .updateTable('assistant_messages')
      .set({ status: 'sending' })
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * The outcome of a try: sent with the provider's id and the moment it was handed over (a YES
   * counts for the approval a text asks for only after that: decision 290), or suppressed.
   */
  async finish(id: string, providerSid: string | null, status: string, sentAt?: string): Promise<void> {
    await this.db
      .updateTable('assistant_messages')
      .set({ provider_sid: providerSid, status, ...(sentAt ? { sent_at: sentAt } : {}) })
      .where('id', '=', id)
      .execute();
  }

  /** The provider refused the text outright: nothing left, so a retry may send it. */
  async backToQueued(id: string): Promise<void> {
    await this.db
      .updateTable('assistant_messages')
      .set({ status: 'queued' })
      .where('id', '=', id)
      .where('status', '=', 'sending')
      .execute();
  }

  /** The last try failed: a text still queued will not be sent. */
  async markFailed(id: string): Promise<void> {
    await this.db
      .updateTable('assistant_messages')
      .set({ status: 'failed' })
      .where('id', '=', id)
      .where('status', '=', 'queued')
      .execute();
  }

  async isOptedOut(phoneHash: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('sms_opt_outs')
      .select('phone_hash')
      .where('phone_hash', '=', phoneHash)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Adds one to a period's counter and returns the new count, in one statement: instances
   * counting at the same moment each see their own number, on SQLite and PostgreSQL alike.
   */
  async countOne(period: string): Promise<number> {
    const row = await this.db
      .insertInto('sms_reply_counts')
      .values({ period, count: 1 })
      .onConflict((oc) => oc.column('period').doUpdateSet({ count: sql<number>`sms_reply_counts.count + 1` }))
      .returning('count')
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Counters of periods that ended before `period` (their keys sort by time within a kind). */
  async purgeCountsBefore(prefix: string, period: string): Promise<void> {
    await this.db
      .deleteFrom('sms_reply_counts')
      .where('period', 'like', `${prefix}%`)
      .where('period', '<', period)
      .execute();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    smsOutboxRepo: SmsOutboxRepo;
  }
}

export const smsOutboxRepoPlugin = repoPlugin('smsOutboxRepo', SmsOutboxRepo, 'sms-outbox-repo');
