import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { Config } from '../src/config';
import type { Db } from '../src/db/database';
import { GroupCommit } from '../src/lib/group-commit';
import { twilioSignature } from '../src/providers/sms/twilio-signature';
import { build, testConfig } from './helpers/build';
import { freePort } from './helpers/process';
import { type SecondConnection, secondConnection } from './helpers/second-connection';
import { fakeTwilio } from './helpers/twilio-fake';
import { messageSid } from './helpers/twilio-sid';

/**
 * Group commit over the app's real database (a SQLite file, or PostgreSQL when
 * TEST_DATABASE_URL is set): what a writer sees is that its item is durable when `submit`
 * resolves, stored once, and failed only by its own fault.
 */
describe('GroupCommit', () => {
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let other: SecondConnection;
  let transactions = 0;

  beforeAll(async () => {
    ({ app, close } = await build());
    other = await secondConnection(app.config.database);
  });
  afterAll(async () => {
    await other.close();
    await close();
  });

  let writingNow = 0;
  let mostAtOnce = 0;

  /** Stores a key once (a second one is `false`); the key `bad` breaks a NOT NULL column. */
  function writer(options: { maxBatch?: number; concurrency?: number } = {}) {
    return new GroupCommit<string, boolean>({
      transaction: async (work) => {
        transactions += 1;
        writingNow += 1;
        mostAtOnce = Math.max(mostAtOnce, writingNow);
        try {
          return await app.transaction(work);
        } finally {
          writingNow -= 1;
        }
      },
      write: async (trx: Db, key: string) => {
        // A slow write keeps its batch's transaction open while the next ones come.
        if (key.endsWith('-slow')) await new Promise((resolve) => setTimeout(resolve, 50));
        const result = await trx
          .insertInto('one_time_state')
          .values({
            key,
            value: key === 'bad' ? (null as unknown as string) : 'v',
            expires_at: '2999-01-01T00:00:00.000Z',
          })
          .onConflict((oc) => oc.column('key').doNothing())
          .executeTakeFirst();
        return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
      },
      ...options,
    });
  }

  const committed = async (key: string) =>
    Number(await other.value('select count(*) from one_time_state where key = ?', [key]));

  it('writes concurrent items in a few transactions, and answers each once another connection sees it', async () => {
    const group = writer();
    const keys = Array.from({ length: 100 }, (_, i) => `gc-many-${i}`);
    transactions = 0;
    const seenAtAnswer = await Promise.all(
      keys.map((key) => group.submit(key).then(async (created) => ({ created, rows: await committed(key) }))),
    );
    expect(seenAtAnswer.every((answer) => answer.created && answer.rows === 1)).toBe(true);
    // All 100 were submitted in one turn of the event loop: one transaction holds them.
    expect(transactions).toBe(1);
  });

  it('stores a key repeated in one batch once, and says which was the repeat', async () => {
    const group = writer();
    transactions = 0;
    const answers = await Promise.all(['gc-twice', 'gc-other', 'gc-twice'].map((key) => group.submit(key)));
    expect(answers).toEqual([true, true, false]);
    expect(transactions).toBe(1);
    expect(await committed('gc-twice')).toBe(1);
    // And in a later batch too.
    expect(await group.submit('gc-twice')).toBe(false);
    expect(await committed('gc-twice')).toBe(1);
  });

  it('fails only the bad item of a batch: the others are stored and answered', async () => {
    const group = writer();
    transactions = 0;
    const keys = ['gc-ok-1', 'bad', 'gc-ok-2', 'gc-ok-3'];
    const outcomes = await Promise.allSettled(keys.map((key) => group.submit(key)));
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    for (const key of ['gc-ok-1', 'gc-ok-2', 'gc-ok-3']) expect(await committed(key)).toBe(1);
    expect(await committed('bad')).toBe(0);
    // The batch, rolled back, then each item on its own.
    expect(transactions).toBe(1 + keys.length);
    // The next batch is grouped again.
    transactions = 0;
    await Promise.all(['gc-after-1', 'gc-after-2'].map((key) => group.submit(key)));
    expect(transactions).toBe(1);
  });

  it('holds at most maxBatch items in one transaction; the rest go in the next', async () => {
    const group = writer({ maxBatch: 10 });
    transactions = 0;
    await Promise.all(Array.from({ length: 25 }, (_, i) => group.submit(`gc-capped-${i}`)));
    expect(transactions).toBe(3);
  });

  it('writes one batch at a time, or as many as its concurrency while more keep coming', async () => {
    const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
    for (const concurrency of [1, 2]) {
      const group = writer({ concurrency });
      mostAtOnce = 0;
      const answers: Promise<boolean>[] = [];
      // Texts arriving one turn apart while a slow first batch is still being written.
      for (let i = 0; i < 6; i += 1) {
        answers.push(group.submit(`gc-concurrent-${concurrency}-${i}${i === 0 ? '-slow' : ''}`));
        await nextTurn();
      }
      expect(await Promise.all(answers)).toEqual(answers.map(() => true));
      expect(mostAtOnce).toBe(concurrency);
    }
  });

  it('drain waits for what was submitted', async () => {
    const group = writer();
    const pending = group.submit('gc-drained');
    await group.drain();
    expect(await committed('gc-drained')).toBe(1);
    await expect(pending).resolves.toBe(true);
  });
});

/**
 * Twilio's webhook under concurrent senders, over real HTTP: every 200 means the text and its
 * job are committed; a MessageSid sent twice at once is one message with one job.
 */
describe('the webhook under concurrent senders', () => {
  const TOKEN = 'twilio-group-commit-auth-token-0123';
  const twilio = fakeTwilio(() => ({ status: 201, body: { sid: `SM${'d4'.repeat(16)}`, status: 'queued' } }));
  let app: FastifyInstance;
  let config: Config;
  let cleanup: () => Promise<void>;
  let other: SecondConnection;
  let base = '';

  beforeAll(async () => {
    const twilioUrl = await twilio.start();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    ({ config, cleanup } = testConfig({
      PUBLIC_URL: base,
      TWILIO_ACCOUNT_SID: `AC${'d4'.repeat(16)}`,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_FROM: '+15017122663',
      TWILIO_BASE_URL: twilioUrl,
    }));
    app = await buildApp(config);
    await app.listen({ port, host: '127.0.0.1' });
    other = await secondConnection(config.database);
  });
  afterAll(async () => {
    await other.close();
    await app.close();
    await cleanup();
    await twilio.stop();
  });

  const post = (sid: string, from: string) => {
    const form = {
      MessageSid: sid,
      AccountSid: `AC${'d4'.repeat(16)}`,
      From: from,
      To: '+15017122663',
      Body: `hello ${sid}`,
      NumMedia: '0',
    };
    return fetch(`${base}/v1/sms/inbound`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(TOKEN, `${base}/v1/sms/inbound`, form),
      },
      body: new URLSearchParams(form).toString(),
    });
  };
  const stored = async (sid: string) =>
    Number(await other.value('select count(*) from assistant_messages where provider_sid = ?', [sid]));

  it('answers 50 senders at once, each only once its text is committed, and stores repeats once', async () => {
    const run = Date.now().toString(36);
    const sids = Array.from({ length: 50 }, (_, i) => messageSid(`gc${run}${i}`));
    // Ten of them arrive twice at the same moment (Twilio retrying while the first is in flight).
    const posts = [...sids, ...sids.slice(0, 10)].map((sid, i) => ({
      sid,
      from: `+6141270${String(i % 50).padStart(4, '0')}`,
    }));
    const answers = await Promise.all(
      posts.map(async ({ sid, from }) => {
        const response = await post(sid, from);
        const body = await response.text();
        // Read from outside the app the moment the answer arrives.
        return { status: response.status, body, rows: await stored(sid) };
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(posts.map(() => 200));
    expect(new Set(answers.map((a) => a.body))).toEqual(
      new Set(['<?xml version="1.0" encoding="UTF-8"?><Response/>']),
    );
    expect(answers.filter((a) => a.rows !== 1)).toEqual([]);

    const messages = await app.db
      .selectFrom('assistant_messages')
      .select(['id', 'provider_sid'])
      .where('provider_sid', 'in', sids)
      .execute();
    expect(messages.map((m) => m.provider_sid).sort()).toEqual([...sids].sort());
    const jobs = await app.db
      .selectFrom('jobs')
      .select('key')
      .where(
        'key',
        'in',
        messages.map((m) => `inbound:${m.id}`),
      )
      .execute();
    expect(jobs).toHaveLength(sids.length);
  });
});
