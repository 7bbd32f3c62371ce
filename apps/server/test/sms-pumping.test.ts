import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { newId } from '../src/lib/ids';
import { purgeOldCounts } from '../src/modules/sms-outbox/unknown-number-caps';
import { assistantPerson, textFrom } from './helpers/assistant-person';
import { bearer } from './helpers/auth';
import { build, testConfig } from './helpers/build';
import { freePort } from './helpers/process';
import { outboxSettled } from './helpers/sms-outbox';

/**
 * Issue 29, findings 9 and 10: strangers cannot run up the bill, and a person who runs out is
 * not ignored. Unknown numbers get one reply a day each, only in the countries we serve, and at
 * most SMS_UNKNOWN_REPLIES_PER_HOUR (100) and _PER_DAY (200) in all, counted in the database so
 * several instances agree; a person with no plan or over the limit gets one notice a day (no
 * model call), and the screen and /dev/phone show each text left unanswered and why.
 */

/** Waits until every inbound text of these numbers went through the gate, and the outbox sent what it queued. */
async function settled(app: FastifyInstance, phones: string[], timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await app.db
      .selectFrom('assistant_messages')
      .select('id')
      .where('phone', 'in', phones)
      .where((eb) =>
        eb.or([
          eb.and([eb('direction', '=', 'in'), eb('turn_id', 'is', null)]),
          eb.and([eb('direction', '=', 'out'), eb('status', 'in', ['queued', 'sending'])]),
        ]),
      )
      .execute();
    if (open.length === 0) return;
    if (Date.now() > deadline) throw new Error(`${open.length} texts still open`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const textsTo = async (app: FastifyInstance, phone: string) =>
  (await app.devOutbox.list({ to: phone, limit: 100 })).map((row) => row.body);

describe('300 unknown numbers texting two instances on one database', () => {
  const key = randomBytes(32).toString('base64');
  const first = testConfig({ APP_ENCRYPTION_KEY: key, JOBS_POLL_INTERVAL_MS: '50', JOBS_CONCURRENCY: '8' });
  const shared =
    first.config.database.kind === 'postgres'
      ? { DATABASE_SCHEMA: first.config.database.schema ?? '' }
      : { DATA_DIR: first.config.dataDir };
  const second = testConfig({
    APP_ENCRYPTION_KEY: key,
    JOBS_POLL_INTERVAL_MS: '50',
    JOBS_CONCURRENCY: '8',
    ...shared,
  });
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    a = await buildApp(first.config);
    await a.ready();
    b = await buildApp(second.config);
    await b.ready();
    // One instant for both, inside one hour: the hourly cap is the one reached.
    const now = new Date();
    for (const app of [a, b]) app.clock.now = () => new Date(now);
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await first.cleanup();
    await second.cleanup().catch(() => undefined);
  });

  it('get at most the hourly cap of replies in all, with one warning, each number at most one', async () => {
    const warnings = [vi.spyOn(a.log, 'warn'), vi.spyOn(b.log, 'warn')];
    // 0412 is an Australian mobile range; the two digits after it vary between runs. (A stem
    // right after 04 drew ranges no carrier holds, such as 0441: not a number of a
    // country we serve, so no reply at all, now and then.)
    const stem = `12${String(Date.now() % 100).padStart(2, '0')}`;
    // Australian mobiles: a country we serve.
    const phones = Array.from({ length: 300 }, (_, i) => `+614${stem}${String(i).padStart(4, '0')}`);
    const posted = await Promise.all(
      phones.map((phone, i) => textFrom(i % 2 === 0 ? a : b, phone, 'hello? who is this')),
    );
    expect(posted.map((res) => res.statusCode)).toEqual(phones.map(() => 200));
    await settled(a, phones);

    const replies = await a.db
      .selectFrom('assistant_messages')
      .select(['phone', 'status'])
      .where('phone', 'in', phones)
      .where('direction', '=', 'out')
      .execute();
    expect(replies).toHaveLength(100);
    expect(new Set(replies.map((row) => row.phone)).size).toBe(100);
    const reached = (await Promise.all(phones.map((phone) => textsTo(a, phone)))).flat();
    expect(reached).toHaveLength(100);
    expect(reached[0]).toContain("isn't linked to a");

    // Every text went through the gate, and the ones left without a reply say why.
    const unanswered = await a.db
      .selectFrom('assistant_messages')
      .select('unanswered')
      .where('phone', 'in', phones)
      .where('direction', '=', 'in')
      .execute();
    expect(unanswered.map((row) => row.unanswered)).toEqual(phones.map(() => 'unknown_number'));

    const capped = warnings.flatMap((spy) =>
      spy.mock.calls.filter((call) => String(call[1] ?? call[0]).includes('hourly cap')),
    );
    expect(capped).toHaveLength(1);
  }, 60_000);
});

describe('one instance', () => {
  const KEY = 'sms-pumping-test-key-0123456789-abcdefghij';
  let app: FastifyInstance;
  let close: () => Promise<void>;
  let base = '';
  let now = new Date('2026-11-27T10:00:00Z');

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    ({ app, close } = await build({
      PUBLIC_URL: base,
      ASSISTANT_API_KEY: KEY,
      JOBS_POLL_INTERVAL_MS: '50',
      SMS_UNKNOWN_REPLIES_PER_HOUR: '3',
      SMS_UNKNOWN_REPLIES_PER_DAY: '4',
    }));
    await app.listen({ port, host: '127.0.0.1' });
    // Mid-morning UTC, so an hour later is the same day whenever the test runs.
    const today = new Date();
    now = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 1, 10));
    app.clock.now = () => new Date(now);
  });
  afterAll(async () => close());

  const later = (hours: number) => {
    now = new Date(now.getTime() + hours * 60 * 60_000);
  };

  let counter = 0;
  const unknownMobile = () => {
    counter += 1;
    return `+61419${String(Date.now() % 10_000).padStart(4, '0')}${String(counter).padStart(2, '0')}`;
  };

  async function text(phone: string, body: string): Promise<void> {
    expect((await textFrom(app, phone, body)).statusCode).toBe(200);
    await settled(app, [phone]);
  }

  it('answers a number of a country we do not serve never, and says why on /dev/phone', async () => {
    for (const phone of ['+2348031234567', '+74951234567', '+18765550123']) {
      await text(phone, 'hello');
      expect(await textsTo(app, phone)).toEqual([]);
      const chat = await app.inject({
        method: 'GET',
        url: `/v1/dev/sms/conversation?phone=${encodeURIComponent(phone)}`,
      });
      expect(chat.json().messages).toEqual([
        expect.objectContaining({ direction: 'in', unanswered: 'unknown_number' }),
      ]);
    }
  });

  it('answers one number once a day however often it texts, and again the next day', async () => {
    const phone = unknownMobile();
    await text(phone, 'hello');
    await text(phone, 'hello again');
    expect(await textsTo(app, phone)).toHaveLength(1);
    later(24);
    await text(phone, 'still there?');
    expect(await textsTo(app, phone)).toHaveLength(2);
  });

  it('stops at the hourly cap, and at the daily cap across hours', async () => {
    later(24);
    const phones = Array.from({ length: 5 }, unknownMobile);
    for (const phone of phones) await text(phone, 'hi');
    // SMS_UNKNOWN_REPLIES_PER_HOUR=3.
    expect((await Promise.all(phones.map((phone) => textsTo(app, phone)))).flat()).toHaveLength(3);
    later(1);
    const more = Array.from({ length: 3 }, unknownMobile);
    for (const phone of more) await text(phone, 'hi');
    // SMS_UNKNOWN_REPLIES_PER_DAY=4: one more this hour, then none.
    expect((await Promise.all(more.map((phone) => textsTo(app, phone)))).flat()).toHaveLength(1);
  });

  it('answers STOP, START and HELP from unknown numbers within the same limits; STOP still counts', async () => {
    later(24);
    const phones = Array.from({ length: 5 }, unknownMobile);
    for (const phone of phones) await text(phone, 'HELP');
    await text(phones[0]!, 'HELP');
    // Once a number a day, and SMS_UNKNOWN_REPLIES_PER_HOUR=3 in all.
    expect(
      (await Promise.all(phones.map((phone) => textsTo(app, phone)))).map((texts) => texts.length),
    ).toEqual([1, 1, 1, 0, 0]);
    // Past the cap, a STOP gets no confirmation but is honoured: no code for that number.
    await text(phones[4]!, 'STOP');
    expect(await textsTo(app, phones[4]!)).toEqual([]);
    const code = await app.inject({
      method: 'POST',
      url: '/v1/api/send-verification-code',
      payload: { phoneNumber: phones[4] },
    });
    expect(code.json().error.code).toBe('SMS_OPTED_OUT');
  });

  it('forgets the counters of past hours and days, keeping the last day', async () => {
    later(24);
    const iso = now.toISOString();
    const old = new Date(now.getTime() - 3 * 24 * 60 * 60_000).toISOString();
    for (const period of [`hour:${old.slice(0, 13)}`, `day:${old.slice(0, 10)}`])
      await app.smsOutboxRepo.countOne(period);
    await app.smsOutboxRepo.countOne(`hour:${iso.slice(0, 13)}`);
    await app.smsOutboxRepo.countOne(`day:${iso.slice(0, 10)}`);
    await purgeOldCounts({ smsOutboxRepo: app.smsOutboxRepo, clock: app.clock });
    const periods = (await app.db.selectFrom('sms_reply_counts').select('period').execute()).map(
      (r) => r.period,
    );
    expect(periods).toEqual(expect.arrayContaining([`hour:${iso.slice(0, 13)}`, `day:${iso.slice(0, 10)}`]));
    expect(periods).not.toContain(`hour:${old.slice(0, 13)}`);
    expect(periods).not.toContain(`day:${old.slice(0, 10)}`);
  });

  const usage = (userId: string, tokens: number) =>
    app.inject({
      method: 'POST',
      url: '/v1/internal/usage',
      headers: { authorization: `Bearer ${KEY}` },
      payload: { userId, tokens, idempotencyKey: newId(), occurredAt: now.toISOString() },
    });

  async function unanswered(token: string) {
    const res = await app.inject({ method: 'GET', url: '/v1/assistant/messages', headers: bearer(token) });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().messages as { direction: string; unanswered?: string | null }[])
      .filter((m) => m.direction === 'in')
      .map((m) => m.unanswered);
  }

  it('tells a person over the limit once a day, texting on two days: two notices; the screen says why', async () => {
    later(24);
    const person = await assistantPerson(app, base, { google: false });
    expect((await usage(person.userId, 20_000)).statusCode).toBe(200);
    const notices = async () =>
      (await textsTo(app, person.phone)).filter((body) => body.includes('allowance'));
    for (const body of ['hi', "what's on tomorrow?", 'hello?']) await text(person.phone, body);
    expect(await notices()).toHaveLength(1);
    later(24);
    await text(person.phone, 'are you there?');
    expect(await notices()).toHaveLength(2);
    expect(await unanswered(person.token)).toEqual(['over_limit', 'over_limit', 'over_limit', 'over_limit']);
    // No model ran for any of them.
    const turns = await app.db
      .selectFrom('assistant_turns')
      .select('id')
      .where('user_id', '=', person.userId)
      .execute();
    expect(turns).toEqual([]);
    // /dev/phone shows them unanswered too, instead of "replying" forever.
    const chat = await app.inject({
      method: 'GET',
      url: `/v1/dev/sms/conversation?phone=${encodeURIComponent(person.phone)}`,
    });
    expect(
      chat
        .json()
        .messages.filter((m: { direction: string }) => m.direction === 'in')
        .map((m: { unanswered: string }) => m.unanswered),
    ).toEqual(['over_limit', 'over_limit', 'over_limit', 'over_limit']);
  });

  it('tells a person with no plan once a day, and the screen says why', async () => {
    later(24);
    const person = await assistantPerson(app, base, { google: false, trial: false });
    await text(person.phone, 'hi');
    await text(person.phone, 'hello?');
    later(24);
    await text(person.phone, 'anyone?');
    await outboxSettled(app, person.phone);
    expect(
      (await textsTo(app, person.phone)).filter((body) => body.includes('plan is not active')),
    ).toHaveLength(2);
    expect(await unanswered(person.token)).toEqual(['no_plan', 'no_plan', 'no_plan']);
  });
});
