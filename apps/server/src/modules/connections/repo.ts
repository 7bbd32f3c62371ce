import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/database';
import { prepared } from '../../db/prepared';
import { Repo, repoPlugin } from '../../db/repo';
import type { AssistantAccessLogTable, ConnectionServicesTable, ConnectionsTable } from '../../db/schema';

export type ConnectionRow = Selectable<ConnectionsTable>;
export type ConnectionServiceRow = Selectable<ConnectionServicesTable>;
export type OAuthProvider = ConnectionsTable['provider'];
/** What a status screen shows of a connection: no tokens, no refresh history. */
export type ConnectionSummary = Pick<
  ConnectionRow,
  'id' | 'provider' | 'email' | 'name' | 'granted_scopes' | 'status' | 'status_reason'
>;
/** A person's switch for one service of a connection. */
export type ServiceSwitch = Pick<
  ConnectionServiceRow,
  'connection_id' | 'service_type' | 'is_enabled' | 'permissions'
>;

const connectionsWithServices = prepared((db: Db, userId: string) =>
  db
    .selectFrom('connections')
    .leftJoin('connection_services', 'connection_services.connection_id', 'connections.id')
    .select([
      'connections.id',
      'connections.provider',
      'connections.email',
      'connections.name',
      'connections.granted_scopes',
      'connections.status',
      'connections.status_reason',
      'connection_services.service_type',
      'connection_services.is_enabled',
      'connection_services.permissions',
    ])
    .where('connections.user_id', '=', userId)
    .orderBy('connections.id', 'desc'),
);

// One row for each call of the internal API (each usage report among them), compiled once.
const insertAccessLog = prepared(
  (
    db: Db,
    id: string,
    caller: string,
    action: string,
    userId: string | null,
    connectionId: string | null,
    outcome: string,
    createdAt: string,
  ) =>
    db.insertInto('assistant_access_log').values({
      id,
      caller,
      action,
      user_id: userId,
      connection_id: connectionId,
      outcome,
      created_at: createdAt,
    }),
);

/** The SQL of connected accounts and their service switches. */
export class ConnectionsRepo extends Repo {
  findById(id: string): Promise<ConnectionRow | undefined> {
    return this.db.selectFrom('connections').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** Every connection of the user, newest first. */
  listForUser(userId: string): Promise<ConnectionRow[]> {
    return this.db
      .selectFrom('connections')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .execute();
  }

  /** What the reminder looks ask of a batch of people's connections (decision 575): one read, not one a person. */
  listStatesForUsers(
    userIds: string[],
  ): Promise<Pick<ConnectionRow, 'id' | 'user_id' | 'provider' | 'status'>[]> {
    if (userIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('connections')
      .select(['id', 'user_id', 'provider', 'status'])
      .where('user_id', 'in', userIds)
      .execute();
  }

  /**
   * Every connection of the user, newest first, and their service switches, in one statement:
   * integrations/status runs it on every visit to the screen.
   */
  async listSummariesWithServices(
    userId: string,
  ): Promise<{ connections: ConnectionSummary[]; services: ServiceSwitch[] }> {
    const connections = new Map<string, ConnectionSummary>();
    const services: ServiceSwitch[] = [];
    for (const row of await connectionsWithServices(this.db, userId)) {
      if (!connections.has(row.id)) {
        const { service_type, is_enabled, permissions, ...connection } = row;
        connections.set(row.id, connection);
      }
      if (row.service_type !== null && row.is_enabled !== null && row.permissions !== null) {
        services.push({
          connection_id: row.id,
          service_type: row.service_type,
          is_enabled: row.is_enabled,
          permissions: row.permissions,
        });
      }
    }
    return { connections: [...connections.values()], services };
  }

  /**
   * Marks a working connection broken, once: of several callers that find it broken at the
   * same moment, exactly one gets true (and sends the one SMS).
   */
  async markBroken(id: string, reason: string, nowIso: string): Promise<boolean> {
    const result = await this.db
      .updateTable('connections')
      .set({
        status: 'needs_reconnect',
        status_reason: reason,
        reconnect_notified_at: nowIso,
        updated_at: nowIso,
      })
      .where('id', '=', id)
      .where('status', '=', 'connected')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Connected OAuth connections nobody used or refreshed since `beforeIso`: the idle refresh job's work. */
  /** Connections unused and unrefreshed since `beforeIso` whose backoff (if any) is over at `nowIso`. */
  listIdle(beforeIso: string, nowIso: string, limit: number): Promise<ConnectionRow[]> {
    return this.db
      .selectFrom('connections')
      .selectAll()
      .where('status', '=', 'connected')
      .where('refresh_token', 'is not', null)
      .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', beforeIso)]))
      .where((eb) => eb.or([eb('last_refresh_at', 'is', null), eb('last_refresh_at', '<', beforeIso)]))
      .where((eb) => eb.or([eb('retry_after', 'is', null), eb('retry_after', '<=', nowIso)]))
      .orderBy('last_refresh_at')
      .limit(limit)
      .execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('connections').where('id', '=', id).execute();
  }

  listServices(connectionIds: string[]): Promise<ConnectionServiceRow[]> {
    if (connectionIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('connection_services')
      .selectAll()
      .where('connection_id', 'in', connectionIds)
      .execute();
  }

  async upsertService(row: Insertable<ConnectionServicesTable>): Promise<void> {
    await this.db
      .insertInto('connection_services')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['connection_id', 'service_type']).doUpdateSet({
          is_enabled: row.is_enabled,
          permissions: row.permissions,
          metadata: row.metadata,
          updated_at: row.updated_at,
        }),
      )
      .execute();
  }

  async logAssistantAccess(entry: Selectable<AssistantAccessLogTable>): Promise<void> {
    await insertAccessLog(
      this.db,
      entry.id,
      entry.caller,
      entry.action,
      entry.user_id,
      entry.connection_id,
      entry.outcome,
      entry.created_at,
    );
  }

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
}

declare module 'fastify' {
  interface FastifyInstance {
    connectionsRepo: ConnectionsRepo;
  }
}

export const connectionsRepoPlugin = repoPlugin('connectionsRepo', ConnectionsRepo, 'connections-repo');
