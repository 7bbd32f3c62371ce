import {
  type ChangeRecord,
  CursorExpiredError,
  type FeedChange,
} from '../../providers/change-feed/feed-adapter';
import { onAccount } from '../workspace/accounts';
import type { ChangeFeedDeps } from './deps';
import type { FeedSubscriptionRow } from './repo';

/**
 * One sync of a subscription (the `feed.sync` job): what changed since the stored cursor, with
 * the person's fresh credential; a cursor the provider refuses is a full sync (a `resynced`
 * change). The new cursor is stored by compare-and-set: of two instances syncing at once, the one
 * that lost hands on nothing (the winner delivers the same changes), so the cursor never goes
 * back. Returns the records to hand to the consumers.
 */
export async function syncSubscription(
  deps: ChangeFeedDeps,
  subscriptionId: string,
): Promise<ChangeRecord[]> {
  const sub = await deps.feedSubscriptionsRepo.findById(subscriptionId);
  if (!sub) return [];
  const adapter = deps.feeds[sub.provider];
  if (!adapter) return [];
  const connection = await deps.connectionsRepo.findById(sub.connection_id);
  const user = connection && (await deps.usersRepo.findById(connection.user_id));
  if (!connection || !user || connection.status !== 'connected') return [];
  const target = {
    connection: connection as typeof connection & { provider: FeedSubscriptionRow['provider'] },
    user,
    service: sub.resource === 'mail' ? ('email' as const) : ('calendar' as const),
  };
  const result = await onAccount(deps, target, async (account) => {
    try {
      return await adapter.sync(account, sub.resource, sub.cursor);
    } catch (error) {
      if (!(error instanceof CursorExpiredError)) throw error;
      const full = await adapter.sync(account, sub.resource, null);
      const resynced: FeedChange = { kind: 'resynced', resource: sub.resource };
      return {
        cursor: full.cursor,
        changes: full.changes.some((c) => c.kind === 'resynced') ? full.changes : [resynced, ...full.changes],
      };
    }
  });
  const nowIso = deps.clock.now().toISOString();
  if (result.cursor !== sub.cursor) {
    if (!(await deps.feedSubscriptionsRepo.advanceCursor(sub.id, sub.cursor, result.cursor, nowIso)))
      return [];
  }
  if (sub.failures > 0 || sub.told_at) {
    await deps.feedSubscriptionsRepo.update(sub.id, { failures: 0, told_at: null, updated_at: nowIso });
  }
  return result.changes.map((change) => ({
    ...change,
    userId: sub.user_id,
    connectionId: sub.connection_id,
  }));
}
