import type { Insertable, Selectable } from 'kysely';
import { Repo, repoPlugin } from '../../db/repo';
import type { FeedSubscriptionsTable } from '../../db/schema';
import type { ConnectionRow } from '../connections/repo';

export type FeedSubscriptionRow = Selectable<FeedSubscriptionsTable>;
export type NewFeedSubscription = Insertable<FeedSubscriptionsTable>;

/** The SQL of the change feed's subscriptions (issue 31). */
export class FeedSubscriptionsRepo extends Repo {
  findById(id: string): Promise<FeedSubscriptionRow | undefined> {
    return this.db.selectFrom('feed_subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** The subscription a notification names by our channel id (Google's channel, Graph's clientState key). */
  findByChannelId(channelId: string): Promise<FeedSubscriptionRow | undefined> {
    return this.db
      .selectFrom('feed_subscriptions')
      .selectAll()
      .where('channel_id', '=', channelId)
      .executeTakeFirst();
  }

  /** The subscription a notification names by the provider's id (Graph subscription id, Google resource id). */
  findByExternalId(provider: string, externalId: string): Promise<FeedSubscriptionRow | undefined> {
    return this.db
      .selectFrom('feed_subscriptions')
      .selectAll()
      .where('provider', '=', provider as FeedSubscriptionRow['provider'])
      .where('external_id', '=', externalId)
      .executeTakeFirst();
  }

  findForConnection(
    connectionId: string,
    resource: FeedSubscriptionRow['resource'],
  ): Promise<FeedSubscriptionRow | undefined> {
    return this.db
      .selectFrom('feed_subscriptions')
      .selectAll()
      .where('connection_id', '=', connectionId)
      .where('resource', '=', resource)
      .executeTakeFirst();
  }

  /** The states of these connections' subscriptions to `resource`, in one read. */
  statesForConnections(
    connectionIds: string[],
    resource: FeedSubscriptionRow['resource'],
  ): Promise<Pick<FeedSubscriptionRow, 'connection_id' | 'state'>[]> {
    if (connectionIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('feed_subscriptions')
      .select(['connection_id', 'state'])
      .where('connection_id', 'in', connectionIds)
      .where('resource', '=', resource)
      .execute();
  }

  listForConnection(connectionId: string): Promise<FeedSubscriptionRow[]> {
    return this.db
      .selectFrom('feed_subscriptions')
      .selectAll()
      .where('connection_id', '=', connectionId)
      .execute();
  }

  /**
   * Connected connections of these providers with no calendar subscription, after `afterId` by
   * id: the backfill's next batch (decision 506). Read by the connections' primary key and the
   * subscriptions' (connection_id, resource) index.
   */
  async connectionsWithoutFeed(
    providers: string[],
    afterId: string,
    limit: number,
  ): Promise<ConnectionRow[]> {
    if (providers.length === 0) return [];
    return this.db
      .selectFrom('connections')
      .leftJoin('feed_subscriptions', (join) =>
        join
          .onRef('feed_subscriptions.connection_id', '=', 'connections.id')
          .on('feed_subscriptions.resource', '=', 'calendar'),
      )
      .selectAll('connections')
      .where('feed_subscriptions.id', 'is', null)
      .where('connections.status', '=', 'connected')
      .where('connections.provider', 'in', providers as ConnectionRow['provider'][])
      .where('connections.id', '>', afterId)
      .orderBy('connections.id')
      .limit(limit)
      .execute();
  }

  /** Stores a new subscription; false when the connection already has one for the resource. */
  async insert(row: NewFeedSubscription): Promise<boolean> {
    const inserted = await this.db
      .insertInto('feed_subscriptions')
      .values(row)
      .onConflict((oc) => oc.columns(['connection_id', 'resource']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  /**
   * Moves the cursor from `from` to `to` only if nobody moved it meanwhile (compare-and-set), so
   * two instances syncing at once never take it backwards. False when another sync won.
   */
  async advanceCursor(id: string, from: string | null, to: string, nowIso: string): Promise<boolean> {
    const result = await this.db
      .updateTable('feed_subscriptions')
      .set({ cursor: to, updated_at: nowIso })
      .where('id', '=', id)
      .where((eb) => (from === null ? eb('cursor', 'is', null) : eb('cursor', '=', from)))
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async update(
    id: string,
    values: Partial<
      Pick<
        FeedSubscriptionRow,
        'external_id' | 'expires_at' | 'next_poll_at' | 'state' | 'failures' | 'told_at' | 'cursor'
      >
    > & { updated_at: string },
  ): Promise<void> {
    await this.db.updateTable('feed_subscriptions').set(values).where('id', '=', id).execute();
  }

  /** One more failure in a row; returns the count now. */
  async countFailure(id: string, nowIso: string): Promise<number> {
    const row = await this.db
      .updateTable('feed_subscriptions')
      .set((eb) => ({ failures: eb('failures', '+', 1), updated_at: nowIso }))
      .where('id', '=', id)
      .returning('failures')
      .executeTakeFirst();
    return row?.failures ?? 0;
  }

  /** Marks the person told once per run of failures; false when someone already did. */
  async markTold(id: string, nowIso: string): Promise<boolean> {
    const result = await this.db
      .updateTable('feed_subscriptions')
      .set({ told_at: nowIso, updated_at: nowIso })
      .where('id', '=', id)
      .where('told_at', 'is', null)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('feed_subscriptions').where('id', '=', id).execute();
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    feedSubscriptionsRepo: FeedSubscriptionsRepo;
  }
}

export const feedSubscriptionsRepoPlugin = repoPlugin(
  'feedSubscriptionsRepo',
  FeedSubscriptionsRepo,
  'feed-subscriptions-repo',
);
