import type { Insertable } from 'kysely';
import { Repo, repoPlugin } from '../../db/repo';
import type { ContactMessagesTable } from '../../db/schema';

/** The SQL of support messages. */
export class ContactRepo extends Repo {
  /** Send times of the user's messages since `since`. */
  async sentSince(userId: string, since: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('contact_messages')
      .select('created_at')
      .where('user_id', '=', userId)
      .where('created_at', '>', since)
      .orderBy('created_at')
      .execute();
    return rows.map((row) => row.created_at);
  }

  async insert(message: Insertable<ContactMessagesTable>): Promise<void> {
    await this.db.insertInto('contact_messages').values(message).execute();
  }

  find(id: string) {
    return this.db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirst();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    contactRepo: ContactRepo;
  }
}

export const contactRepoPlugin = repoPlugin('contactRepo', ContactRepo, 'contact-repo');
