import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { newId } from '../src/lib/ids';
import { feedBackfillJob } from '../src/modules/change-feed/jobs';
import type { FeedAdapter } from '../src/providers/change-feed/feed-adapter';
import { build } from './helpers/build';

/**
 * The backfill (issue 31, decision 506): connections made before the change feed existed have no
 * subscription until they reconnect; a walk in batches of 200, one job at a time, starts their
 * feeds through the same `feed.connect` path a new connection takes.
 */
/** A polled feed (CalDAV's shape): it can be followed even on a plain-http server. */
const polled: FeedAdapter = {
  push: false,
  async subscribe() {
    return { externalId: null, expiresAt: null, cursor: '0' };
  },
  async renew() {
    return { externalId: null, expiresAt: null, cursor: '0' };
  },
  async unsubscribe() {},
  async sync() {
    return { changes: [], cursor: '0' };
  },
};

let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await build({ JOBS_POLL_INTERVAL_MS: '20', JOBS_CONCURRENCY: '8' }, (a) => {
    a.workspaceAdapters.feeds.apple = polled;
  }));
});
afterAll(async () => close());

async function jobsOf(kind: string) {
  return app.db.selectFrom('jobs').select(['key', 'status']).where('kind', '=', kind).execute();
}

describe('feed backfill', () => {
  it('is started at boot, one walk for the instances', async () => {
    const day = app.clock.now().toISOString().slice(0, 10);
    await vi.waitFor(async () =>
      expect(await app.jobs.repo.findByKey(`feed.backfill:${day}:`)).toMatchObject({ status: 'done' }),
    );
  });

  it('starts the feeds of every connection without one, 200 a job, and leaves the others', async () => {
    const now = new Date().toISOString();
    const userId = newId();
    await app.usersRepo.insert({
      id: userId,
      email: 'old@example.com',
      name: 'Old',
      provider: 'google',
      phone_number: null,
      language: 'en',
      created_at: now,
      updated_at: now,
    });
    const connection = (provider: 'apple' | 'google', status: 'connected' | 'disconnected' = 'connected') => {
      const id = newId();
      return {
        id,
        user_id: userId,
        provider,
        provider_account_id: `acct-${id}`,
        email: `${id}@example.com`,
        name: 'Old',
        granted_scopes: '',
        access_token: 'sealed',
        refresh_token: null,
        expires_at: null,
        status,
        status_reason: null,
        created_at: now,
        updated_at: now,
      };
    };
    const olds = Array.from({ length: 250 }, () => connection('apple'));
    const google = connection('google');
    const gone = connection('apple', 'disconnected');
    for (const row of [...olds, google, gone]) await app.connectionsRepo.insert(row);

    await app.jobs.enqueue(app.db, feedBackfillJob, { key: 'feed.backfill:test:', payload: { after: '' } });
    await vi.waitFor(
      async () => {
        const rows = await app.db
          .selectFrom('feed_subscriptions')
          .select('connection_id')
          .where('user_id', '=', userId)
          .where('resource', '=', 'calendar')
          .execute();
        expect(rows).toHaveLength(250);
      },
      { timeout: 20_000, interval: 100 },
    );
    // Two walks of 200 and 50: the first asked for, the next enqueued by the walk after the last id.
    const walks = (await jobsOf('feed.backfill')).filter(
      (j) => j.key !== `feed.backfill:${now.slice(0, 10)}:`,
    );
    expect(walks).toHaveLength(2);
    // Through the path a new connection takes: one feed.connect job each, none for Google (no
    // feed on this server) or a disconnected one.
    const connects = (await jobsOf('feed.connect')).map((j) => j.key.split(':')[1]);
    expect(new Set(connects)).toEqual(new Set(olds.map((o) => o.id)));
    expect(connects).not.toContain(google.id);
    expect(connects).not.toContain(gone.id);

    // Walked again: nothing left to start.
    await app.jobs.enqueue(app.db, feedBackfillJob, { key: 'feed.backfill:again:', payload: { after: '' } });
    await vi.waitFor(async () =>
      expect(await app.jobs.repo.findByKey('feed.backfill:again:')).toMatchObject({ status: 'done' }),
    );
    expect(await jobsOf('feed.connect')).toHaveLength(250);
  }, 30_000);
});
