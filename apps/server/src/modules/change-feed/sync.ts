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
 * change). The records go to the consumers first, then the new cursor is stored by
 * compare-and-set, so of two instances syncing at once the later write never takes the cursor
 * back (the consumers may see a change twice, which they take).
 */
export async function syncSubscription(
  deps: ChangeFeedDeps,
  subscriptionId: string,
  deliver: (records: ChangeRecord[]) => Promise<void>,
): Promise<void> {
  const sub = await deps.feedSubscriptionsRepo.findById(subscriptionId);
  if (!sub) return;
  const adapter = deps.feeds[sub.provider];
  if (!adapter) return;
  const connection = await deps.connectionsRepo.findById(sub.connection_id);
  const user = connection && (await deps.usersRepo.findById(connection.user_id));
  if (!connection || !user || connection.status !== 'connected') return;
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
  // Handed on before the cursor moves: a consumer that throws retries the job from the same
  // cursor, so nothing is lost (at worst delivered twice, which consumers take).
  await deliver(
    result.changes.map((change) => ({ ...change, userId: sub.user_id, connectionId: sub.connection_id })),
  );
  const nowIso = deps.clock.now().toISOString();
  if (result.cursor !== sub.cursor) {
    await deps.feedSubscriptionsRepo.advanceCursor(sub.id, sub.cursor, result.cursor, nowIso);
  }
  if (sub.failures > 0 || sub.told_at) {
    await deps.feedSubscriptionsRepo.update(sub.id, { failures: 0, told_at: null, updated_at: nowIso });
  }
}
