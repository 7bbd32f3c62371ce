import { type DatabaseConnection, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids';
import { bearer, signIn } from './helpers/auth';
import { info, localCheckout } from './helpers/billing';
import { build, usingPostgres } from './helpers/build';

/**
 * The signed-in reads run on every visit to a screen, and the assistant reports usage after every
 * turn: each statement is CPU on SQLite and a round trip on PostgreSQL, each Redis command a round
 * trip (bench/README.md). These pin how many each one makes.
 */
const KEY = 'query-counts-test-key-0123456789abcdefghij';
const redisUrl = process.env.TEST_REDIS_URL;
let ctx: Awaited<ReturnType<typeof build>>;
const statements: string[] = [];
const redisCommands: string[] = [];
beforeAll(async () => {
  ctx = await build({
    ASSISTANT_API_KEY: KEY,
    // The job queue's poll would add its own statements to a count.
    JOBS_POLL_INTERVAL_MS: '600000',
    // With Redis the rate limits are counted there: one more round trip, pinned below.
    ...(redisUrl ? { REDIS_URL: redisUrl, RATE_LIMIT_PER_MINUTE: '100000' } : {}),
  });
  // Every statement, in a transaction or not, runs on a connection the executor provides.
  const executor = (
    ctx.app.db as unknown as {
      getExecutor(): {
        provideConnection<T>(consumer: (connection: DatabaseConnection) => Promise<T>): Promise<T>;
      };
    }
  ).getExecutor();
  const provide = executor.provideConnection.bind(executor);
  executor.provideConnection = (consumer) =>
    provide((connection) =>
      consumer({
        executeQuery: (query) => {
          statements.push(query.sql);
          return connection.executeQuery(query);
        },
        streamQuery: (query, chunkSize) => connection.streamQuery(query, chunkSize),
      }),
    );
  const redis = ctx.app.redis as unknown as { sendCommand(command: { name: string }): unknown } | null;
  if (redis) {
    const send = redis.sendCommand.bind(redis);
    redis.sendCommand = (command) => {
      redisCommands.push(command.name);
      return send(command);
    };
  }
});
afterAll(async () => ctx.close());

async function statementsOf(url: string, token: string) {
  statements.length = 0;
  redisCommands.length = 0;
  const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return [...statements];
}

const report = (userId: string, tokens = 100) =>
  ctx.app.inject({
    method: 'POST',
    url: '/v1/internal/usage',
    headers: { authorization: `Bearer ${KEY}` },
    payload: { userId, tokens, idempotencyKey: newId(), occurredAt: ctx.app.clock.now().toISOString() },
  });

describe('round trips per signed-in read', () => {
  it.runIf(redisUrl)('each read makes one Redis round trip (its rate limit)', async () => {
    const token = await signIn(ctx.app, '+61412800007');
    for (const url of ['/v1/auth/me', '/v1/integrations/status', '/v1/billing/info']) {
      await statementsOf(url, token);
      expect(redisCommands, url).toHaveLength(1);
    }
  });
});

describe('statements per usage report', () => {
  it('three reads (the person, the key, the plan), then the event in a transaction of five statements', async () => {
    const token = await signIn(ctx.app, '+61412800008');
    const me = (await ctx.app.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(token) })).json();
    statements.length = 0;
    expect((await report(me.user.id)).statusCode).toBe(200);
    const begin = statements.findIndex((text) => /^begin/i.test(text));
    expect(begin).toBe(3);
    // The row lock, the event, its hour, the period's sum, the access-log row; then the commit.
    expect(statements.slice(begin + 1, -1)).toHaveLength(5);
    expect(statements.at(-1)).toMatch(/^commit/i);
  });

  it('reports that arrive together share transactions: fewer commits than reports', async () => {
    const token = await signIn(ctx.app, '+61412800009');
    const me = (await ctx.app.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(token) })).json();
    statements.length = 0;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => report(me.user.id, 10 + i)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const commits = statements.filter((text) => /^commit/i.test(text)).length;
    expect(commits).toBeGreaterThan(0);
    expect(commits).toBeLessThan(20);
    expect((await info(ctx.app, token)).usage.tokens).toBe(answers.length * 10 + (19 * 20) / 2);
  });
});

describe('statements per signed-in read', () => {
  it('GET /v1/auth/me: one (the session with its user)', async () => {
    const token = await signIn(ctx.app, '+61412800001');
    const sql = await statementsOf('/v1/auth/me', token);
    expect(sql).toHaveLength(1);
    expect(sql[0]).toMatch(/from "sessions" inner join "users"/);
  });

  it('GET /v1/integrations/status: two (the session; connections with their switches)', async () => {
    const token = await signIn(ctx.app, '+61412800002');
    expect(await statementsOf('/v1/integrations/status', token)).toHaveLength(2);
  });

  it('GET /v1/billing/info: three (the session; account, subscriptions and invoices; usage with its counts)', async () => {
    const token = await signIn(ctx.app, '+61412800003');
    expect(await statementsOf('/v1/billing/info', token)).toHaveLength(3);
    await localCheckout(ctx.app, token, 'pay');
    expect(await statementsOf('/v1/billing/info', token)).toHaveLength(3);
  });

  it('counts usage against the same plan and period as before: Starter once paid, the trial allowance before', async () => {
    const token = await signIn(ctx.app, '+61412800004');
    const me = (await ctx.app.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(token) })).json();
    const record = async (tokens: number) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/v1/internal/usage',
        headers: { authorization: `Bearer ${KEY}` },
        payload: {
          userId: me.user.id,
          tokens,
          idempotencyKey: newId(),
          occurredAt: ctx.app.clock.now().toISOString(),
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await record(1_500);
    // No plan yet: the fallback period from sign-up holds the tokens.
    const before = await info(ctx.app, token);
    expect(before.subscription.status).toBe('inactive');
    expect(before.usage.tokens).toBe(1_500);
    await localCheckout(ctx.app, token, 'pay');
    await record(2_500);
    const after = await info(ctx.app, token);
    expect(after.subscription.planId).toBe('starter');
    // The paid period starts now, in the hour both events fall in: an hour is never split.
    expect(after.usage.tokens).toBe(4_000);
    expect(after.usage.integrations).toBe(0);
  });

  it.runIf(!usingPostgres)(
    'reads the period and the chart from the covering index alone (SQLite)',
    async () => {
      const token = await signIn(ctx.app, '+61412800005');
      const usage = (await statementsOf('/v1/billing/info', token)).find((text) =>
        text.includes('usage_hourly'),
      );
      expect(usage).toBeDefined();
      const plan = await sql.raw(`explain query plan ${usage!.replaceAll('?', "''")}`).execute(ctx.app.db);
      const details = (plan.rows as { detail: string }[]).map((row) => row.detail);
      expect(details.filter((d) => d.includes('usage_hourly'))).toEqual([
        expect.stringContaining('COVERING INDEX usage_hourly_tokens_idx'),
        expect.stringContaining('COVERING INDEX usage_hourly_tokens_idx'),
      ]);
    },
  );

  it('reads answer as before after another instance adds a column to users, and after it is dropped', async () => {
    // On PostgreSQL each connection keeps these reads as named statements (db/pg-named-statements.ts).
    const token = await signIn(ctx.app, '+61412800006');
    const me = async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(token) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const before = await Promise.all(Array.from({ length: 12 }, me));
    await sql`alter table users add column later_column text`.execute(ctx.app.db);
    expect(await Promise.all(Array.from({ length: 12 }, me))).toEqual(before);
    await sql`alter table users drop column later_column`.execute(ctx.app.db);
    expect(await Promise.all(Array.from({ length: 12 }, me))).toEqual(before);
    expect((await statementsOf('/v1/auth/me', token)).length).toBe(1);
  });
});
