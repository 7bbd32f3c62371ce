import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { newId } from '../src/lib/ids';
import { changeFeedDeps } from '../src/modules/change-feed/deps';
import { renew, subscribe } from '../src/modules/change-feed/subscriptions';
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
  push = true;
  log: FeedChange[] = [];
  expired = new Set<string>();
  failRenew = false;
  lifetimeMs = 4 * 3600_000;
  syncs: (string | null)[] = [];
  async subscribe() {
    return { externalId: 'ext-1', expiresAt: null, cursor: String(this.log.length) };
  }
  async renew() {
    if (this.failRenew) throw new Error('provider down');
    return {
      externalId: 'ext-1',
      expiresAt: new Date(Date.now() + this.lifetimeMs).toISOString(),
      cursor: String(this.log.length),
    };
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
  // A polled feed (CalDAV's shape): subscribed on connect even on a plain-http server, which
  // providers that push could not post to.
  const polled = Object.assign(new LogFeed(), { push: false });
  const seen: ChangeRecord[][] = [];
  let userId: string;
  let connectionId: string;
  let subscriptionId: string;

  beforeAll(async () => {
    ({ app, close } = await build({}, (a) => {
      a.workspaceAdapters.feeds.google = feed;
      a.workspaceAdapters.feeds.apple = polled;
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
    await app.feedSubscriptionsRepo.insert(
      subscriptionRow(subscriptionId, { connection_id: connectionId, secret: 'hash', external_id: 'ext-1' }),
    );
  });
  afterAll(async () => close());
  beforeEach(() => {
    seen.length = 0;
  });

  /** A Google Calendar subscription of Ada's, active from cursor '0' (channel `ch-<id>`). */
  function subscriptionRow(
    id: string,
    row: { connection_id: string; secret: string; external_id: string },
  ): Parameters<typeof app.feedSubscriptionsRepo.insert>[0] {
    const now = new Date().toISOString();
    return {
      id,
      user_id: userId,
      provider: 'google',
      resource: 'calendar',
      channel_id: `ch-${id}`,
      cursor: '0',
      expires_at: null,
      next_poll_at: null,
      state: 'active',
      told_at: null,
      created_at: now,
      updated_at: now,
      ...row,
    };
  }

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

  it('takes a Google Calendar notification only with its channel token and resource id, as one sync job per message', async () => {
    const id = newId();
    await app.feedSubscriptionsRepo.insert(
      subscriptionRow(id, {
        connection_id: newId(),
        secret: app.secretBox.seal('the-channel-token', `feed_subscriptions:${id}:secret`),
        external_id: 'resource-7',
      }),
    );
    const post = (headers: Record<string, string>) =>
      app.inject({ method: 'POST', url: '/v1/hooks/google/calendar', headers, payload: '' });
    const headers = {
      'x-goog-channel-id': `ch-${id}`,
      'x-goog-channel-token': 'the-channel-token',
      'x-goog-resource-id': 'resource-7',
      'x-goog-resource-state': 'exists',
      'x-goog-message-number': '12',
    };
    const syncs = async () => ((await app.jobs.repo.findByKey(`feed.sync:${id}:ch-${id}:12`)) ? 1 : 0);
    // Forged: a wrong token, another resource, an unknown channel. Nothing stored.
    expect((await post({ ...headers, 'x-goog-channel-token': 'guess' })).statusCode).toBe(403);
    expect((await post({ ...headers, 'x-goog-resource-id': 'resource-8' })).statusCode).toBe(403);
    expect((await post({ ...headers, 'x-goog-channel-id': 'ch-nobody' })).statusCode).toBe(404);
    expect(await syncs()).toBe(0);
    // The handshake is answered and syncs nothing; a change is one job, delivered twice or not.
    expect(
      (await post({ ...headers, 'x-goog-resource-state': 'sync', 'x-goog-message-number': '1' })).statusCode,
    ).toBe(200);
    expect(await app.jobs.repo.findByKey(`feed.sync:${id}:ch-${id}:1`)).toBeUndefined();
    expect((await post(headers)).statusCode).toBe(200);
    expect((await post(headers)).statusCode).toBe(200);
    expect(await syncs()).toBe(1);
  });

  it('starts the feeds of a connection when it is connected and stops them before it is removed', async () => {
    const id = newId();
    const now = new Date().toISOString();
    const row = (provider: 'apple' | 'google', key: string) => ({
      id: key,
      user_id: userId,
      provider,
      provider_account_id: `${provider}-${key}`,
      email: 'ada.work@example.com',
      name: 'Ada',
      granted_scopes: 'calendar',
      access_token: sealToken(app.secretBox, key, 'access', 'app-password'),
      refresh_token: null,
      expires_at: null,
      status: 'connected' as const,
      status_reason: null,
      created_at: now,
      updated_at: now,
    });
    await app.connectionsRepo.insert(row('apple', id));
    const connection = (await app.connectionsRepo.findById(id))!;
    await app.connectionLifecycle.connected(connection);
    await vi.waitFor(
      async () =>
        expect((await app.feedSubscriptionsRepo.listForConnection(id)).map((r) => r.resource)).toEqual([
          'calendar',
        ]),
      { timeout: 5000 },
    );
    // Told twice (a repaired connection, a retry): still one feed.
    await app.connectionLifecycle.connected(connection);
    expect(await app.feedSubscriptionsRepo.listForConnection(id)).toHaveLength(1);
    await app.connectionLifecycle.removing(connection);
    expect(await app.feedSubscriptionsRepo.listForConnection(id)).toEqual([]);

    // A pushing provider on a server reached over plain http: Google could not post here; nothing starts.
    const pushed = newId();
    await app.connectionsRepo.insert(row('google', pushed));
    await app.connectionLifecycle.connected((await app.connectionsRepo.findById(pushed))!);
    expect(await app.jobs.repo.findByKey(`feed.connect:${pushed}:${now}`)).toBeUndefined();
  });

  it('runs the consumers for an in-process publish', async () => {
    const record: ChangeRecord = { kind: 'event.cancelled', eventId: 'local', userId, connectionId };
    await app.changeFeed.publish([record]);
    expect(seen).toEqual([[record]]);
  });

  it('schedules the renewal before expiry; failures fall back to a slow poll and tell the person once', async () => {
    const deps = changeFeedDeps(app);
    const connection = (await app.connectionsRepo.findById(connectionId))!;
    const row = (await subscribe(deps, connection, 'mail'))!;
    expect(row.external_id).toBe('ext-1');
    await renew(deps, row.id);
    const renewed = (await app.feedSubscriptionsRepo.findById(row.id))!;
    const renewJob = await app.jobs.repo.findByKey(`feed.renew:${row.id}:${renewed.expires_at}`);
    expect(renewJob?.status).toBe('pending');
    expect(Date.parse(renewJob!.run_at)).toBe(Date.parse(renewed.expires_at!) - 3600_000);

    feed.failRenew = true;
    for (let i = 0; i < 6; i++) await renew(deps, row.id);
    const failing = (await app.feedSubscriptionsRepo.findById(row.id))!;
    expect(failing.state).toBe('polling');
    expect(failing.failures).toBe(6);
    expect(failing.told_at).not.toBeNull();
    expect(failing.next_poll_at).not.toBeNull();
    const texts = await vi.waitFor(async () => {
      const sent = await app.devOutbox.list({ to: '+15555550100', limit: 10 });
      expect(sent.length).toBeGreaterThan(0);
      return sent;
    });
    expect(texts).toHaveLength(1);

    feed.failRenew = false;
    await renew(deps, row.id);
    const back = (await app.feedSubscriptionsRepo.findById(row.id))!;
    expect([back.state, back.failures, back.told_at]).toEqual(['active', 0, null]);
  });
});
