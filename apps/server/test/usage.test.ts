import { formatTokens } from '@app/contract/usage/format-tokens';
import { ZTimeZone, ZUsageQuery } from '@app/contract/usage/time-zone';
import type { FastifyInstance } from 'fastify';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids';
import { fallbackPeriod } from '../src/modules/billing/plan-period';
import { BillingRepo } from '../src/modules/billing/repo';
import { firstHourFrom, hourKey, sumByLocalDay } from '../src/modules/usage/local-days';
import { UsageRepo } from '../src/modules/usage/repo';
import { usageSummary } from '../src/modules/usage/usage-summary';
import { UsersRepo } from '../src/modules/users/repo';
import { bearer, signIn } from './helpers/auth';
import { build } from './helpers/build';
import { secondConnection } from './helpers/second-connection';

const KEY = 'usage-test-key-0123456789-abcdefghijklmnopqrst';
const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;
let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await build({ ASSISTANT_API_KEY: KEY }));
});
afterAll(async () => close());

const service = (key = KEY) => ({ authorization: `Bearer ${key}` });
const record = (payload: Record<string, unknown>, headers: Record<string, string> = service()) =>
  app.inject({ method: 'POST', url: '/v1/internal/usage', headers, payload });

function setClock(at: Date): void {
  app.clock.now = () => new Date(at.getTime());
}

let counter = 0;
/**
 * A person inserted as they are stored, with a chosen sign-up time (it anchors the 30-day
 * fallback period) and no sign-in code in the outbox to confuse the SMS counts.
 */
async function person(
  options: { phone?: boolean; email?: string; language?: 'en' | 'zh'; createdAt?: Date } = {},
) {
  counter += 1;
  const id = newId();
  const phone =
    options.phone === false
      ? null
      : `+6141${String(Date.now() % 100_000).padStart(5, '0')}${String(counter).padStart(2, '0')}`;
  const createdAt = (options.createdAt ?? new Date(app.clock.now().getTime() - DAY)).toISOString();
  await app.db
    .insertInto('users')
    .values({
      id,
      email: options.email ?? `${(phone ?? id).replace('+', '')}@phone.relay.invalid`,
      name: 'Usage Person',
      provider: 'phone',
      phone_number: phone,
      language: options.language ?? 'en',
      created_at: createdAt,
      updated_at: createdAt,
    })
    .execute();
  return { id, phone };
}

const event = (userId: string, tokens: number, extra: Record<string, unknown> = {}) => ({
  userId,
  tokens,
  idempotencyKey: newId(),
  occurredAt: app.clock.now().toISOString(),
  ...extra,
});

/** The texts that reached the number, once the SMS outbox has sent what it queued for it. */
async function smsTo(phone: string) {
  const deadline = Date.now() + 5000;
  const waiting = () =>
    app.db
      .selectFrom('assistant_messages')
      .select('id')
      .where('phone', '=', phone)
      .where('status', 'in', ['queued', 'sending'])
      .execute();
  while ((await waiting()).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
  return (await app.devOutbox.list({ to: phone, limit: 100 })).filter((m) => m.channel === 'sms');
}

const summary = (userId: string, input: { timeZone?: string; now?: Date } = {}) =>
  app.usage.summary({ userId, ...input });

describe('POST /v1/internal/usage: who may call and what it accepts', () => {
  it('refuses a missing or wrong service key, and a user session (401)', async () => {
    const { id } = await person();
    expect((await record(event(id, 10), {})).statusCode).toBe(401);
    expect((await record(event(id, 10), service(`${KEY}x`))).statusCode).toBe(401);
    expect((await record(event(id, 10), service(KEY.slice(0, -1)))).statusCode).toBe(401);
    expect((await record(event(id, 10), { authorization: KEY })).statusCode).toBe(401);
    const token = await signIn(app, '+61412555019');
    const res = await record(event(id, 10), bearer(token));
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('UNAUTHORIZED');
    expect((await summary(id)).tokens).toBe(0);
  });

  it('answers 400 naming the field for a bad body, and counts nothing', async () => {
    const { id } = await person();
    const bad: [Record<string, unknown>, string][] = [
      [event(id, 0), 'tokens'],
      [event(id, -5), 'tokens'],
      [event(id, 1.5), 'tokens'],
      [event(id, 1_000_001), 'tokens'],
      [event(id, '10' as unknown as number), 'tokens'],
      [event(id, 10, { idempotencyKey: '' }), 'idempotencyKey'],
      [event(id, 10, { idempotencyKey: 'a\nb' }), 'idempotencyKey'],
      [event(id, 10, { idempotencyKey: 'k'.repeat(201) }), 'idempotencyKey'],
      [event(id, 10, { occurredAt: 'yesterday' }), 'occurredAt'],
      [event(id, 10, { userId: undefined }), 'userId'],
    ];
    for (const [payload, field] of bad) {
      const res = await record(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'VALIDATION_ERROR', field });
    }
    expect((await summary(id)).tokens).toBe(0);
  });

  it('answers 404 for an unknown person, and logs the call', async () => {
    const res = await record(event(newId(), 10));
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
    const log = await app.db
      .selectFrom('assistant_access_log')
      .selectAll()
      .where('action', '=', 'record_usage')
      .where('outcome', '=', 'not_found')
      .execute();
    expect(log.length).toBeGreaterThanOrEqual(1);
  });

  it('takes events up to 35 days old and a little clock skew; older or future ones are 400', async () => {
    const { id } = await person({ createdAt: new Date(app.clock.now().getTime() - 60 * DAY) });
    const now = app.clock.now().getTime();
    const at = (ms: number) => new Date(now + ms).toISOString();
    for (const [occurredAt, status] of [
      [at(-36 * DAY), 400],
      [at(-35 * DAY - 60_000), 400],
      [at(-34 * DAY), 200],
      [at(60_000), 200],
      [at(10 * 60_000), 400],
      [at(2 * DAY), 400],
    ] as const) {
      const res = await record(event(id, 7, { occurredAt }));
      expect(res.statusCode, `${occurredAt}: ${res.body}`).toBe(status);
      if (status === 400) expect(res.json().error.field).toBe('occurredAt');
    }
  });
});

describe('each event counts once', () => {
  it('a repeated idempotency key answers 200 and is not counted again', async () => {
    const { id } = await person();
    const body = event(id, 1234);
    const first = await record(body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ duplicate: false });
    const again = await record(body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ eventId: first.json().eventId, duplicate: true });
    expect((await summary(id)).tokens).toBe(1234);
    const events = await app.db.selectFrom('usage_events').selectAll().where('user_id', '=', id).execute();
    expect(events).toHaveLength(1);
    const outcomes = await app.db
      .selectFrom('assistant_access_log')
      .select('outcome')
      .where('user_id', '=', id)
      .where('action', '=', 'record_usage')
      .orderBy('created_at')
      .execute();
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['duplicate', 'recorded']);
  });

  it('a retry is answered 200 even after the 35-day window, and still not counted', async () => {
    const base = app.clock.now();
    const { id } = await person({ createdAt: new Date(base.getTime() - DAY) });
    const body = event(id, 77);
    expect((await record(body)).json().duplicate).toBe(false);
    setClock(new Date(base.getTime() + 40 * DAY));
    const late = await record(body);
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().duplicate).toBe(true);
    // A new key that old is still refused.
    expect((await record({ ...body, idempotencyKey: newId() })).statusCode).toBe(400);
    expect(
      await app.db.selectFrom('usage_events').select('id').where('user_id', '=', id).execute(),
    ).toHaveLength(1);
    setClock(base);
  });

  it('the same key posted concurrently is counted once', async () => {
    const { id } = await person();
    const body = event(id, 321);
    const results = await Promise.all(Array.from({ length: 8 }, () => record(body)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(results.filter((r) => r.json().duplicate === false)).toHaveLength(1);
    expect(new Set(results.map((r) => r.json().eventId)).size).toBe(1);
    expect((await summary(id)).tokens).toBe(321);
  });

  it('the same key with other figures is a 409, and the first figures stand', async () => {
    const { id } = await person();
    const body = event(id, 100);
    expect((await record(body)).statusCode).toBe(200);
    const clash = await record({ ...body, tokens: 999 });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.code).toBe('CONFLICT');
    expect((await summary(id)).tokens).toBe(100);
  });

  it('keys are per person: the same key from two people counts for both', async () => {
    const a = await person();
    const b = await person();
    const key = `shared-${newId()}`;
    expect((await record(event(a.id, 10, { idempotencyKey: key }))).json().duplicate).toBe(false);
    expect((await record(event(b.id, 20, { idempotencyKey: key }))).json().duplicate).toBe(false);
    expect((await summary(a.id)).tokens).toBe(10);
    expect((await summary(b.id)).tokens).toBe(20);
  });
});

describe('reports that arrive together (written in one transaction)', () => {
  it('answers each only once it is committed: the event and its access-log row are there for another connection', async () => {
    const other = await secondConnection(app.config.database);
    try {
      const people = await Promise.all(Array.from({ length: 5 }, () => person()));
      const bodies = Array.from({ length: 40 }, (_, i) => event(people[i % 5]!.id, 10 + i));
      const answers = await Promise.all(
        bodies.map(async (body) => {
          const response = await record(body);
          // Read from outside the app the moment the answer arrives.
          const stored = await other.value(
            'select count(*) from usage_events where user_id = ? and idempotency_key = ?',
            [body.userId, body.idempotencyKey],
          );
          return {
            status: response.statusCode,
            duplicate: response.json().duplicate,
            stored: Number(stored),
          };
        }),
      );
      expect(answers.filter((a) => a.status !== 200 || a.duplicate !== false || a.stored !== 1)).toEqual([]);
      for (const [index, { id }] of people.entries()) {
        const expected = bodies.filter((_, i) => i % 5 === index).reduce((sum, b) => sum + b.tokens, 0);
        expect((await summary(id)).tokens).toBe(expected);
      }
      const logged = await app.db
        .selectFrom('assistant_access_log')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where(
          'user_id',
          'in',
          people.map((p) => p.id),
        )
        .where('action', '=', 'record_usage')
        .where('outcome', '=', 'recorded')
        .executeTakeFirstOrThrow();
      expect(Number(logged.n)).toBe(40);
    } finally {
      await other.close();
    }
  });

  it('one key sent at the same moment with two sets of figures: one set counts, the other is a 409', async () => {
    const { id } = await person();
    const body = event(id, 500);
    const sent = [body, { ...body, tokens: 501 }, body];
    const answers = await Promise.all(sent.map((b) => record(b)));
    const counted = (await summary(id)).tokens;
    expect([500, 501]).toContain(counted);
    // Whichever came first stands: its figures answer 200 (once new), the other figures 409.
    answers.forEach((answer, i) => {
      if (sent[i]!.tokens === counted) expect(answer.statusCode, answer.body).toBe(200);
      else expect(answer.json().error.code).toBe('CONFLICT');
    });
    const fresh = answers.filter((a) => a.statusCode === 200 && a.json().duplicate === false);
    expect(fresh).toHaveLength(1);
    expect(new Set(answers.filter((a) => a.statusCode === 200).map((a) => a.json().eventId)).size).toBe(1);
  });
});

/** Counts the rows each query returns and which tables it names, for a repository built over it. */
function rowCounter() {
  const tables = new WeakMap<object, string>();
  const seen: { sql: string; rows: number }[] = [];
  const plugin: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      tables.set(args.queryId, JSON.stringify(args.node));
      return args.node;
    },
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      seen.push({ sql: tables.get(args.queryId) ?? '', rows: args.result.rows.length });
      return args.result;
    },
  };
  return { plugin, seen };
}

describe('the summary reads the hourly rollup only', () => {
  it('10,000 events over a year: correct totals from at most a few hundred rollup rows', async () => {
    const start = new Date('2025-06-01T00:00:00Z');
    setClock(start);
    const { id } = await person({ phone: false, createdAt: new Date(start.getTime() - 10 * DAY) });
    const total = 10_000;
    const span = 365 * DAY;
    const events: { at: number; tokens: number }[] = [];
    for (let i = 0; i < total; i += 1) {
      // Spread over the year at an uneven pace, several per hour at times.
      events.push({
        at: start.getTime() + Math.floor((i * span) / total) + ((i * 7919) % 3_600_000),
        tokens: (i % 97) + 1,
      });
    }
    // The write path's own statements (the event once, its hour incremented), 200 events a
    // transaction: the endpoint runs the same two per event, and through HTTP a year takes minutes.
    for (let i = 0; i < total; i += 200) {
      await app.transaction(async (trx) => {
        const repo = app.usageRepo.with(trx);
        for (const [j, e] of events.slice(i, i + 200).entries()) {
          const at = new Date(e.at);
          const key = `y-${i + j}`;
          expect(
            await repo.insertEventOnce({
              id: newId(),
              user_id: id,
              idempotency_key: key,
              tokens: e.tokens,
              occurred_at: at.toISOString(),
              recorded_at: at.toISOString(),
            }),
          ).toBe(true);
          await repo.addToHour(id, hourKey(at), e.tokens);
        }
      });
    }
    // And the last events of the year through the endpoint itself.
    const now = new Date(Math.max(...events.map((e) => e.at)) + HOUR);
    setClock(now);
    for (let i = 0; i < 20; i += 1) {
      const at = now.getTime() - (i + 1) * 37 * 60_000;
      events.push({ at, tokens: 1000 + i });
      const res = await record({
        userId: id,
        tokens: 1000 + i,
        idempotencyKey: `z-${i}`,
        occurredAt: new Date(at).toISOString(),
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    const expectedDaily: Record<string, number> = {};
    const { periodStart, periodEnd } = fallbackPeriod(new Date(start.getTime() - 10 * DAY), now);
    let expectedPeriod = 0;
    const firstHour = Math.ceil(periodStart.getTime() / HOUR) * HOUR;
    for (const e of events) {
      const day = new Date(e.at + 8 * HOUR).toISOString().slice(0, 10); // Asia/Shanghai: UTC+8, no DST
      expectedDaily[day] = (expectedDaily[day] ?? 0) + e.tokens;
      if (Math.floor(e.at / HOUR) * HOUR >= firstHour && e.at < periodEnd.getTime())
        expectedPeriod += e.tokens;
    }

    const { plugin, seen } = rowCounter();
    const repo = new UsageRepo(app.db.withPlugin(plugin));
    const usersRepo = new UsersRepo(app.db.withPlugin(plugin));
    const billingRepo = new BillingRepo(app.db.withPlugin(plugin));
    const deps = { usageRepo: repo, usersRepo, billingRepo, clock: { now: () => now } };
    const result = await usageSummary(deps, { userId: id, timeZone: 'Asia/Shanghai' });

    expect(result.tokens).toBe(expectedPeriod);
    expect(Object.keys(result.dailyUsage)).toHaveLength(15);
    for (const [day, { tokens }] of Object.entries(result.dailyUsage))
      expect(tokens, day).toBe(expectedDaily[day] ?? 0);
    expect(Object.values(result.dailyUsage).some((d) => d.tokens > 0)).toBe(true);

    // Never the events table; at most 16 days of hours plus one-row answers.
    expect(seen.filter((q) => q.sql.includes('"usage_events"'))).toEqual([]);
    const rows = seen.reduce((sum, q) => sum + q.rows, 0);
    expect(rows).toBeLessThanOrEqual(16 * 24 + 10);
    const hourly = await app.db.selectFrom('usage_hourly').select('hour').where('user_id', '=', id).execute();
    expect(hourly.length).toBeGreaterThan(rows);

    // Proof it does not depend on the events at all: without them the answer is the same.
    await app.db.deleteFrom('usage_events').where('user_id', '=', id).execute();
    expect(await usageSummary(deps, { userId: id, timeZone: 'Asia/Shanghai' })).toEqual(result);
  }, 120_000);
});

describe('dailyUsage: 15 days, zero-filled, in the person’s time zone', () => {
  it('puts each hour on the local day of Asia/Shanghai, America/Los_Angeles and UTC', async () => {
    // 2026-03-10 10:30 UTC: 18:30 in Shanghai (UTC+8), 03:30 in Los Angeles (PDT since March 8, UTC-7).
    const now = new Date('2026-03-10T10:30:00Z');
    setClock(now);
    const { id } = await person({ phone: false, createdAt: new Date('2026-03-01T00:00:00Z') });
    const post = async (occurredAt: string, tokens: number) => {
      const res = await record(event(id, tokens, { occurredAt }));
      expect(res.statusCode, res.body).toBe(200);
    };
    await post('2026-02-23T10:00:00Z', 1); // before every zone's 15 days
    await post('2026-02-24T03:00:00Z', 2); // Shanghai 02-24 11:00 (first day); LA 02-23 (outside)
    await post('2026-03-09T15:30:00Z', 10); // Shanghai 03-09 23:30; LA 03-09 08:30
    await post('2026-03-09T16:10:00Z', 100); // Shanghai 03-10 00:10; LA 03-09 09:10
    await post('2026-03-10T06:30:00Z', 1000); // Shanghai 03-10; LA 03-09 23:30
    await post('2026-03-10T07:05:00Z', 10000); // Shanghai 03-10; LA 03-10 00:05

    const shanghai = (await summary(id, { timeZone: 'Asia/Shanghai', now })).dailyUsage;
    expect(Object.keys(shanghai)).toEqual(
      Array.from({ length: 15 }, (_, i) =>
        new Date(Date.parse('2026-02-24') + i * DAY).toISOString().slice(0, 10),
      ),
    );
    expect(shanghai['2026-02-24']).toEqual({ tokens: 2 });
    expect(shanghai['2026-03-09']).toEqual({ tokens: 10 });
    expect(shanghai['2026-03-10']).toEqual({ tokens: 11100 });
    expect(shanghai['2026-03-01']).toEqual({ tokens: 0 });

    const la = (await summary(id, { timeZone: 'America/Los_Angeles', now })).dailyUsage;
    expect(Object.keys(la)[0]).toBe('2026-02-24');
    expect(Object.keys(la)[14]).toBe('2026-03-10');
    expect(la['2026-02-24']).toEqual({ tokens: 0 });
    expect(la['2026-03-09']).toEqual({ tokens: 1110 });
    expect(la['2026-03-10']).toEqual({ tokens: 10000 });
    // Across the DST change (March 8) every day is still there, zero-filled.
    expect(la['2026-03-08']).toEqual({ tokens: 0 });

    // No zone given: the last one the person's browser sent (Los Angeles) is remembered.
    expect((await summary(id, { now })).dailyUsage).toEqual(la);
    const utc = (await app.usage.summary({ userId: id, timeZone: 'UTC', now })).dailyUsage;
    expect(utc['2026-03-09']).toEqual({ tokens: 110 });
    expect(utc['2026-03-10']).toEqual({ tokens: 11000 });
  });

  it('a person who never sent a zone gets UTC days; the total covers the 30-day fallback period', async () => {
    const now = new Date('2026-04-20T12:00:00Z');
    setClock(now);
    // Joined 2026-03-01: periods run 03-01..03-31, 03-31..04-30.
    const { id } = await person({ phone: false, createdAt: new Date('2026-03-01T00:00:00Z') });
    const post = async (occurredAt: string, tokens: number) =>
      expect((await record(event(id, tokens, { occurredAt }))).statusCode).toBe(200);
    await post('2026-03-30T23:00:00Z', 5); // previous period
    await post('2026-03-31T00:00:00Z', 7); // first hour of this period
    await post('2026-04-20T11:59:00Z', 11);
    const result = await summary(id, { now });
    expect(result.tokens).toBe(18);
    expect(result.dailyUsage['2026-04-20']).toEqual({ tokens: 11 });
    expect(Object.keys(result.dailyUsage)).toHaveLength(15);
    // A subscription's own period, when billing passes one, wins over the fallback.
    const explicit = await app.usage.summary({
      userId: id,
      now,
      plan: {
        planTokens: 20_000,
        periodStart: new Date('2026-03-15T00:00:00Z'),
        periodEnd: new Date('2026-04-15T00:00:00Z'),
      },
    });
    expect(explicit.tokens).toBe(12);
  });

  it('counts integrations and the bytes of text kept for the person', async () => {
    const { id } = await person({ phone: false });
    const before = await summary(id);
    expect(before).toMatchObject({ integrations: 0, storage: 0 });
    await app.db
      .insertInto('contact_messages')
      .values({
        id: newId(),
        user_id: id,
        email: 'x@example.com',
        phone_number: null,
        language: 'zh',
        subject: '你好',
        message: 'abc',
        priority: 'low',
        created_at: app.clock.now().toISOString(),
      })
      .execute();
    const after = await summary(id);
    expect(after.storage).toBe(6 + 3); // UTF-8 bytes, not characters
  });
});

describe('alerts at 80% and 100% of the plan’s tokens', () => {
  it('texts once at 80% and once at 100% per period, in the person’s language, never twice', async () => {
    setClock(new Date('2026-05-02T09:00:00Z'));
    const joined = new Date('2026-05-01T00:00:00Z');
    const { id, phone } = await person({ createdAt: joined, language: 'zh' });
    const send = async (tokens: number) => expect((await record(event(id, tokens))).statusCode).toBe(200);

    await send(15_999); // 79.995% of the trial's 20,000
    expect(await smsTo(phone!)).toHaveLength(0);
    await send(1); // 80%
    let texts = await smsTo(phone!);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain('80%');
    expect(texts[0]!.body).toContain('20K');
    expect(texts[0]!.body).toContain('Token');
    await send(2_000);
    await send(1_999); // 99.995%
    expect(await smsTo(phone!)).toHaveLength(1);
    await send(1); // 100%
    texts = await smsTo(phone!);
    expect(texts).toHaveLength(2);
    expect(texts[0]!.body).toContain('全部用完');
    await send(5_000);
    await send(5_000);
    expect(await smsTo(phone!)).toHaveLength(2);

    // The next 30-day period starts over: 80% texts again, once.
    setClock(new Date('2026-06-01T09:00:00Z'));
    await send(16_000);
    await send(100);
    expect(await smsTo(phone!)).toHaveLength(3);
    const alerts = await app.db.selectFrom('usage_alerts').selectAll().where('user_id', '=', id).execute();
    expect(alerts.map((a) => [a.period_start, a.threshold]).sort()).toEqual(
      [
        [joined.toISOString(), 80],
        [joined.toISOString(), 100],
        [new Date(joined.getTime() + 30 * DAY).toISOString(), 80],
      ].sort(),
    );
  });

  it('one event that jumps past both thresholds texts once, the 100% text', async () => {
    setClock(new Date('2026-05-02T09:00:00Z'));
    const { id, phone } = await person({ createdAt: new Date('2026-05-01T00:00:00Z') });
    expect((await record(event(id, 25_000))).statusCode).toBe(200);
    expect((await record(event(id, 1_000))).statusCode).toBe(200);
    const texts = await smsTo(phone!);
    expect(texts).toHaveLength(1);
    expect(texts[0]!.body).toContain('used all 20K tokens');
  });

  it('concurrent events crossing both thresholds still text exactly once each', async () => {
    setClock(new Date('2026-05-02T09:00:00Z'));
    const { id, phone } = await person({ createdAt: new Date('2026-05-01T00:00:00Z') });
    const results = await Promise.all(Array.from({ length: 12 }, () => record(event(id, 2_000))));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const texts = await smsTo(phone!);
    expect(texts).toHaveLength(2);
    expect(texts.some((t) => t.body.includes('80%'))).toBe(true);
    expect(texts.some((t) => t.body.includes('used all'))).toBe(true);
  });

  it('a person with an address and no phone gets one mail per threshold', async () => {
    setClock(new Date('2026-05-02T09:00:00Z'));
    const email = `usage-${newId()}@example.com`;
    const { id } = await person({ phone: false, email, createdAt: new Date('2026-05-01T00:00:00Z') });
    for (const tokens of [16_000, 100, 4_000, 100])
      expect((await record(event(id, tokens))).statusCode).toBe(200);
    const mails = await app.db.selectFrom('mail_outbox').selectAll().where('recipient', '=', email).execute();
    expect(mails.map((m) => [m.kind, m.subject]).sort()).toEqual([
      ['usage_alert', 'You have used 80% of your tokens'],
      ['usage_alert', 'You have used all your tokens'],
    ]);
  });
});

describe('retention', () => {
  it('purges usage events after a year and keeps the rollup', async () => {
    const now = new Date('2027-07-01T00:00:00Z');
    setClock(new Date(now.getTime() - 366 * DAY));
    const { id } = await person({ phone: false });
    expect((await record(event(id, 40))).statusCode).toBe(200);
    setClock(now);
    expect((await record(event(id, 2))).statusCode).toBe(200);
    expect((await app.purgeExpired()).usageEvents).toBeGreaterThanOrEqual(1);
    const left = await app.db.selectFrom('usage_events').select('tokens').where('user_id', '=', id).execute();
    expect(left).toEqual([{ tokens: 2 }]);
    const hours = await app.db
      .selectFrom('usage_hourly')
      .select('tokens')
      .where('user_id', '=', id)
      .execute();
    expect(hours.map((h) => Number(h.tokens)).sort()).toEqual([2, 40]);
  });
});

describe('periods, hours, zones and token display', () => {
  it('the 30-day fallback periods run back to back from sign-up', () => {
    const joined = new Date('2026-01-10T08:15:00Z');
    expect(fallbackPeriod(joined, new Date('2026-01-10T08:15:00Z'))).toEqual({
      periodStart: joined,
      periodEnd: new Date('2026-02-09T08:15:00Z'),
    });
    expect(fallbackPeriod(joined, new Date('2026-02-09T08:15:00Z')).periodStart).toEqual(
      new Date('2026-02-09T08:15:00Z'),
    );
    expect(fallbackPeriod(joined, new Date('2026-05-01T00:00:00Z')).periodStart).toEqual(
      new Date('2026-04-10T08:15:00Z'),
    );
  });

  it('the hour a period starts in belongs to that period, so no hour counts twice', () => {
    expect(firstHourFrom(new Date('2026-01-10T08:15:00Z'))).toBe('2026-01-10T08:00:00.000Z');
    expect(firstHourFrom(new Date('2026-01-10T08:00:00Z'))).toBe('2026-01-10T08:00:00.000Z');
    expect(hourKey(new Date('2026-01-10T08:59:59.999Z'))).toBe('2026-01-10T08:00:00.000Z');
  });

  it('a half-hour zone gives each hour to the local day it starts in', () => {
    // Asia/Kolkata is UTC+5:30: the 18:00 UTC hour starts at 23:30 local.
    const days = ['2026-03-09', '2026-03-10'];
    const result = sumByLocalDay(
      [
        { hour: '2026-03-09T18:00:00.000Z', tokens: 3 },
        { hour: '2026-03-09T19:00:00.000Z', tokens: 4 },
      ],
      days,
      'Asia/Kolkata',
    );
    expect(result).toEqual({ '2026-03-09': { tokens: 3 }, '2026-03-10': { tokens: 4 } });
  });

  it('only zones the runtime knows are taken; an unknown one falls back instead of failing', async () => {
    expect(ZTimeZone.safeParse('Asia/Shanghai').success).toBe(true);
    expect(ZTimeZone.safeParse('Mars/Olympus').success).toBe(false);
    expect(ZUsageQuery.safeParse({}).success).toBe(true);
    const { id } = await person({ phone: false });
    const result = await summary(id, { timeZone: 'Mars/Olympus' });
    expect(Object.keys(result.dailyUsage)).toHaveLength(15);
    expect((await app.usersRepo.findById(id))?.time_zone).toBeNull();
  });

  it('shows token counts as spec §9 says: x.xM, rounded K', () => {
    expect(formatTokens(5_000_000)).toBe('5.0M');
    expect(formatTokens(1_250_000)).toBe('1.3M');
    expect(formatTokens(20_000)).toBe('20K');
    expect(formatTokens(1_499)).toBe('1K');
    expect(formatTokens(999)).toBe('999');
  });
});

describe('the plan and period come from billing', () => {
  it('counts from the start of a running trial instead of the 30-day periods from sign-up', async () => {
    const { id } = await person({ phone: false, createdAt: new Date(app.clock.now().getTime() - 10 * DAY) });
    expect(
      (
        await record(
          event(id, 500, { occurredAt: new Date(app.clock.now().getTime() - 3 * HOUR).toISOString() }),
        )
      ).statusCode,
    ).toBe(200);
    expect((await summary(id)).tokens).toBe(500);

    const now = app.clock.now();
    await app.billingRepo.ensureAccount(id, now.toISOString());
    expect(
      await app.billingRepo.startTrial(
        id,
        new Date(now.getTime() - HOUR).toISOString(),
        new Date(now.getTime() + 7 * DAY).toISOString(),
      ),
    ).toBe(true);
    // The trial's period began an hour ago: the event three hours ago is in the period before it.
    expect((await summary(id)).tokens).toBe(0);
    expect((await record(event(id, 200))).statusCode).toBe(200);
    expect((await summary(id)).tokens).toBe(200);
  });
});
