import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Env } from '../src/config';
import { newId } from '../src/lib/ids';
import { sealToken } from '../src/modules/connections/sealed-tokens';
import type { ChangeRecord } from '../src/providers/change-feed/feed-adapter';
import { PROVIDER_SCOPES } from '../src/providers/identity/identity';
import { assistantPerson, textsTo } from './helpers/assistant-person';
import { bearer } from './helpers/auth';
import { build, usingPostgres } from './helpers/build';
import { type FakeMessage, GoogleFake, type PushToken, TOKENS } from './helpers/google-fake';

/**
 * Gmail push through the app (issue 31): the app built with Pub/Sub configured (the topic, the
 * push's audience and service account, and Google's keys served by the loopback Google), a
 * Google connection whose mailbox feed starts with `users.watch`, then a push signed as Pub/Sub
 * signs it to `POST /v1/hooks/google/gmail`: a durable `feed.sync` job, `history.list` from the
 * stored cursor, a `mail.arrived` record, the follow-up on that thread woken, and one text.
 * Then the same with two instances on one database (a push delivered to both, as Pub/Sub
 * redelivers to another instance), and across a restart (acknowledged, then the app closed
 * before its job ran).
 */

const fake = new GoogleFake();
const TOPIC = 'projects/assistant-test/topics/gmail-push';
const AUDIENCE = 'https://assistant.example.com/v1/hooks/google/gmail';
const PUSHER = 'gmail-push@assistant-test.iam.gserviceaccount.com';
const good: PushToken = { audience: AUDIENCE, email: PUSHER };
const KEY = randomBytes(32).toString('base64');
const redisUrl = process.env.TEST_REDIS_URL;

beforeAll(async () => {
  await fake.start();
});
afterAll(async () => {
  await fake.stop();
});

/** One instance's environment; instances given the same `shared` use one database. */
function env(shared: Env = {}): Env {
  return {
    // Google posts only to https: the feeds start only for a server reached that way.
    PUBLIC_URL: 'https://assistant.example.com',
    // The rest of the world (texts, mail, sign-in) stays on the local stand-ins.
    ALLOW_STAND_INS: 'true',
    GOOGLE_CALENDAR_API_URL: fake.calendarUrl,
    GMAIL_API_URL: fake.gmailUrl,
    GOOGLE_PEOPLE_API_URL: fake.peopleUrl,
    GOOGLE_PUBSUB_TOPIC: TOPIC,
    GOOGLE_PUBSUB_AUDIENCE: AUDIENCE,
    GOOGLE_PUBSUB_SERVICE_ACCOUNT: PUSHER,
    GOOGLE_JWKS_URL: fake.jwksUrl,
    APP_ENCRYPTION_KEY: KEY,
    JOBS_POLL_INTERVAL_MS: '50',
    ASSISTANT_SCHEDULE_INTERVAL_MS: '50',
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    ...shared,
  };
}

/** The settings another instance needs to share this one's database (a schema, or a data dir). */
function sameDatabase(app: FastifyInstance): Env {
  const db = app.config.database;
  return db.kind === 'postgres' ? { DATABASE_SCHEMA: db.schema ?? '' } : { DATA_DIR: app.config.dataDir };
}

interface Instance {
  app: FastifyInstance;
  hook: string;
  seen: ChangeRecord[];
  close: () => Promise<void>;
}

/** An instance listening on loopback (Pub/Sub posts over HTTP), its consumer recording records. */
async function instance(shared: Env = {}): Promise<Instance> {
  const seen: ChangeRecord[] = [];
  const built = await build(env(shared), (app) =>
    app.changeFeed.onChanges(async (records) => void seen.push(...records)),
  );
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = built.app.server.address() as AddressInfo;
  return { ...built, seen, hook: `http://127.0.0.1:${port}/v1/hooks/google/gmail` };
}

/**
 * A person with a phone, on the trial, whose Google account (the loopback one's mailbox) is
 * connected, and a follow-up on thread `threadId` whose next look is a day away: only the change
 * feed can wake it sooner.
 */
async function personWithMailbox(app: FastifyInstance, threadId: string) {
  const person = await assistantPerson(app, 'http://unused.invalid', { google: false });
  // No quiet hours: the text is sent when the reply is seen, whatever the hour the test runs at.
  const patched = await app.inject({
    method: 'PATCH',
    url: '/v1/assistant/settings',
    headers: bearer(person.token),
    payload: { quietHours: null },
  });
  expect(patched.statusCode, patched.body).toBe(200);
  const connectionId = newId();
  const now = new Date();
  await app.connectionsRepo.insert({
    id: connectionId,
    user_id: person.userId,
    provider: 'google',
    provider_account_id: `g-${connectionId}`,
    email: fake.gmailAddress,
    name: 'Ada',
    granted_scopes: PROVIDER_SCOPES.google.requested.join(' '),
    access_token: sealToken(app.secretBox, connectionId, 'access', TOKENS.first),
    refresh_token: null,
    expires_at: new Date(now.getTime() + 3600_000).toISOString(),
    status: 'connected',
    status_reason: null,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  });
  const followUpId = newId();
  await app.followUpsRepo.insert({
    id: followUpId,
    user_id: person.userId,
    connection_id: connectionId,
    thread_id: threadId,
    counterpart_email: 'sam@example.com',
    counterpart_name: 'Sam',
    subject: 'Dinner on Friday?',
    since: new Date(now.getTime() - 60_000).toISOString(),
    deadline_at: null,
    next_check_at: new Date(now.getTime() + 86400_000).toISOString(),
    state: 'watching',
    evidence_message_id: null,
    fired_at: null,
    created_at: now.toISOString(),
  });
  await app.connectionLifecycle.connected((await app.connectionsRepo.findById(connectionId))!);
  // The mailbox feed starts from the queue: users.watch seen by Google, the mailbox its external id.
  const feed = await vi.waitFor(
    async () => {
      const row = await app.feedSubscriptionsRepo.findForConnection(connectionId, 'mail');
      expect(row?.external_id).toBe(fake.gmailAddress);
      expect(row?.cursor).toBe(String(fake.historyId));
      return row!;
    },
    { timeout: 10_000, interval: 50 },
  );
  expect(fake.gmailWatch).toEqual({ topicName: TOPIC, labelIds: ['INBOX'], labelFilterBehavior: 'include' });
  return { ...person, connectionId, followUpId, subscriptionId: feed.id };
}

/** Sam's answer arriving in the mailbox, on the watched thread (Gmail's ids are hex). */
function samReplies(threadId: string): void {
  const at = new Date();
  const message: FakeMessage = {
    id: `${threadId}0001`,
    threadId,
    labelIds: ['INBOX', 'UNREAD'],
    snippet: 'Friday works',
    internalDate: String(at.getTime()),
    payload: {
      mimeType: 'text/plain',
      headers: [
        { name: 'From', value: 'Sam <sam@example.com>' },
        { name: 'To', value: fake.gmailAddress },
        { name: 'Subject', value: 'Re: Dinner on Friday?' },
        { name: 'Date', value: at.toUTCString() },
      ],
      body: { size: 12, data: Buffer.from('Friday works').toString('base64url') },
    },
  };
  fake.deliver(message);
}

const arrived = (seen: ChangeRecord[], userId: string) =>
  seen.filter((r) => r.kind === 'mail.arrived' && r.userId === userId);
const syncJob = (app: FastifyInstance, subscriptionId: string, messageId: string) =>
  app.jobs.repo.findByKey(`feed.sync:${subscriptionId}:pubsub:${messageId}`);

/** The texts the person got about the watched thread (the welcome text left out). */
const aboutDinner = async (app: FastifyInstance, phone: string) =>
  (await textsTo(app, phone)).filter((text) => text.includes('Dinner on Friday?'));

/** Waits for the text a woken follow-up sends, and a little longer to catch a second one. */
async function oneText(app: FastifyInstance, phone: string): Promise<string[]> {
  await vi.waitFor(async () => expect((await aboutDinner(app, phone)).length).toBeGreaterThan(0), {
    timeout: 10_000,
    interval: 50,
  });
  await new Promise((resolve) => setTimeout(resolve, 400));
  return aboutDinner(app, phone);
}

describe('Gmail push through the app, Pub/Sub configured', () => {
  let one: Instance;
  beforeAll(async () => {
    one = await instance();
  }, 30_000);
  afterAll(async () => one.close());

  it('a signed push becomes a sync from the cursor, a mail.arrived record, the follow-up woken and one text', async () => {
    const { app } = one;
    const person = await personWithMailbox(app, '7a01');
    samReplies('7a01');
    const pushed = await fake.pushGmail(one.hook, good);
    expect(pushed.status).toBe(204);
    await vi.waitFor(
      async () => expect((await syncJob(app, person.subscriptionId, pushed.messageId))?.status).toBe('done'),
      { timeout: 10_000, interval: 50 },
    );
    const history = fake.requestsTo('gmail').filter((request) => request.path === '/users/me/history');
    expect(Object.fromEntries(history.at(-1)?.query ?? [])).toMatchObject({
      startHistoryId: String(fake.historyId - 1),
      historyTypes: 'messageAdded',
      labelId: 'INBOX',
    });
    expect(arrived(one.seen, person.userId)).toEqual([
      expect.objectContaining({
        kind: 'mail.arrived',
        connectionId: person.connectionId,
        message: expect.objectContaining({
          id: '7a010001',
          threadId: '7a01',
          from: expect.objectContaining({ email: 'sam@example.com' }),
        }),
      }),
    ]);
    expect((await app.feedSubscriptionsRepo.findById(person.subscriptionId))?.cursor).toBe(
      String(fake.historyId),
    );
    // Woken a day early by the record: the follow-up saw Sam's reply, and the person got one text.
    expect(await oneText(app, person.phone)).toEqual(['Sam replied to "Dinner on Friday?".']);
    expect((await app.followUpsRepo.findById(person.followUpId))?.state).toBe('replied');

    // Pub/Sub's redelivery of the same message is the same job; an older historyId is harmless.
    expect((await fake.pushGmail(one.hook, good, { messageId: pushed.messageId })).status).toBe(204);
    const older = await fake.pushGmail(one.hook, good, { historyId: fake.historyId - 5 });
    expect(older.status).toBe(204);
    await vi.waitFor(
      async () => expect((await syncJob(app, person.subscriptionId, older.messageId))?.status).toBe('done'),
      { timeout: 10_000, interval: 50 },
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(arrived(one.seen, person.userId)).toHaveLength(1);
    expect(await aboutDinner(app, person.phone)).toHaveLength(1);
    expect((await app.feedSubscriptionsRepo.findById(person.subscriptionId))?.cursor).toBe(
      String(fake.historyId),
    );
  });

  it('refuses a push unsigned, for another audience, from another account, unverified, expired or signed by another key; nothing is stored', async () => {
    const { app } = one;
    const jobsBefore = await app.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'feed.sync')
      .executeTakeFirstOrThrow();
    const statuses = [
      await fake.pushGmail(one.hook, { ...good, unsigned: true }),
      await fake.pushGmail(one.hook, { ...good, audience: 'https://elsewhere.example.com/hook' }),
      await fake.pushGmail(one.hook, { ...good, email: 'intruder@evil.example' }),
      await fake.pushGmail(one.hook, { ...good, emailVerified: false }),
      await fake.pushGmail(one.hook, { ...good, expired: true }),
      await fake.pushGmail(one.hook, { ...good, foreignKey: true }),
    ].map((pushed) => pushed.status);
    expect(statuses).toEqual([401, 403, 403, 403, 403, 403]);
    const jobsAfter = await app.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'feed.sync')
      .executeTakeFirstOrThrow();
    expect(Number(jobsAfter.n)).toBe(Number(jobsBefore.n));
  });
});

// Two instances on one database: PostgreSQL with Redis, as deployed, or two apps on one SQLite file.
describe.runIf(!usingPostgres || redisUrl)('Gmail push with two instances on one database', () => {
  it('the same push delivered to both instances is one sync, one record and one text', async () => {
    const a = await instance();
    const b = await instance(sameDatabase(a.app));
    try {
      const person = await personWithMailbox(a.app, '7a02');
      samReplies('7a02');
      const messageId = `dup-${newId()}`;
      const [toA, toB] = await Promise.all([
        fake.pushGmail(a.hook, good, { messageId }),
        fake.pushGmail(b.hook, good, { messageId }),
      ]);
      expect([toA.status, toB.status]).toEqual([204, 204]);
      await vi.waitFor(
        async () => expect((await syncJob(a.app, person.subscriptionId, messageId))?.status).toBe('done'),
        { timeout: 10_000, interval: 50 },
      );
      expect(await oneText(a.app, person.phone)).toEqual(['Sam replied to "Dinner on Friday?".']);
      expect([...arrived(a.seen, person.userId), ...arrived(b.seen, person.userId)]).toHaveLength(1);
      const jobs = await a.app.db
        .selectFrom('jobs')
        .select(['key', 'attempts'])
        .where('key', 'like', `feed.sync:${person.subscriptionId}:%`)
        .execute();
      expect(jobs.map((job) => [job.key, Number(job.attempts)])).toEqual([
        [`feed.sync:${person.subscriptionId}:pubsub:${messageId}`, 1],
      ]);
    } finally {
      // b shares a's database, so only a drops it.
      await b.app.close();
      await a.close();
    }
  }, 40_000);
});

describe('Gmail push across a restart', () => {
  it('a push acknowledged and the app closed before its sync ran: the next app runs it and the text arrives', async () => {
    const a = await instance();
    let b: Instance | undefined;
    try {
      const person = await personWithMailbox(a.app, '7a03');
      // The worker is stopped, as a crash stops it: the acknowledged push is only a stored job.
      await a.app.jobs.worker.stop();
      samReplies('7a03');
      const pushed = await fake.pushGmail(a.hook, good);
      expect(pushed.status).toBe(204);
      expect((await syncJob(a.app, person.subscriptionId, pushed.messageId))?.status).toBe('pending');
      const shared = sameDatabase(a.app);
      await a.app.close();

      b = await instance(shared);
      await vi.waitFor(
        async () =>
          expect((await syncJob(b!.app, person.subscriptionId, pushed.messageId))?.status).toBe('done'),
        { timeout: 10_000, interval: 50 },
      );
      expect(arrived(b.seen, person.userId)).toHaveLength(1);
      expect(arrived(a.seen, person.userId)).toEqual([]);
      expect(await oneText(b.app, person.phone)).toEqual(['Sam replied to "Dinner on Friday?".']);
    } finally {
      await b?.app.close();
      await a.close();
    }
  }, 40_000);
});
