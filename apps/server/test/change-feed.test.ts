import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { newId } from '../src/lib/ids';
import { sealToken } from '../src/modules/connections/sealed-tokens';
import {
  type ChangeRecord,
  CursorExpiredError,
  type FeedAdapter,
  type FeedChange,
} from '../src/providers/change-feed/feed-adapter';
import { build } from './helpers/build';

/**
 * A feed adapter that speaks the interface: a log of changes with a numeric cursor; a cursor the
 * test marks expired is refused as a provider refuses a lost sync token.
 */
class LogFeed implements FeedAdapter {
  readonly push = true;
  log: FeedChange[] = [];
  expired = new Set<string>();
  syncs: (string | null)[] = [];
  async subscribe() {
    return { externalId: 'ext-1', expiresAt: null, cursor: String(this.log.length) };
  }
  async renew() {
    return { externalId: 'ext-1', expiresAt: null, cursor: String(this.log.length) };
  }
  async unsubscribe() {}
  async sync(_account: unknown, _resource: unknown, cursor: string | null) {
    this.syncs.push(cursor);
    if (cursor !== null && this.expired.has(cursor)) throw new CursorExpiredError();
    const from = cursor === null ? this.log.length : Number(cursor);
    return {
      changes: cursor === null ? [] : this.log.slice(from),
      cursor: String(this.log.length),
    };
  }
}

describe('change feed core (issue 31)', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  const feed = new LogFeed();
  const seen: ChangeRecord[][] = [];
  let userId: string;
  let connectionId: string;
  let subscriptionId: string;

  beforeAll(async () => {
    ({ app, close } = await build({}, (a) => {
      a.workspaceAdapters.feeds.google = feed;
      a.changeFeed.onChanges(async (records) => void seen.push(records));
    }));
    userId = newId();
    connectionId = newId();
    const now = new Date().toISOString();
    await app.usersRepo.insert({
      id: userId,
      email: 'ada@example.com',
      name: 'Ada',
      provider: 'google',
      phone_number: '+15555550100',
      language: 'en',
      created_at: now,
      updated_at: now,
    });
    await app.connectionsRepo.insert({
      id: connectionId,
      user_id: userId,
      provider: 'google',
      provider_account_id: 'g-ada',
      email: 'ada@example.com',
      name: 'Ada',
      granted_scopes: 'https://www.googleapis.com/auth/calendar',
      access_token: sealToken(app.secretBox, connectionId, 'access', 'token-ada'),
      refresh_token: null,
      expires_at: new Date(Date.now() + 3600_000).toISOString(),
      status: 'connected',
      status_reason: null,
      created_at: now,
      updated_at: now,
    });
    subscriptionId = newId();
    await app.feedSubscriptionsRepo.insert({
      id: subscriptionId,
      user_id: userId,
      connection_id: connectionId,
      provider: 'google',
      resource: 'calendar',
      channel_id: `ch-${subscriptionId}`,
      secret: 'hash',
      external_id: 'ext-1',
      cursor: '0',
      expires_at: null,
      next_poll_at: null,
      state: 'active',
      told_at: null,
      created_at: now,
      updated_at: now,
    });
  });
  afterAll(async () => close());
  beforeEach(() => {
    seen.length = 0;
  });

  const cursor = async () => (await app.feedSubscriptionsRepo.findById(subscriptionId))!.cursor;
  const job = (marker: string) => app.jobs.repo.findByKey(`feed.sync:${subscriptionId}:${marker}`);
  const doneJob = async (marker: string) =>
    vi.waitFor(async () => expect((await job(marker))?.status).toBe('done'), { timeout: 5000 });

  it('stores a notification as one sync job; the same marker twice is one job, one delivery', async () => {
    feed.log.push({ kind: 'event.cancelled', eventId: 'e1' });
    await Promise.all([
      app.changeFeed.notify(subscriptionId, 'm1'),
      app.changeFeed.notify(subscriptionId, 'm1'),
    ]);
    await doneJob('m1');
    expect(seen).toEqual([[{ kind: 'event.cancelled', eventId: 'e1', userId, connectionId }]]);
    expect(await cursor()).toBe('1');
  });

  it('advances the cursor sync after sync and never takes it back', async () => {
    feed.log.push({ kind: 'event.cancelled', eventId: 'e2' });
    await app.changeFeed.notify(subscriptionId, 'm2');
    await doneJob('m2');
    feed.log.push({ kind: 'event.cancelled', eventId: 'e3' });
    await app.changeFeed.notify(subscriptionId, 'm3');
    await doneJob('m3');
    expect(seen.flat().map((r) => (r.kind === 'event.cancelled' ? r.eventId : r.kind))).toEqual(['e2', 'e3']);
    expect(await cursor()).toBe('3');
    // A sync that read from an older cursor loses the compare-and-set: the cursor stays.
    expect(
      await app.feedSubscriptionsRepo.advanceCursor(subscriptionId, '1', '2', new Date().toISOString()),
    ).toBe(false);
    expect(await cursor()).toBe('3');
  });

  it('turns a refused cursor into a full sync the consumers see as `resynced`', async () => {
    feed.expired.add('3');
    feed.log.push({ kind: 'event.cancelled', eventId: 'e4' });
    await app.changeFeed.notify(subscriptionId, 'm4');
    await doneJob('m4');
    expect(seen).toEqual([[{ kind: 'resynced', resource: 'calendar', userId, connectionId }]]);
    expect(await cursor()).toBe('4');
  });

  it('runs the consumers for an in-process publish', async () => {
    const record: ChangeRecord = { kind: 'event.cancelled', eventId: 'local', userId, connectionId };
    await app.changeFeed.publish([record]);
    expect(seen).toEqual([[record]]);
  });
});
