import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids';
import { connectionsDeps } from '../src/modules/connections/deps';
import { textReconnect } from '../src/modules/connections/reconnect-sms';
import { SmsDeliveryError } from '../src/providers/sms/sms';
import { assistantPerson, newMobile, textFrom, textsTo, waitForTexts } from './helpers/assistant-person';
import { bearer, freshIp, post } from './helpers/auth';
import { build } from './helpers/build';
import { freePort } from './helpers/process';
import { outboxSettled } from './helpers/sms-outbox';

/**
 * Issue 29, finding 8 and 17: one SMS outbox for every text we start. Each sender (usage alerts,
 * the reconnect text, the account-deleted text, sign-in codes, the assistant's replies) goes
 * through it, so nothing reaches a number after STOP; a text whose "sent" mark fails is not sent
 * again; WhatsApp stays off unless a setting turns it on. Real parts: the app over SQLite (or
 * PostgreSQL), its job queue, the local SMS stand-in (the dev outbox: what reached the phone).
 */
const KEY = 'sms-outbox-test-key-0123456789-abcdefghijkl';
let app: FastifyInstance;
let close: () => Promise<void>;
let base = '';

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  ({ app, close } = await build({
    PUBLIC_URL: base,
    ASSISTANT_API_KEY: KEY,
    JOBS_POLL_INTERVAL_MS: '50',
    CHAT_SMS_NUMBER: '+15017122661',
  }));
  await app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => close());

/** Everything that reached the number, sign-in codes included, oldest first. */
async function reached(phone: string): Promise<string[]> {
  await outboxSettled(app, phone);
  return (await app.devOutbox.list({ to: phone, limit: 100 })).map((row) => row.body).reverse();
}

/** The person says STOP from their phone, and gets the one confirmation carriers require. */
async function stop(phone: string): Promise<void> {
  await outboxSettled(app, phone);
  const before = (await textsTo(app, phone)).length;
  expect((await textFrom(app, phone, 'STOP')).statusCode).toBe(200);
  const texts = await waitForTexts(app, phone, before + 1);
  expect(texts.at(-1)).toMatch(/unsubscribed|STOP|START/i);
}

const usage = (userId: string, tokens: number) =>
  app.inject({
    method: 'POST',
    url: '/v1/internal/usage',
    headers: { authorization: `Bearer ${KEY}` },
    payload: { userId, tokens, idempotencyKey: newId(), occurredAt: new Date().toISOString() },
  });

const conversation = async (token: string) => {
  const res = await app.inject({ method: 'GET', url: '/v1/assistant/messages', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().messages as { direction: string; kind: string; body: string; status: string | null }[];
};

describe('usage alerts go through the SMS outbox', () => {
  it('are stored in the conversation and sent once, like every other text', async () => {
    const person = await assistantPerson(app, base, { google: false });
    expect((await usage(person.userId, 16_000)).statusCode).toBe(200); // 80% of the trial's 20,000
    const texts = await reached(person.phone);
    expect(texts.filter((text) => text.includes('80%'))).toHaveLength(1);
    const alert = (await conversation(person.token)).filter((m) => m.body.includes('80%'));
    expect(alert).toEqual([expect.objectContaining({ direction: 'out', kind: 'notice', status: 'sent' })]);
  });

  it('are not sent after STOP, and the conversation says so', async () => {
    const person = await assistantPerson(app, base, { google: false });
    await stop(person.phone);
    expect((await usage(person.userId, 20_000)).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect((await reached(person.phone)).filter((text) => /tokens/.test(text))).toEqual([]);
    const alert = (await conversation(person.token)).filter((m) => /tokens/.test(m.body));
    expect(alert).toEqual([expect.objectContaining({ direction: 'out', status: 'suppressed' })]);
  });
});

describe('the reconnect text goes through the SMS outbox', () => {
  it('reaches the person, and nothing after STOP', async () => {
    const person = await assistantPerson(app, base);
    const connection = (await app.connectionsRepo.findForUser(person.userId, 'google'))!;
    const deps = connectionsDeps(app);
    await textReconnect(deps, connection);
    expect((await reached(person.phone)).filter((text) => text.includes('reconnect=google'))).toHaveLength(1);

    await stop(person.phone);
    await textReconnect(deps, connection);
    await new Promise((r) => setTimeout(r, 300));
    expect((await reached(person.phone)).filter((text) => text.includes('reconnect=google'))).toHaveLength(1);
    const rows = (await conversation(person.token)).filter((m) => m.body.includes('reconnect=google'));
    expect(rows.map((m) => m.status)).toEqual(['sent', 'suppressed']);
  });
});

describe('the account-deleted text goes through the SMS outbox', () => {
  it('is not sent to a number that said STOP', async () => {
    const person = await assistantPerson(app, base, { google: false });
    await stop(person.phone);
    const res = await app.inject({
      method: 'DELETE',
      url: '/v1/account',
      headers: bearer(person.token),
      payload: { confirm: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect((await app.devOutbox.list({ to: person.phone, limit: 100 })).map((row) => row.body)).not.toEqual(
      expect.arrayContaining([expect.stringMatching(/have been deleted/)]),
    );
  });
});

describe('sign-in codes go through the SMS outbox', () => {
  const ask = (phone: string, language: 'en' | 'zh' = 'en') =>
    post(
      app,
      '/v1/api/send-verification-code',
      { phoneNumber: phone, language },
      { remoteAddress: freshIp() },
    );

  it('are refused for a number that said STOP, saying to text START to our number first; after START they go', async () => {
    const phone = newMobile();
    await stop(phone);
    const codes = async () => (await reached(phone)).filter((text) => /sign-in code|登录验证码/.test(text));

    const refused = await ask(phone);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().error.code).toBe('SMS_OPTED_OUT');
    expect(refused.json().error.message).toContain('START');
    expect(refused.json().error.message).toContain('+1 501 712 2661');
    const zh = await ask(phone, 'zh');
    expect(zh.json().error.code).toBe('SMS_OPTED_OUT');
    expect(zh.json().error.message).toContain('START');
    expect(zh.json().error.message).toContain('您');
    expect(await codes()).toEqual([]);

    expect((await textFrom(app, phone, 'START')).statusCode).toBe(200);
    await waitForTexts(app, phone, 2);
    const sent = await ask(phone);
    expect(sent.statusCode, sent.body).toBe(200);
    // At once, not queued: the code is there as soon as the answer is.
    expect((await app.devOutbox.list({ to: phone, limit: 5 })).map((row) => row.body)).toEqual(
      expect.arrayContaining([expect.stringMatching(/sign-in code/)]),
    );
  });
});

describe('a text is sent at most once', () => {
  it('a "sent" mark that fails does not send the text again on the retry', async () => {
    const person = await assistantPerson(app, base, { google: false });
    const repo = app.smsOutboxRepo;
    const finish = repo.finish.bind(repo);
    let failures = 0;
    repo.finish = async (id, sid, status) => {
      if (status === 'sent' && failures === 0) {
        failures += 1;
        throw new Error('the database went away for a moment');
      }
      return finish(id, sid, status);
    };
    try {
      expect((await textFrom(app, person.phone, 'HELP')).statusCode).toBe(200);
      // The first try sent it and failed to mark it; the retry comes 2 s later, then some.
      await new Promise((r) => setTimeout(r, 3500));
    } finally {
      repo.finish = finish;
    }
    expect(failures).toBe(1);
    const help = (await app.devOutbox.list({ to: person.phone, limit: 100 })).filter((row) =>
      row.body.includes('STOP'),
    );
    expect(help).toHaveLength(1);
    const job = await app.db
      .selectFrom('jobs')
      .select(['status', 'attempts'])
      .where('kind', '=', 'assistant.send')
      .where('status', '!=', 'pending')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(job).toMatchObject({ status: 'done' });
    expect(job!.attempts).toBeGreaterThanOrEqual(2);
  });
});

describe('the texts the assistant starts', () => {
  it('are sent by the background kind, an answer by the kind a person waits on; both reach the phone (decision 581)', async () => {
    const person = await assistantPerson(app, base);
    // A reminder as every sender of one queues it (the outbox's one entry), then a question.
    await app.db.transaction().execute((trx) =>
      app.smsOutbox.queue(trx, {
        userId: person.userId,
        to: { channel: 'sms', e164: person.phone },
        turnId: null,
        parts: ['Reminder: Project review in 15 min'],
        kind: 'reminder',
        maxSegments: 3,
        more: '',
        key: `reminder-test:${person.userId}`,
      }),
    );
    expect((await textFrom(app, person.phone, "what's on tomorrow?")).statusCode).toBe(200);
    const texts = await waitForTexts(app, person.phone, 2);
    expect(texts).toEqual(expect.arrayContaining(['Reminder: Project review in 15 min']));
    const sent = await app.db
      .selectFrom('assistant_messages')
      .select(['id', 'kind', 'status'])
      .where('user_id', '=', person.userId)
      .where('direction', '=', 'out')
      .execute();
    const sendKind = async (id: string) =>
      (
        await app.db
          .selectFrom('jobs')
          .select('kind')
          .where('payload', 'like', `%${id}%`)
          .executeTakeFirstOrThrow()
      ).kind;
    const reminder = sent.find((message) => message.kind === 'reminder');
    const answer = sent.find((message) => message.kind === 'reply');
    expect(reminder?.status).toBe('sent');
    expect(answer?.status).toBe('sent');
    expect(await sendKind(reminder!.id)).toBe('assistant.send.proactive');
    expect(await sendKind(answer!.id)).toBe('assistant.send');
  });
});

describe('when Twilio refuses or does not answer', () => {
  /** The SMS port fails once as given, then works again. */
  async function failingOnce(error: Error, during: () => Promise<void>) {
    const port = app.sms;
    const send = port.send.bind(port);
    let failed = 0;
    (port as { send: typeof port.send }).send = async (message) => {
      if (failed === 0) {
        failed += 1;
        throw error;
      }
      return send(message);
    };
    try {
      await during();
    } finally {
      (port as { send: typeof port.send }).send = send;
    }
    expect(failed).toBe(1);
  }
  const statusOf = async (phone: string) =>
    (
      await app.db
        .selectFrom('assistant_messages')
        .select('status')
        .where('phone', '=', phone)
        .where('direction', '=', 'out')
        .execute()
    ).map((row) => row.status);

  it('a refusal is retried, and the text arrives once', async () => {
    const person = await assistantPerson(app, base, { google: false });
    await failingOnce(new SmsDeliveryError('Twilio refused the message: busy', { status: 503 }), async () => {
      expect((await textFrom(app, person.phone, 'HELP')).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 3500));
    });
    expect((await textsTo(app, person.phone)).filter((body) => body.includes('STOP'))).toHaveLength(1);
    expect(await statusOf(person.phone)).toEqual(['sent']);
  });

  it('a timeout (Twilio may have the text) is never sent again', async () => {
    const person = await assistantPerson(app, base, { google: false });
    await failingOnce(
      new SmsDeliveryError('Twilio unreachable: The operation was aborted due to timeout', {
        outcomeUnknown: true,
      }),
      async () => {
        expect((await textFrom(app, person.phone, 'HELP')).statusCode).toBe(200);
        await new Promise((r) => setTimeout(r, 3000));
      },
    );
    expect(await textsTo(app, person.phone)).toEqual([]);
    expect(await statusOf(person.phone)).toEqual(['sending']);
  });
});

describe('WhatsApp is off by default (its terms bar general-purpose AI assistants)', () => {
  it('a WhatsApp message gets no answer, and the screen says why', async () => {
    const person = await assistantPerson(app, base, { google: false });
    expect((await textFrom(app, `whatsapp:${person.phone}`, 'HELP')).statusCode).toBe(200);
    expect((await textFrom(app, `whatsapp:${person.phone}`, "what's on tomorrow?")).statusCode).toBe(200);
    await new Promise((r) => setTimeout(r, 600));
    expect(await reached(person.phone)).toEqual([expect.stringMatching(/sign-in code/)]);
    const messages = (
      await app.inject({ method: 'GET', url: '/v1/assistant/messages', headers: bearer(person.token) })
    ).json().messages as { direction: string; unanswered?: string | null }[];
    expect(messages.map((m) => [m.direction, m.unanswered])).toEqual([
      ['in', 'channel_off'],
      ['in', 'channel_off'],
    ]);
  });

  it('nothing queued for WhatsApp is sent', async () => {
    const phone = newMobile();
    await app.transaction((trx) =>
      app.smsOutbox.queue(trx, {
        userId: null,
        to: { channel: 'whatsapp', e164: phone },
        turnId: null,
        parts: ['hello on WhatsApp'],
        kind: 'notice',
        maxSegments: 1,
        more: '',
        key: `test-whatsapp:${phone}`,
      }),
    );
    await outboxSettled(app, phone);
    expect(await app.devOutbox.list({ to: phone, limit: 10 })).toEqual([]);
    expect(
      await app.db.selectFrom('assistant_messages').select('status').where('phone', '=', phone).execute(),
    ).toEqual([{ status: 'suppressed' }]);
  });
});
