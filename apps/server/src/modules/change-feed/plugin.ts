import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { exponentialBackoff } from '../../lib/jobs/worker';
import type { ChangeRecord } from '../../providers/change-feed/feed-adapter';
import type { WorkspaceProvider } from '../../providers/workspace/index';
import type { ConnectionRow } from '../connections/repo';
import { changeFeedDeps } from './deps';
import { feedBackfillJob, feedConnectJob, feedPollJob, feedRenewJob, feedSyncJob, feedSyncKey } from './jobs';
import { failed, pollAt, renew, SLOW_POLL_MS, stop, subscribe } from './subscriptions';
import { syncSubscription } from './sync';

/** Connections a backfill job starts the feeds of; then the next batch is a job of its own. */
export const BACKFILL_BATCH = 200;

/** The providers with calendars. */
const CALENDAR_PROVIDERS = new Set<string>(['google', 'microsoft', 'apple']);

export type ChangeConsumer = (records: ChangeRecord[]) => Promise<void>;

/** The change feed as the rest of the server sees it (issue 31). */
export interface ChangeFeed {
  /**
   * Registered by consumers at plugin time. Called with the records of one sync (from the
   * `feed.sync` job; a throw retries the job), so consumers must be idempotent: duplicates and
   * out-of-order deliveries are harmless.
   */
  onChanges(consumer: ChangeConsumer): void;
  /** In-process emit (the sample workspace's changes); runs the consumers. */
  publish(records: ChangeRecord[]): Promise<void>;
  /**
   * A verified provider notification for a subscription: stored as a `feed.sync` job at once
   * (deduplicated by `marker`), processed from the queue.
   */
  notify(subscriptionId: string, marker: string): Promise<void>;
  /**
   * Asks for a sync of the connection's polled feeds (CalDAV) no later than `at` (a reminder or
   * a follow-up near): one `feed.poll` job per feed and moment. Push feeds need no asking.
   */
  pollSoon(connectionId: string, at: Date): Promise<void>;
  /**
   * Whether every calendar the person has connected is followed by a working feed: an active
   * subscription, or the sample workspace (which tells its writes). False for one with none (a
   * push-less server, decision 472) or a lapsed push: reminders then look every 5 minutes.
   */
  calendarsFollowed(userId: string): Promise<boolean>;
  /** The same for a batch of people in two reads (the reminder looks' batch, decision 575): those followed. */
  calendarsFollowedOf(userIds: string[]): Promise<Set<string>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    changeFeed: ChangeFeed;
  }
}

/**
 * The change feed (issue 31): provider notifications become durable `feed.sync` jobs; a sync
 * reads what changed since the subscription's cursor and hands the records to the consumers.
 */
export const changeFeedPlugin = fp(
  async (app: FastifyInstance) => {
    const deps = changeFeedDeps(app);
    const consumers: ChangeConsumer[] = [];
    const deliver = async (records: ChangeRecord[]) => {
      if (records.length === 0) return;
      for (const consumer of consumers) await consumer(records);
    };
    const feed: ChangeFeed = {
      onChanges: (consumer) => void consumers.push(consumer),
      publish: deliver,
      notify: async (subscriptionId, marker) => {
        await app.jobs.enqueue(app.db, feedSyncJob, {
          key: feedSyncKey(subscriptionId, marker),
          payload: { subscriptionId, marker },
        });
      },
      pollSoon: async (connectionId, at) => {
        for (const row of await deps.feedSubscriptionsRepo.listForConnection(connectionId)) {
          if (
            deps.feeds[row.provider]?.push === false &&
            (!row.next_poll_at || row.next_poll_at > at.toISOString())
          )
            await pollAt(deps, row.id, at);
        }
      },
      calendarsFollowed: async (userId) => (await feed.calendarsFollowedOf([userId])).has(userId),
      calendarsFollowedOf: async (userIds) => {
        const followed = new Set(userIds);
        const watched = (await deps.connectionsRepo.listStatesForUsers(userIds)).filter(
          (connection) =>
            connection.status === 'connected' &&
            CALENDAR_PROVIDERS.has(connection.provider) &&
            !app.workspaceAdapters.local.includes(connection.provider as WorkspaceProvider),
        );
        const active = new Set(
          (
            await deps.feedSubscriptionsRepo.statesForConnections(
              watched.map((connection) => connection.id),
              'calendar',
            )
          )
            .filter((row) => row.state === 'active')
            .map((row) => row.connection_id),
        );
        for (const connection of watched) if (!active.has(connection.id)) followed.delete(connection.user_id);
        return followed;
      },
    };
    app.decorate('changeFeed', feed);
    // What the assistant writes to a sample calendar is published as a provider's sync would
    // (decision 504); a consumer's failure does not undo the person's write.
    app.workspaceAdapters.sampleWrites.listen(async (records) => {
      try {
        await deliver(records);
      } catch (error) {
        app.log.warn({ err: error }, 'change records of a sample write not delivered');
      }
    });
    // A connection connected: its feeds start from the queue (a provider's watch call never holds
    // up the person's sign-in; a crash in between loses nothing). Removed: its channels stop
    // while its tokens still work.
    // Google and Graph post only to an https address (their documented rule): a server reached
    // over plain http (a test, a laptop) has no push, and the periodic look serves it.
    const canFollow = (provider: string) => {
      const adapter = deps.feeds[provider as keyof typeof deps.feeds];
      return Boolean(adapter && (!adapter.push || deps.publicUrl.startsWith('https://')));
    };
    const startFeeds = async (connection: ConnectionRow) => {
      if (!canFollow(connection.provider)) return;
      await app.jobs.enqueue(app.db, feedConnectJob, {
        key: `feed.connect:${connection.id}:${connection.updated_at}`,
        payload: { connectionId: connection.id },
      });
    };
    app.connectionLifecycle.onConnected(startFeeds);
    // Connections made before the change feed existed get their feeds by a walk in batches, one
    // job at a time (decision 506), started at boot: instances booting the same day share its keys.
    const followed = () => (Object.keys(deps.feeds) as string[]).filter(canFollow);
    const backfillKey = (after: string) =>
      `feed.backfill:${deps.clock.now().toISOString().slice(0, 10)}:${after}`;
    app.jobs.worker.register(
      feedBackfillJob,
      async (job) => {
        const batch = await deps.feedSubscriptionsRepo.connectionsWithoutFeed(
          followed(),
          job.payload.after,
          BACKFILL_BATCH,
        );
        for (const connection of batch) await startFeeds(connection);
        const last = batch.at(-1);
        if (batch.length === BACKFILL_BATCH && last)
          await app.jobs.enqueue(app.db, feedBackfillJob, {
            key: backfillKey(last.id),
            payload: { after: last.id },
          });
      },
      {
        maxAttempts: 5,
        backoff: exponentialBackoff(5000, 5 * 60_000),
        leaseMs: 60_000,
        maxRunning: 1,
        background: true,
      },
    );
    app.addHook('onReady', async () => {
      if (followed().length === 0) return;
      await app.jobs.enqueue(app.db, feedBackfillJob, { key: backfillKey(''), payload: { after: '' } });
    });
    app.connectionLifecycle.onRemoving(async (connection) => {
      for (const row of await deps.feedSubscriptionsRepo.listForConnection(connection.id))
        await stop(deps, row, connection);
    });
    app.jobs.worker.register(
      feedConnectJob,
      async (job) => {
        const connection = await deps.connectionsRepo.findById(job.payload.connectionId);
        if (connection?.status !== 'connected') return;
        // Apple has no mail; Google's and Microsoft's mailboxes are followed beside their calendars.
        const resources =
          connection.provider === 'apple' ? (['calendar'] as const) : (['calendar', 'mail'] as const);
        for (const resource of resources) await subscribe(deps, connection, resource);
      },
      {
        maxAttempts: 5,
        backoff: exponentialBackoff(5000, 5 * 60_000),
        leaseMs: 60_000,
        maxRunning: 4,
        background: true,
      },
    );
    app.jobs.worker.register(
      feedSyncJob,
      (job) => syncSubscription(deps, job.payload.subscriptionId, deliver),
      {
        maxAttempts: 5,
        backoff: exponentialBackoff(5000, 5 * 60_000),
        leaseMs: 60_000,
        maxRunning: 4,
        background: true,
      },
    );
    // Renewal and polls handle their own failures (slow poll, back-off, telling once): one try each.
    const once = { maxAttempts: 1, backoff: () => 0, leaseMs: 60_000, maxRunning: 4, background: true };
    app.jobs.worker.register(feedRenewJob, (job) => renew(deps, job.payload.subscriptionId), once);
    app.jobs.worker.register(
      feedPollJob,
      async (job) => {
        const row = await deps.feedSubscriptionsRepo.findById(job.payload.subscriptionId);
        const adapter = row && deps.feeds[row.provider];
        if (!row || !adapter) return;
        try {
          await syncSubscription(deps, row.id, deliver);
        } catch (error) {
          deps.log.warn({ err: error, subscriptionId: row.id }, 'change feed poll failed');
          return failed(deps, row);
        }
        // The next poll: the feed's pace, or the slow poll while a push is lapsed.
        const now = deps.clock.now().getTime();
        if (!adapter.push) await pollAt(deps, row.id, new Date(now + deps.pollIntervalMs));
        else if (row.state === 'polling') await pollAt(deps, row.id, new Date(now + SLOW_POLL_MS));
      },
      once,
    );
  },
  {
    name: 'change-feed',
    dependencies: ['jobs', 'feed-subscriptions-repo', 'connections', 'users-repo', 'workspace-adapters'],
  },
);
