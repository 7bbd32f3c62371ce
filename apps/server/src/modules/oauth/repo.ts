import type { Insertable, Selectable, Updateable } from 'kysely';
import { Repo, repoPlugin } from '../../db/repo';
import type { ConnectionsTable, UsersTable } from '../../db/schema';

export type ConnectionRow = Selectable<ConnectionsTable>;
export type OAuthProvider = ConnectionsTable['provider'];

/** The SQL of connected accounts, and of the users OAuth creates or links. */
export class ConnectionsRepo extends Repo {
  findByAccount(provider: OAuthProvider, accountId: string): Promise<ConnectionRow | undefined> {
    return this.db
      .selectFrom('connections')
      .selectAll()
      .where('provider', '=', provider)
      .where('provider_account_id', '=', accountId)
      .executeTakeFirst();
  }

  /** The user's newest connection to the provider. */
  findForUser(userId: string, provider: OAuthProvider): Promise<ConnectionRow | undefined> {
    return this.db
      .selectFrom('connections')
      .selectAll()
      .where('user_id', '=', userId)
      .where('provider', '=', provider)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async countForUser(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('connections')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async insert(connection: Insertable<ConnectionsTable>): Promise<void> {
    await this.db.insertInto('connections').values(connection).execute();
  }

  async update(id: string, changes: Updateable<ConnectionsTable>): Promise<void> {
    await this.db.updateTable('connections').set(changes).where('id', '=', id).execute();
  }

  findUser(id: string): Promise<Selectable<UsersTable> | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertUser(user: Insertable<UsersTable>): Promise<void> {
    await this.db.insertInto('users').values(user).execute();
  }

  async updateUser(id: string, changes: Updateable<UsersTable>): Promise<void> {
    await this.db.updateTable('users').set(changes).where('id', '=', id).execute();
  }

  async deleteUser(id: string): Promise<void> {
    await this.db.deleteFrom('users').where('id', '=', id).execute();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    connectionsRepo: ConnectionsRepo;
  }
}

export const connectionsRepoPlugin = repoPlugin('connectionsRepo', ConnectionsRepo, 'connections-repo');
