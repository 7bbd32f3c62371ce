import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REWRITE_ERASED_JOB } from '../src/modules/retention/rewrite-after-erasure';
import { sampleOwnerOf } from '../src/providers/sample-workspace/owner';
import { ensureSeeded } from '../src/providers/sample-workspace/seed';
import { twilioSignature } from '../src/providers/sms/twilio-signature';
import { assistantPerson } from './helpers/assistant-person';
import { bearer } from './helpers/auth';
import { build } from './helpers/build';
import { authorize } from './helpers/oauth-flow';
import { freePort } from './helpers/process';
import { fakeTwilio } from './helpers/twilio-fake';
import { messageSid } from './helpers/twilio-sid';

/**
 * Deletion to the last byte (issue 29, 18): after DELETE /v1/account and the maintenance step
 * that follows it, the raw SQLite file and its WAL hold none of the person's identifiers: not in
 * a row, not in a freed page, not in an index's interior page (where B-tree dividers keep copies
 * of keys that `secure_delete` never overwrites), not in the job queue. Texts go to a loopback
 * Twilio, so the text telling the person it is done is not stored in our database either.
 */
const SID = `AC${'d4'.repeat(16)}`;
const TOKEN = 'twilio-deletion-auth-token-0123456789';
const OUR_NUMBER = '+15017122662';
const KEY = 'deletion-bytes-test-key-0123456789-abcdefghij';
let app: FastifyInstance;
let close: () => Promise<void>;
let base = '';
let sids = 0;
const twilio = fakeTwilio(({ form }) => {
  sids += 1;
  return {
    status: 201,
    body: { sid: `SM${String(sids).padStart(32, '0')}`, status: 'queued', to: form.get('To') },
  };
});

beforeAll(async () => {
  const twilioUrl = await twilio.start();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  ({ app, close } = await build({
    PUBLIC_URL: base,
    ASSISTANT_API_KEY: KEY,
    TWILIO_ACCOUNT_SID: SID,
    TWILIO_AUTH_TOKEN: TOKEN,
    TWILIO_FROM: OUR_NUMBER,
    TWILIO_BASE_URL: twilioUrl,
    JOBS_POLL_INTERVAL_MS: '50',
    ERASURE_REWRITE_DELAY_MS: '200',
  }));
  await app.listen({ port, host: '127.0.0.1' });
}, 60_000);
afterAll(async () => {
  await close();
  await twilio.stop();
});

const sentTo = (to: string) =>
  twilio.seen.filter((s) => s.form.get('To') === to).map((s) => s.form.get('Body') ?? '');

/** With Twilio configured, the sign-in code arrives there, as on a phone. */
async function codeFromTwilio(_app: FastifyInstance, phone: string): Promise<string> {
  const code = /\b(\d{5})\b/.exec(sentTo(phone).at(-1) ?? '')?.[1];
  expect(code, `no code texted to ${phone}`).toBeDefined();
  return code!;
}

/** A text from the person's phone as Twilio delivers it: form-encoded, signed, its sid Twilio's shape. */
function textFrom(from: string, body: string) {
  const form = {
    MessageSid: messageSid(),
    AccountSid: SID,
    From: from,
    To: OUR_NUMBER,
    Body: body,
  };
  return app.inject({
    method: 'POST',
    url: '/v1/sms/inbound',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-twilio-signature': twilioSignature(TOKEN, `${base}/v1/sms/inbound`, form),
    },
    payload: new URLSearchParams(form).toString(),
  });
}

const internal = (method: 'GET' | 'POST', url: string, payload?: unknown) =>
  app.inject({
    method,
    url: `/v1/internal/users${url}`,
    headers: { authorization: `Bearer ${KEY}` },
    ...(payload ? { payload: payload as Record<string, unknown> } : {}),
  });

/**
 * Someone who used everything: the assistant by text (messages, turns, jobs), Google and
 * Microsoft through the local issuer (their sample workspaces), mail sent and an invitation
 * made from those accounts (in the dev outbox, from their addresses), and a support message.
 */
async function busyPerson() {
  const { phone, token, userId } = await assistantPerson(app, base, { readCode: codeFromTwilio });
  const microsoftEmail = `ms-${userId.slice(-8)}@outlook.example`;
  const connected = await authorize(base, 'azure', { email: microsoftEmail }, { token });
  expect(connected.params.get('success')).toBe('true');
  const connections = await app.db
    .selectFrom('connections')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();
  expect(connections.map((c) => c.provider).sort()).toEqual(['google', 'microsoft']);

  for (const body of ["what's on tomorrow?", 'what is on my calendar this week?']) {
    expect((await textFrom(phone, body)).statusCode).toBe(200);
  }
  await vi.waitFor(() => expect(sentTo(phone).length).toBeGreaterThanOrEqual(3), { timeout: 15_000 });

  const google = connections.find((c) => c.provider === 'google')!;
  const mailed = await internal('POST', `/${userId}/mail/send`, {
    connectionId: google.id,
    to: ['sam@example.com'],
    subject: 'Notes',
    text: 'See you on Monday.',
  });
  expect(mailed.statusCode, mailed.body).toBe(200);
  for (const connection of connections) {
    const invited = await internal('POST', `/${userId}/calendar/events`, {
      connectionId: connection.id,
      title: 'Planning',
      start: '2026-12-01T10:00',
      end: '2026-12-01T11:00',
      timeZone: 'Europe/London',
      attendees: ['sam@example.com'],
    });
    expect(invited.statusCode, invited.body).toBe(200);
  }
  const support = await app.inject({
    method: 'POST',
    url: '/v1/contact',
    headers: bearer(token),
    payload: { subject: 'My calendar', message: 'It shows the wrong week.', priority: 'low' },
  });
  expect(support.statusCode, support.body).toBe(200);
  return { phone, token, userId, connections };
}

/** Every identifier of the person the database holds, read before the deletion. */
async function identifiersOf(person: Awaited<ReturnType<typeof busyPerson>>) {
  const { userId, phone, connections } = person;
  const user = await app.db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  const messages = await app.db
    .selectFrom('assistant_messages')
    .select('id')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('phone', '=', phone)]))
    .execute();
  const settings = await app.db
    .selectFrom('assistant_settings')
    .select('id')
    .where('user_id', '=', userId)
    .execute();
  const mentions = [
    userId,
    ...connections.map((c) => c.id),
    ...messages.map((m) => m.id),
    ...settings.map((s) => s.id),
  ];
  const jobs = (await app.db.selectFrom('jobs').select(['id', 'key', 'payload']).execute()).filter((job) =>
    mentions.some((id) => job.key.includes(id) || job.payload.includes(id)),
  );
  const owners = connections.map((c) =>
    sampleOwnerOf(c.provider as 'google' | 'microsoft', c.provider_account_id),
  );
  return {
    counts: { messages: messages.length, jobs: jobs.length },
    needles: {
      'user id': [userId],
      phone: [phone],
      emails: [user.email, ...connections.map((c) => c.email)],
      'connection ids': connections.map((c) => c.id),
      'sample-workspace keys': owners,
      'message ids': messages.map((m) => m.id),
      'settings ids': settings.map((s) => s.id),
      'job ids': jobs.map((job) => job.id),
      'job keys': jobs.map((job) => job.key),
    } as Record<string, string[]>,
  };
}

/** The SQLite database and its WAL, as bytes. */
function databaseBytes(): Buffer {
  const { database } = app.config;
  if (database.kind !== 'sqlite') throw new Error('a SQLite test');
  return Buffer.concat(
    [database.file, `${database.file}-wal`]
      .filter((file) => existsSync(file))
      .map((file) => readFileSync(file)),
  );
}

/** Which needles the bytes still hold, by kind, with how many copies. */
function survivors(bytes: Buffer, needles: Record<string, string[]>): Record<string, number> {
  const found: Record<string, number> = {};
  for (const [kind, list] of Object.entries(needles)) {
    for (const needle of new Set(list)) {
      let at = bytes.indexOf(needle);
      while (at !== -1) {
        found[`${kind}: ${needle}`] = (found[`${kind}: ${needle}`] ?? 0) + 1;
        at = bytes.indexOf(needle, at + needle.length);
      }
    }
  }
  return found;
}

describe.skipIf(process.env.TEST_DATABASE_URL)('DELETE /v1/account, to the last byte', () => {
  it("leaves none of the person's identifiers in the database file or its WAL", async () => {
    // People before and after, so every table and index has pages the person's rows share.
    const others = [];
    for (let i = 0; i < 4; i += 1)
      others.push(await assistantPerson(app, base, { readCode: codeFromTwilio }));
    const person = await busyPerson();
    for (let i = 0; i < 4; i += 1)
      others.push(await assistantPerson(app, base, { readCode: codeFromTwilio }));
    // Their sample workspaces are made on first use.
    for (const other of others) {
      expect((await internal('GET', `/${other.userId}/contacts?q=a`)).statusCode).toBe(200);
    }
    // And many more accounts' samples, keyed as the local issuer's subjects are (24 hex digits),
    // so the person's keys lie between others' in B-trees of several levels.
    for (let i = 0; i < 80; i += 1) {
      await ensureSeeded(app.sampleWorkspace, {
        owner: `google:${randomBytes(12).toString('hex')}`,
        email: `other${i}@example.com`,
        language: i % 2 === 0 ? 'en' : 'zh',
        timeZone: 'UTC',
        calendarId: `other${i}@example.com`,
        now: new Date(),
      });
    }
    const { counts, needles } = await identifiersOf(person);
    expect(counts.messages).toBeGreaterThanOrEqual(4);
    expect(counts.jobs).toBeGreaterThanOrEqual(4);
    // The dev outbox holds the mail and invitations sent from the person's addresses.
    const outbox = (await app.devOutbox.list({ to: 'sam@example.com', limit: 50 })).map((m) => m.body);
    for (const connection of person.connections)
      expect(outbox.some((body) => body.includes(connection.email))).toBe(true);
    expect(Object.keys(survivors(databaseBytes(), needles)).length).toBeGreaterThan(20);

    const res = await app.inject({
      method: 'DELETE',
      url: '/v1/account',
      headers: bearer(person.token),
      payload: { confirm: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(sentTo(person.phone).at(-1)).toMatch(/account and its data have been deleted/);

    // The maintenance step: one rewrite of the file, a job soon after the deletion.
    await vi.waitFor(
      async () => {
        const rewrites = await app.db
          .selectFrom('jobs')
          .select('status')
          .where('kind', '=', REWRITE_ERASED_JOB)
          .execute();
        expect(rewrites.map((job) => job.status)).toContain('done');
      },
      { timeout: 10_000 },
    );
    expect(survivors(databaseBytes(), needles)).toEqual({});
    // Everyone else is untouched.
    for (const other of others) {
      const me = await app.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(other.token) });
      expect(me.statusCode).toBe(200);
      expect((await internal('GET', `/${other.userId}/contacts?q=a`)).json().contacts.length).toBeGreaterThan(
        0,
      );
    }
  }, 90_000);
});

describe.skipIf(process.env.TEST_DATABASE_URL)('the rewrite after erasures', () => {
  it('leaves no stale copy of erased keys in a page, where secure_delete leaves some', async () => {
    // Sample workspaces made one by one and then edited, as people use them.
    const owners: string[] = [];
    for (let i = 0; i < 200; i += 1) {
      const owner = `google:${randomBytes(12).toString('hex')}`;
      owners.push(owner);
      await ensureSeeded(app.sampleWorkspace, {
        owner,
        email: `edited${i}@example.com`,
        language: 'en',
        timeZone: 'UTC',
        calendarId: `edited${i}@example.com`,
        now: new Date(),
      });
      for (const item of (await app.sampleWorkspace.list(owner, 'mail')).slice(0, 5)) {
        await app.sampleWorkspace.put(
          owner,
          { ...item, data: `${item.data.slice(0, -1)},"note":"${'x'.repeat(200 + i)}"}` },
          new Date().toISOString(),
        );
      }
    }
    const erased = owners.filter((_, i) => i % 2 === 1);
    await app.sampleWorkspace.forgetOwners(erased);
    await app.flushErased();
    const needles = { 'sample-workspace keys': erased };
    // What the issue found: the rows are gone, yet copies of their keys stay in the file.
    expect(Object.keys(survivors(databaseBytes(), needles)).length).toBeGreaterThan(0);

    await app.rewriteErased();
    expect(survivors(databaseBytes(), needles)).toEqual({});
    for (const owner of owners.filter((_, i) => i % 2 === 0).slice(0, 5))
      expect(await app.sampleWorkspace.isSeeded(owner)).toBe(true);
  }, 120_000);
});
