import type { TOutboxMessage } from '@app/contract/dev/list-outbox';
import { sql } from 'kysely';
import { Repo, repoPlugin } from '../../db/repo';
import type { DevOutboxTable } from '../../db/schema';
import { newId } from '../../lib/ids';

export interface DevOutboxEntry {
  channel: 'sms' | 'email';
  to: string;
  subject?: string | null;
  body: string;
}

/**
 * Where the local stand-ins "send": a table a person reads at /dev/outbox and a test
 * reads back through the API, so offline sign-in works exactly like the real thing.
 */
export class DevOutbox extends Repo {
  async record(entry: DevOutboxEntry): Promise<TOutboxMessage> {
    const row = {
      id: newId(),
      channel: entry.channel,
      recipient: entry.to,
      subject: entry.subject ?? null,
      body: entry.body,
      created_at: new Date().toISOString(),
    };
    await this.db.insertInto('dev_outbox').values(row).execute();
    return toMessage(row);
  }

  /**
   * Forgets a person whose account is deleted: what was sent to them, and what names them (the
   * support mails carry their id, number and address). Until the purge a week later, these rows
   * would otherwise outlive the account.
   */
  async forgetPerson(person: { addresses: string[]; mentions: string[] }): Promise<void> {
    const addresses = person.addresses.filter(Boolean);
    const mentions = person.mentions.filter(Boolean);
    if (addresses.length === 0 && mentions.length === 0) return;
    // '\' escapes LIKE's wildcards in both dialects; SQLite has no escape character otherwise.
    const like = (column: 'subject' | 'body', text: string) =>
      sql<boolean>`${sql.ref(column)} like ${`%${text.replace(/[\\%_]/g, '\\$&')}%`} escape '\\'`;
    await this.db
      .deleteFrom('dev_outbox')
      .where((eb) =>
        eb.or([
          ...(addresses.length > 0 ? [eb('recipient', 'in', addresses)] : []),
          ...mentions.flatMap((text) => [like('subject', text), like('body', text)]),
        ]),
      )
      .execute();
  }

  async list(filter: { to?: string; limit: number }): Promise<TOutboxMessage[]> {
    let query = this.db.selectFrom('dev_outbox').selectAll().orderBy('id', 'desc').limit(filter.limit);
    if (filter.to) query = query.where('recipient', '=', filter.to);
    return (await query.execute()).map(toMessage);
  }
}

function toMessage(row: DevOutboxTable): TOutboxMessage {
  return {
    id: row.id,
    channel: row.channel,
    to: row.recipient,
    subject: row.subject,
    body: row.body,
    createdAt: row.created_at,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    devOutbox: DevOutbox;
  }
}

export const devOutboxPlugin = repoPlugin('devOutbox', DevOutbox, 'dev-outbox');
