import { existsSync, readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { ZActivityResponse } from '@app/contract/account/activity';
import { ZAccountExport } from '@app/contract/account/export';
import { ZListSessionsResponse } from '@app/contract/account/sessions';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashToken } from '../src/modules/auth/sessions';
import {
  advanceClock,
  bearer,
  freshIp,
  latestCode,
  post,
  proofCookieOf,
  requestCode,
  signIn,
} from './helpers/auth';
import { localCheckout, stripeCheckout } from './helpers/billing';
import { build } from './helpers/build';
import { FakeStripe, stripeEnv } from './helpers/fake-stripe';
import { authorize } from './helpers/oauth-flow';
import { freePort } from './helpers/process';

const ASSISTANT_KEY = 'account-test-assistant-key-0123456789abcdef';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const WINDOWS_CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const fake = new FakeStripe();
let app: FastifyInstance;
let close: () => Promise<void>;
let base: string;
/** Every request that reached the server (the local issuers' revoke endpoints included). */
const hits: string[] = [];
const hitsOf = (line: string) => hits.filter((hit) => hit === line).length;

beforeAll(async () => {
  await fake.start();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  ({ app, close } = await build({ PUBLIC_URL: base, ASSISTANT_API_KEY: ASSISTANT_KEY, ...stripeEnv(fake) }));
  await app.listen({ port, host: '127.0.0.1' });
  app.server.on('request', (req: IncomingMessage) => hits.push(`${req.method} ${req.url?.split('?')[0]}`));
});
afterAll(async () => {
  await close?.();
  await fake.stop();
});

let n = 0;
const newPhone = () => `+6143${String(1000000 + ++n).slice(-7)}`;

/** Signs a number in as a given browser would: its own address and user agent. */
async function signInAs(phone: string, userAgent: string, ip = freshIp(), holding?: string) {
  // A number may have a new code every 30 s: this browser comes along a little later.
  advanceClock(app, 31_000);
  const code = await requestCode(app, phone, ip);
  const headers = { 'user-agent': userAgent, ...(holding ? bearer(holding) : {}) };
  const verified = await post(
    app,
    '/v1/api/verify-code',
    { phoneNumber: phone, code },
    { remoteAddress: ip, headers },
  );
  expect(verified.statusCode, verified.body).toBe(200);
  if (verified.json().sessionToken) return verified.json().sessionToken as string;
  const session = await post(
    app,
    '/v1/auth/phone-session',
    { verifiedPhoneToken: verified.json().verifiedPhoneToken },
    { remoteAddress: ip, headers: { ...headers, ...proofCookieOf(verified) } },
  );
  expect(session.statusCode, session.body).toBe(200);
  return session.json().sessionToken as string;
}

const get = (url: string, token?: string) =>
  app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const del = (url: string, token?: string, payload?: unknown) =>
  app.inject({
    method: 'DELETE',
    url,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function sessions(token: string) {
  const res = await get('/v1/account/sessions', token);
  expect(res.statusCode, res.body).toBe(200);
  return ZListSessionsResponse.parse(res.json()).sessions;
}
async function activity(token: string) {
  const res = await get('/v1/account/activity', token);
  expect(res.statusCode, res.body).toBe(200);
  return ZActivityResponse.parse(res.json()).events;
}
const userIdOf = async (token: string) => (await get('/v1/auth/me', token)).json().user.id as string;
const isSignedIn = async (token: string) => (await get('/v1/auth/me', token)).statusCode === 200;

describe('GET /v1/account/sessions', () => {
  it('needs a session', async () => {
    expect((await get('/v1/account/sessions')).statusCode).toBe(401);
  });

  it("lists the user's live sessions only, the current one marked and first, with device and network, never a token or hash", async () => {
    const phone = newPhone();
    const phoneToken = await signInAs(phone, IPHONE, '203.0.113.77');
    const desktopToken = await signInAs(phone, WINDOWS_CHROME, '198.51.100.20');
    await signIn(app, newPhone()); // someone else, who must not show up

    const list = await sessions(desktopToken);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      current: true,
      method: 'phone',
      network: '198.51.100.x',
      device: { browser: 'Chrome', os: 'Windows', type: 'desktop' },
    });
    expect(list[1]).toMatchObject({
      current: false,
      network: '203.0.113.x',
      device: { browser: 'Safari', os: 'iOS', type: 'mobile' },
    });
    const body = JSON.stringify(list);
    for (const token of [phoneToken, desktopToken]) {
      expect(body).not.toContain(token);
      expect(body).not.toContain(hashToken(token));
    }
    expect(body).not.toMatch(/token|hash/i);
  });
});

describe('signing sessions out', () => {
  it('DELETE /v1/account/sessions/:id signs that device out, and is recorded', async () => {
    const phone = newPhone();
    const other = await signInAs(phone, IPHONE);
    const mine = await signInAs(phone, WINDOWS_CHROME);
    const target = (await sessions(mine)).find((s) => !s.current)!;

    const res = await del(`/v1/account/sessions/${target.id}`, mine);
    expect(res.statusCode, res.body).toBe(200);
    expect(await isSignedIn(other)).toBe(false);
    expect(await isSignedIn(mine)).toBe(true);
    expect((await sessions(mine)).map((s) => s.id)).not.toContain(target.id);
    expect((await activity(mine))[0]).toMatchObject({ kind: 'session_revoked' });
    // Gone already: a second try is a 404, not a silent success.
    expect((await del(`/v1/account/sessions/${target.id}`, mine)).statusCode).toBe(404);
  });

  it("answers 404 for another user's session and leaves it alone", async () => {
    const victim = await signIn(app, newPhone());
    const victimSession = (await sessions(victim))[0]!;
    const attacker = await signIn(app, newPhone());
    const res = await del(`/v1/account/sessions/${victimSession.id}`, attacker);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
    expect(await isSignedIn(victim)).toBe(true);
  });

  it('POST /v1/account/sessions/revoke-others ends every other session; the current one survives', async () => {
    const phone = newPhone();
    const a = await signInAs(phone, IPHONE);
    const b = await signInAs(phone, WINDOWS_CHROME);
    const current = await signInAs(phone, WINDOWS_CHROME);
    const someoneElse = await signIn(app, newPhone());

    const res = await post(app, '/v1/account/sessions/revoke-others', undefined, {
      headers: bearer(current),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, revoked: 2 });
    expect(await isSignedIn(a)).toBe(false);
    expect(await isSignedIn(b)).toBe(false);
    expect(await isSignedIn(current)).toBe(true);
    expect(await isSignedIn(someoneElse)).toBe(true);
    expect(await sessions(current)).toHaveLength(1);
    expect((await activity(current))[0]).toMatchObject({ kind: 'sessions_revoked', count: 2 });
  });

  it("a sign-in from a browser that still holds the same user's session replaces it; another user's is kept", async () => {
    const phone = newPhone();
    const old = await signInAs(phone, IPHONE);
    const fresh = await signInAs(phone, IPHONE, freshIp(), old);
    expect(await isSignedIn(old)).toBe(false);
    expect(await sessions(fresh)).toHaveLength(1);

    const otherUser = await signIn(app, newPhone());
    const again = await signInAs(phone, IPHONE, freshIp(), otherUser);
    expect(await isSignedIn(otherUser)).toBe(true);
    expect(await isSignedIn(again)).toBe(true);
  });
});

describe('GET /v1/account/activity', () => {
  it('needs a session', async () => {
    expect((await get('/v1/account/activity')).statusCode).toBe(401);
  });

  it('shows sign-ins, wrong codes, connections added and removed, plan changes and the phone linked, newest first', async () => {
    const phone = newPhone();
    const token = await signInAs(phone, IPHONE, '203.0.113.9');
    // A wrong code against this number, from someone else's phone.
    const ip = freshIp();
    advanceClock(app, 31_000);
    await requestCode(app, phone, ip);
    const right = await latestCode(app, phone);
    const wrong = right === '11111' ? '22222' : '11111';
    const refused = await post(
      app,
      '/v1/api/verify-code',
      { phoneNumber: phone, code: wrong },
      { remoteAddress: ip },
    );
    expect(refused.statusCode).toBe(400);

    const connected = await authorize(base, 'google', { email: `a${n}@example.com` }, { token });
    expect(connected.params.get('success')).toBe('true');
    expect((await del('/v1/disconnect/google', token)).statusCode).toBe(200);
    expect(
      (await post(app, '/v1/billing/activate-trial', undefined, { headers: bearer(token) })).statusCode,
    ).toBe(200);

    const events = await activity(token);
    expect(events.map((e) => e.kind)).toEqual([
      'plan_changed',
      'connection_removed',
      'connection_added',
      'code_failed',
      'sign_in',
    ]);
    expect(events[0]).toMatchObject({ change: 'trial_started', plan: 'trial' });
    expect(events[1]).toMatchObject({ provider: 'google' });
    expect(events[2]).toMatchObject({ provider: 'google' });
    expect(events[4]).toMatchObject({
      method: 'phone',
      network: '203.0.113.x',
      device: { browser: 'Safari', os: 'iOS' },
    });
    // Nobody else sees them.
    expect(await activity(await signIn(app, newPhone()))).toHaveLength(1);
  });

  it('shows a connection that broke (the grant withdrawn at Google) and its repair', async () => {
    const token = await signIn(app, newPhone());
    const email = `broken${n}@example.com`;
    expect((await authorize(base, 'google', { email }, { token })).params.get('success')).toBe('true');
    const revoked = await app.inject({
      method: 'POST',
      url: '/dev/idp/google/revoke',
      payload: `email=${encodeURIComponent(email)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await get('/v1/google/events', token)).statusCode).toBe(409);
    expect((await authorize(base, 'google', { email }, { token })).params.get('success')).toBe('true');

    const events = await activity(token);
    expect(events.slice(0, 2)).toMatchObject([
      { kind: 'connection_repaired', provider: 'google' },
      { kind: 'connection_broken', provider: 'google', reason: 'grant_revoked' },
    ]);
    expect(events.filter((e) => e.kind === 'connection_broken')).toHaveLength(1);
  });

  it('shows at most the last 50', async () => {
    const phone = newPhone();
    const token = await signIn(app, phone);
    const userId = await userIdOf(token);
    for (let i = 0; i < 60; i += 1) {
      await app.securityEvents.record({
        userId,
        kind: 'sign_in',
        detail: { method: 'google' },
        at: new Date(Date.now() + i * 1000),
      });
    }
    const events = await activity(token);
    expect(events).toHaveLength(50);
    const times = events.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('records a subscription started and canceled through Stripe as plan changes', async () => {
    const token = await signIn(app, newPhone());
    await subscribe(token);
    const canceled = await post(app, '/v1/billing/cancel-subscription', {}, { headers: bearer(token) });
    expect(canceled.statusCode, canceled.body).toBe(200);
    const plans = (await activity(token)).filter((e) => e.kind === 'plan_changed');
    expect(plans.map((e) => e.change)).toEqual(['canceled', 'subscribed']);
    expect(plans[1]).toMatchObject({ plan: 'starter' });
  });
});

/** Starter through Checkout at the fake Stripe, synced by the success redirect. */
async function subscribe(token: string) {
  const { sessionId, sub } = await stripeCheckout(app, fake, token);
  const done = await post(app, '/v1/billing/process-success', { sessionId }, { headers: bearer(token) });
  expect(done.statusCode, done.body).toBe(200);
  return sub;
}

/** A person with something in every part of the product. */
async function fullPerson() {
  const phone = newPhone();
  const token = await signInAs(phone, IPHONE);
  const userId = await userIdOf(token);
  const email = `full${n}@example.com`;
  for (const slug of ['google', 'facebook'] as const) {
    const connected = await authorize(base, slug, { email }, { token });
    expect(connected.params.get('success'), connected.params.toString()).toBe('true');
  }
  const sub = await subscribe(token);
  const usage = await post(
    app,
    '/v1/internal/usage',
    { userId, tokens: 1234, idempotencyKey: `k-${userId}`, occurredAt: new Date().toISOString() },
    { headers: bearer(ASSISTANT_KEY) },
  );
  expect(usage.statusCode, usage.body).toBe(200);
  const lookup = await get(`/v1/internal/users/by-phone/${encodeURIComponent(phone)}`, ASSISTANT_KEY);
  expect(lookup.statusCode, lookup.body).toBe(200);
  const contact = await post(
    app,
    '/v1/contact',
    { subject: 'My calendar', message: 'Please help.', priority: 'low' },
    { headers: bearer(token) },
  );
  expect(contact.statusCode, contact.body).toBe(200);
  // A conversation with the assistant from the simulated phone, answered before going on.
  const texted = await post(app, '/v1/dev/sms/inbound', { from: phone, body: "what's on tomorrow?" });
  expect(texted.statusCode, texted.body).toBe(200);
  for (let waited = 0; waited < 10_000; waited += 50) {
    const answered = await app.db
      .selectFrom('assistant_messages')
      .select('id')
      .where('phone', '=', phone)
      .where('direction', '=', 'out')
      .where('status', '=', 'sent')
      .executeTakeFirst();
    if (answered) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { phone, token, userId, email, sub };
}

describe('GET /v1/account/export', () => {
  it('needs a session', async () => {
    expect((await get('/v1/account/export')).statusCode).toBe(401);
  });

  it('holds each kind of data and no secret', async () => {
    const person = await fullPerson();
    const res = await get('/v1/account/export', person.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const data = ZAccountExport.parse(res.json());

    expect(data.profile).toMatchObject({ id: person.userId, phoneNumber: person.phone });
    expect(data.sessions).toHaveLength(1);
    expect(data.connections.map((c) => c.provider).sort()).toEqual(['facebook', 'google']);
    expect(data.connections[0]).toHaveProperty('services');
    expect(data.billing.subscriptions).toEqual([
      expect.objectContaining({ id: person.sub.id, status: 'active' }),
    ]);
    expect(data.billing.invoices).toHaveLength(1);
    expect(data.billing.account).toMatchObject({ customer_id: person.sub.customer });
    // The service's event, and the turn of the conversation on the simulated phone.
    expect(data.usage.events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ tokens: 1234 }),
        expect.objectContaining({ idempotency_key: expect.stringMatching(/^turn:/) }),
      ]),
    );
    expect(data.assistant.messages.map((m) => [m.direction, m.body])).toEqual(
      expect.arrayContaining([
        ['in', "what's on tomorrow?"],
        ['out', expect.any(String)],
      ]),
    );
    expect(data.assistant.toolCalls.map((c) => c.tool)).toContain('calendar_list_events');
    expect(data.supportMessages).toEqual([expect.objectContaining({ subject: 'My calendar' })]);
    expect(data.assistantAccess.map((a) => a.action)).toEqual(
      expect.arrayContaining(['record_usage', 'lookup_user']),
    );
    expect(data.securityEvents[0]).toMatchObject({ kind: 'data_exported' });
    expect(data.securityEvents.map((e) => e.kind)).toEqual(
      expect.arrayContaining(['sign_in', 'connection_added']),
    );

    // No secret in any form: the session token, its hash, the sealed tokens or the tokens inside.
    const text = res.body;
    const secrets = [person.token, hashToken(person.token)];
    const stored = await app.db
      .selectFrom('connections')
      .selectAll()
      .where('user_id', '=', person.userId)
      .execute();
    for (const connection of stored) {
      secrets.push(connection.access_token);
      if (connection.refresh_token) secrets.push(connection.refresh_token);
      const opened = await app.connectionAccess.accessToken(connection);
      secrets.push(opened);
    }
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toMatch(/"(access_token|refresh_token|token_hash|code_hash)"/);
  });

  it('allows 5 exports an hour', async () => {
    const token = await signIn(app, newPhone());
    for (let i = 0; i < 5; i += 1) expect((await get('/v1/account/export', token)).statusCode).toBe(200);
    const refused = await get('/v1/account/export', token);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('RATE_LIMITED');
  });
});

/**
 * Every row in any table whose text mentions one of `needles`, by table and column. The local
 * stand-ins' stores (dev_outbox, local_payment_objects) count too: they live in our database.
 */
async function rowsMentioning(needles: string[]): Promise<Record<string, number>> {
  const { database } = app.config;
  const schema = database.kind === 'postgres' ? database.schema : undefined;
  // PostgreSQL lists every schema's tables; this app's are in its own.
  const tables = (await app.db.introspection.getTables()).filter((t) => !schema || t.schema === schema);
  const found: Record<string, number> = {};
  for (const table of tables) {
    if (table.name.startsWith('kysely_')) continue;
    for (const column of table.columns) {
      if (!/text|char/i.test(column.dataType)) continue;
      for (const needle of needles) {
        const row = await sql<{
          count: number | string;
        }>`select count(*) as count from ${sql.table(table.name)}
          where ${sql.ref(column.name)} like ${`%${needle}%`}`.execute(app.db);
        const count = Number(row.rows[0]?.count ?? 0);
        if (count > 0)
          found[`${table.name}.${column.name}`] = (found[`${table.name}.${column.name}`] ?? 0) + count;
      }
    }
  }
  return found;
}

describe('DELETE /v1/account', () => {
  it('needs a session and an explicit confirmation', async () => {
    expect((await del('/v1/account', undefined, { confirm: true })).statusCode).toBe(401);
    const token = await signIn(app, newPhone());
    expect((await del('/v1/account', token)).statusCode).toBe(400);
    expect((await del('/v1/account', token, { confirm: 'yes' })).statusCode).toBe(400);
    expect(await isSignedIn(token)).toBe(true);
  });

  it('revokes grants, cancels the subscription, erases every row of the person, keeps the invoice as a record, and texts them', async () => {
    const person = await fullPerson();
    const second = await signInAs(person.phone, WINDOWS_CHROME);
    const googleRevokes = hitsOf('POST /dev/idp/google/token/revocation');
    const facebookRevokes = hitsOf('DELETE /dev/idp/facebook/graph/me/permissions');
    const before = await rowsMentioning([person.userId, person.phone, person.email]);
    expect(Object.keys(before).length).toBeGreaterThan(8);

    const res = await del('/v1/account', person.token, { confirm: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Your account has been deleted.' });

    // Grants withdrawn at the providers, the subscription ended at Stripe now (not at period end).
    expect(hitsOf('POST /dev/idp/google/token/revocation')).toBe(googleRevokes + 1);
    expect(hitsOf('DELETE /dev/idp/facebook/graph/me/permissions')).toBe(facebookRevokes + 1);
    expect(fake.subscriptions.get(person.sub.id)!.status).toBe('canceled');
    // Every device signed out.
    expect(await isSignedIn(person.token)).toBe(false);
    expect(await isSignedIn(second)).toBe(false);
    // Stripe's customer is gone too (its invoices stay there, for Stripe's own duties).
    expect(fake.customers.has(person.sub.customer)).toBe(false);
    // Nothing names or belongs to the person, in any table, however it was added: only the text
    // that tells them it is done, sent after.
    expect(await rowsMentioning([person.userId, person.email])).toEqual({});
    expect(await rowsMentioning([person.phone])).toEqual({ 'dev_outbox.recipient': 1 });
    // Nor in the database's files: no deleted row left in a free page or in the WAL.
    for (const bytes of databaseFiles()) {
      expect(bytes.includes(person.userId)).toBe(false);
      expect(bytes.includes(person.email)).toBe(false);
    }
    const kept = await app.db.selectFrom('retained_invoices').selectAll().execute();
    expect(kept).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ customer_id: person.sub.customer, amount_cents: 2900 }),
      ]),
    );
    const [sms] = await app.devOutbox.list({ to: person.phone, limit: 1 });
    expect(sms?.body).toMatch(/account and its data have been deleted/);
  });

  it('lets the number sign up again as a new user', async () => {
    const phone = newPhone();
    const token = await signIn(app, phone);
    const oldId = await userIdOf(token);
    expect((await del('/v1/account', token, { confirm: true })).statusCode).toBe(200);

    const again = await signIn(app, phone);
    expect(await userIdOf(again)).not.toBe(oldId);
    expect((await activity(again)).map((e) => e.kind)).toEqual(['sign_in']);
    expect((await get('/v1/billing/info', again)).json().subscription).toMatchObject({
      id: null,
      status: 'inactive',
    });
  });

  it('deletes nothing when the subscription cannot be canceled', async () => {
    const token = await signIn(app, newPhone());
    const sub = await subscribe(token);
    fake.down = true;
    try {
      const res = await del('/v1/account', token, { confirm: true });
      expect(res.statusCode).toBe(502);
      expect(res.json().error.code).toBe('PAYMENT_ERROR');
    } finally {
      fake.down = false;
    }
    expect(await isSignedIn(token)).toBe(true);
    expect(fake.subscriptions.get(sub.id)!.status).toBe('active');
    expect((await del('/v1/account', token, { confirm: true })).statusCode).toBe(200);
  });

  it('allows 3 tries an hour', async () => {
    const token = await signIn(app, newPhone());
    for (let i = 0; i < 3; i += 1) expect((await del('/v1/account', token, {})).statusCode).toBe(400);
    expect((await del('/v1/account', token, { confirm: true })).statusCode).toBe(429);
    expect(await isSignedIn(token)).toBe(true);
  });
});

describe('DELETE /v1/account with the local payments stand-in', () => {
  it("leaves nothing of the person in the stand-in's customer, card and subscription records, nor in its outbox", async () => {
    const { app: local, close: closeLocal } = await build();
    try {
      const phone = newPhone();
      const token = await signIn(local, phone);
      const userId = (
        await local.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(token) })
      ).json().user.id as string;
      await localCheckout(local, token, 'pay');
      const contact = await post(
        local,
        '/v1/contact',
        { subject: 'Calendar', message: 'Please help.', priority: 'low' },
        { headers: bearer(token) },
      );
      expect(contact.statusCode, contact.body).toBe(200);
      await vi.waitFor(async () => {
        const mails = await local.devOutbox.list({ limit: 50 });
        expect(mails.some((mail) => mail.body.includes(userId))).toBe(true);
      });
      const customers = await local.db.selectFrom('local_payment_objects').select('customer_id').execute();
      expect(customers.length).toBeGreaterThan(2);

      const res = await local.inject({
        method: 'DELETE',
        url: '/v1/account',
        headers: bearer(token),
        payload: { confirm: true },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await local.db.selectFrom('local_payment_objects').selectAll().execute()).toEqual([]);
      const left = await local.devOutbox.list({ limit: 50 });
      expect(left.filter((mail) => mail.body.includes(userId) || mail.body.includes(phone))).toEqual([]);
      expect(left.filter((mail) => mail.to === phone).map((mail) => mail.body)).toEqual([
        expect.stringMatching(/account and its data have been deleted/),
      ]);
    } finally {
      await closeLocal();
    }
  });
});

describe('session lifetime', () => {
  it('ends 90 days after sign-in however often the session is used', async () => {
    const { app: timed, close: closeTimed } = await build();
    try {
      const token = await signIn(timed, newPhone());
      const start = timed.clock.now().getTime();
      const day = 24 * 60 * 60 * 1000;
      const me = () => timed.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(token) });
      // Used every 20 days, the sliding 30 days never run out...
      for (const days of [20, 40, 60, 80, 89]) {
        timed.clock.now = () => new Date(start + days * day);
        expect((await me()).statusCode, `day ${days}`).toBe(200);
      }
      // ...but day 90 is the end.
      timed.clock.now = () => new Date(start + 90 * day + 1000);
      expect((await me()).statusCode).toBe(401);
    } finally {
      await closeTimed();
    }
  });
});

/** The SQLite database and its WAL, as bytes (nothing to read on PostgreSQL). */
function databaseFiles(): Buffer[] {
  const { database } = app.config;
  if (database.kind !== 'sqlite') return [];
  return [database.file, `${database.file}-wal`]
    .filter((file) => existsSync(file))
    .map((file) => readFileSync(file));
}
