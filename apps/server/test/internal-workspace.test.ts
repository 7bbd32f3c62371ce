import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wallTimeOf } from '../src/lib/zoned-time';
import { bearer, signIn } from './helpers/auth';
import { build } from './helpers/build';
import { authorize, type Consent, type Slug } from './helpers/oauth-flow';
import { freePort } from './helpers/process';

/**
 * The workspace through the internal API (issue 20), on `npm start`'s own set-up: Google and
 * Microsoft sign in through the local issuer, so each connection is backed by its sample
 * workspace, and every call goes through the same service, permissions and errors as the real
 * providers' adapters.
 */
const KEY = 'workspace-test-key-0123456789-abcdefghijklmnop';
let app: FastifyInstance;
let close: () => Promise<void>;
let base: string;

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  ({ app, close } = await build({ PUBLIC_URL: base, ASSISTANT_API_KEY: KEY }));
  await app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => close());

const service = { authorization: `Bearer ${KEY}` };
const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: unknown,
  headers = service,
) => app.inject({ method, url: `/v1/internal/users${url}`, headers, ...(payload ? { payload } : {}) });

let counter = 0;
/** A person who signed in by phone and connected one account through the local issuer. */
async function person(slug: Slug = 'google', consent: Consent = {}) {
  counter += 1;
  const phone = `+61413${String(Date.now() % 10_000).padStart(4, '0')}${String(counter).padStart(2, '0')}`;
  const token = await signIn(app, phone);
  const email = `w${counter}-${Date.now()}@example.com`;
  const connected = await authorize(base, slug, { email, ...consent }, { token });
  expect(connected.params.get('success')).toBe('true');
  const me = (await app.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(token) })).json();
  const provider = slug === 'azure' ? 'microsoft' : slug;
  const connection = (await app.connectionsRepo.findForUser(me.user.id, provider))!;
  return { token, userId: me.user.id as string, connectionId: connection.id, email };
}

const DAY = 24 * 60 * 60_000;
const around = () => {
  const now = app.clock.now().getTime();
  return {
    from: new Date(now - 3 * DAY).toISOString(),
    to: new Date(now + 4 * DAY).toISOString(),
  };
};

describe('the sample workspace behind a local connection', () => {
  it('lists the events around today and finds a sample contact', async () => {
    const { userId, connectionId } = await person('google');
    const { from, to } = around();
    const res = await call('GET', `/${userId}/calendar/events?from=${from}&to=${to}`);
    expect(res.statusCode, res.body).toBe(200);
    const { events, failures } = res.json();
    expect(failures).toEqual([]);
    expect(events.length).toBeGreaterThan(3);
    expect(events.every((e: { connectionId: string }) => e.connectionId === connectionId)).toBe(true);
    expect(events.some((e: { recurring: boolean }) => e.recurring)).toBe(true);
    expect(events.some((e: { allDay: boolean }) => e.allDay)).toBe(true);
    expect(events.some((e: { attendees: unknown[] }) => e.attendees.length > 0)).toBe(true);

    const all = (await call('GET', `/${userId}/contacts?q=example&limit=30`)).json().contacts;
    expect(all.length).toBeGreaterThanOrEqual(10);
    const someone = all[3];
    const byName = await call(
      'GET',
      `/${userId}/contacts?q=${encodeURIComponent(someone.name.split(' ')[0])}`,
    );
    expect(byName.json().contacts.map((c: { id: string }) => c.id)).toContain(someone.id);
  });
});

describe('every workspace route', () => {
  it('creates, lists, changes and deletes an event; free/busy sees it', async () => {
    const { userId, connectionId } = await person('google');
    const created = await call('POST', `/${userId}/calendar/events`, {
      title: 'Dinner with Ana',
      start: '2026-12-01T19:00',
      end: '2026-12-01T21:00',
      timeZone: 'Australia/Sydney',
      location: 'Harbour Kitchen',
      attendees: ['ana@example.com'],
    });
    expect(created.statusCode, created.body).toBe(200);
    const event = created.json().event;
    expect(event).toMatchObject({
      connectionId,
      title: 'Dinner with Ana',
      start: '2026-12-01T08:00:00.000Z',
      end: '2026-12-01T10:00:00.000Z',
      timeZone: 'Australia/Sydney',
      allDay: false,
    });
    const range = 'from=2026-12-01T00:00:00Z&to=2026-12-02T00:00:00Z';
    const listed = (await call('GET', `/${userId}/calendar/events?${range}`)).json().events;
    expect(listed.map((e: { id: string }) => e.id)).toContain(event.id);
    const busy = (await call('GET', `/${userId}/calendar/free-busy?${range}`)).json().busy;
    expect(busy).toContainEqual({ start: event.start, end: event.end, connectionId });

    // Invited people are told: the stand-in "sends" the invitation to the dev outbox.
    const outbox = (await app.inject({ method: 'GET', url: '/v1/dev/outbox?to=ana@example.com' })).json();
    expect(outbox.messages.some((m: { subject: string }) => m.subject?.includes('Dinner with Ana'))).toBe(
      true,
    );

    const eventPath = `/${userId}/calendar/events/${encodeURIComponent(event.id)}?connectionId=${connectionId}`;
    const moved = await call('PATCH', eventPath, {
      start: '2026-12-01T20:00',
      end: '2026-12-01T22:00',
      timeZone: 'Australia/Sydney',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().event).toMatchObject({
      id: event.id,
      start: '2026-12-01T09:00:00.000Z',
      location: 'Harbour Kitchen',
    });

    expect((await call('DELETE', eventPath)).json()).toEqual({ success: true });
    const after = (await call('GET', `/${userId}/calendar/events?${range}`)).json().events;
    expect(after.map((e: { id: string }) => e.id)).not.toContain(event.id);
    expect((await call('DELETE', eventPath)).statusCode).toBe(404);
  });

  it('keeps an event made in Sydney at its instant for a person in New York', async () => {
    const { userId } = await person('azure');
    await app.usersRepo.setTimeZone(userId, 'America/New_York');
    const inSydney = await call('POST', `/${userId}/calendar/events`, {
      title: 'Call with the Sydney office',
      start: '2026-12-02T09:00',
      end: '2026-12-02T09:30',
      timeZone: 'Australia/Sydney',
    });
    expect(inSydney.statusCode, inSydney.body).toBe(200);
    // Without a zone, wall-clock times are the person's own.
    const local = await call('POST', `/${userId}/calendar/events`, {
      title: 'Dentist',
      start: '2026-12-01T17:00',
      end: '2026-12-01T17:30',
    });
    const range = 'from=2026-12-01T00:00:00Z&to=2026-12-03T00:00:00Z';
    const listed = (await call('GET', `/${userId}/calendar/events?${range}`)).json().events;
    const sydney = listed.find((e: { id: string }) => e.id === inSydney.json().event.id);
    expect(sydney).toMatchObject({ start: '2026-12-01T22:00:00.000Z', timeZone: 'Australia/Sydney' });
    // 09:00 on the 2nd in Sydney is 17:00 on the 1st in New York: the dentist ends as it starts.
    expect(wallTimeOf(new Date(sydney.start), 'America/New_York')).toBe('2026-12-01T17:00:00');
    expect(local.json().event).toMatchObject({
      start: '2026-12-01T22:00:00.000Z',
      timeZone: 'America/New_York',
    });
  });

  it('searches, reads, threads, drafts and replies in the thread', async () => {
    const { userId, connectionId, email } = await person('google');
    const unread = await call('GET', `/${userId}/mail/messages?unread=true&limit=50`);
    expect(unread.statusCode, unread.body).toBe(200);
    const { messages } = unread.json();
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.every((m: { unread: boolean }) => m.unread)).toBe(true);
    const dates = messages.map((m: { date: string }) => m.date);
    expect([...dates].sort().reverse()).toEqual(dates);

    const first = messages[0];
    const read = await call(
      'GET',
      `/${userId}/mail/messages/${encodeURIComponent(first.id)}?connectionId=${connectionId}`,
    );
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().message.text.length).toBeGreaterThan(0);
    const thread = await call(
      'GET',
      `/${userId}/mail/threads/${encodeURIComponent(first.threadId)}?connectionId=${connectionId}`,
    );
    expect(thread.json().thread.messages.map((m: { id: string }) => m.id)).toContain(first.id);

    const draft = await call('POST', `/${userId}/mail/drafts`, {
      to: ['sam@example.com'],
      subject: 'Notes',
      text: 'Draft only.',
    });
    expect(draft.statusCode, draft.body).toBe(200);
    expect(
      (await app.inject({ method: 'GET', url: '/v1/dev/outbox?to=sam@example.com' })).json().messages,
    ).toEqual([]);

    const reply = await call('POST', `/${userId}/mail/send`, {
      inReplyTo: first.id,
      text: 'Thanks, will do.',
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const sent = reply.json().mail;
    expect(sent).toMatchObject({ connectionId, threadId: first.threadId, to: [first.from.email] });
    const delivered = (
      await app.inject({ method: 'GET', url: `/v1/dev/outbox?to=${encodeURIComponent(first.from.email)}` })
    ).json();
    expect(delivered.messages[0]).toMatchObject({
      channel: 'email',
      subject: expect.stringMatching(/^Re: /),
    });
    expect(delivered.messages[0].body).toContain(email);
    const threadAfter = await call(
      'GET',
      `/${userId}/mail/threads/${encodeURIComponent(first.threadId)}?connectionId=${connectionId}`,
    );
    expect(threadAfter.json().thread.messages.map((m: { id: string }) => m.id)).toContain(sent.id);
  });

  it('keeps every call in the access log', async () => {
    const { userId, connectionId } = await person('google');
    await call('GET', `/${userId}/contacts?q=a&connectionId=${connectionId}`);
    const log = await app.db
      .selectFrom('assistant_access_log')
      .selectAll()
      .where('user_id', '=', userId)
      .execute();
    expect(log).toContainEqual(
      expect.objectContaining({ action: 'contacts_search', connection_id: connectionId, outcome: 'ok' }),
    );
  });
});

describe('who may use what', () => {
  it('answers 401 without the key, and 404 for an unknown user', async () => {
    const { userId, token } = await person('google');
    expect((await call('GET', `/${userId}/contacts?q=a`, undefined, {} as typeof service)).statusCode).toBe(
      401,
    );
    expect(
      (await call('GET', `/${userId}/contacts?q=a`, undefined, bearer(token) as typeof service)).statusCode,
    ).toBe(401);
    const unknown = await call('GET', `/01J00000000000000000000000/contacts?q=a`);
    expect(unknown.statusCode).toBe(404);
  });

  it("answers 404 for another person's connection, as for one that does not exist", async () => {
    const ana = await person('google');
    const bob = await person('google');
    const theirs = await call('GET', `/${ana.userId}/mail/messages/x?connectionId=${bob.connectionId}`);
    expect(theirs.statusCode).toBe(404);
    const listed = await call('GET', `/${ana.userId}/contacts?q=a&connectionId=${bob.connectionId}`);
    expect(listed.statusCode).toBe(404);
    const { from, to } = around();
    const events = (await call('GET', `/${bob.userId}/calendar/events?from=${from}&to=${to}`)).json().events;
    const path = `/${ana.userId}/calendar/events/${encodeURIComponent(events[0].id)}?connectionId=${bob.connectionId}`;
    expect((await call('DELETE', path)).statusCode).toBe(404);
  });

  it('answers 403 PERMISSION_MISSING naming the service the person switched off', async () => {
    const { userId, token } = await person('google');
    const off = await app.inject({
      method: 'POST',
      url: '/v1/integrations/disable',
      headers: bearer(token),
      payload: { provider: 'google', serviceType: 'email' },
    });
    expect(off.statusCode, off.body).toBe(200);
    const res = await call('GET', `/${userId}/mail/messages`);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'PERMISSION_MISSING',
      service: 'email',
      permission: 'switch',
    });
    // The calendar is still on.
    const { from, to } = around();
    expect((await call('GET', `/${userId}/calendar/events?from=${from}&to=${to}`)).statusCode).toBe(200);
  });

  it('answers 403 for a scope never granted, and for Outlook sending without Mail.Send', async () => {
    const noContacts = await person('google', { untick: ['auth/contacts'] });
    const res = await call('GET', `/${noContacts.userId}/contacts?q=a`);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'PERMISSION_MISSING',
      service: 'contacts',
      permission: 'grant',
    });

    const outlook = await person('azure', { untick: ['Mail.Send'] });
    expect((await call('GET', `/${outlook.userId}/mail/messages`)).statusCode).toBe(200);
    const send = await call('POST', `/${outlook.userId}/mail/send`, {
      to: ['sam@example.com'],
      subject: 'Hi',
      text: 'Hi',
    });
    expect(send.statusCode).toBe(403);
    expect(send.json().error).toMatchObject({
      code: 'PERMISSION_MISSING',
      service: 'email',
      permission: 'send',
    });
    const draft = await call('POST', `/${outlook.userId}/mail/drafts`, {
      to: ['sam@example.com'],
      subject: 'Hi',
      text: 'Hi',
    });
    expect(draft.statusCode, draft.body).toBe(200);
  });

  it('answers 409 NEEDS_RECONNECT with the reason for a broken connection', async () => {
    const { userId, connectionId } = await person('google');
    await app.connectionsRepo.markBroken(connectionId, 'grant_revoked', new Date().toISOString());
    const res = await call('GET', `/${userId}/contacts?q=a`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'NEEDS_RECONNECT',
      reason: 'grant_revoked',
      connectionId,
    });
  });

  it('answers 409 NOT_CONNECTED for a person with no account offering the service', async () => {
    counter += 1;
    const token = await signIn(
      app,
      `+61415${String(Date.now() % 10_000).padStart(4, '0')}${String(counter).padStart(2, '0')}`,
    );
    const me = (await app.inject({ method: 'GET', url: '/v1/auth/me', headers: bearer(token) })).json();
    const res = await call('GET', `/${me.user.id}/contacts?q=a`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('NOT_CONNECTED');
  });

  it('lists what works beside the account that failed', async () => {
    const { userId, token } = await person('google');
    await authorize(base, 'azure', { email: `second-${Date.now()}@example.com` }, { token });
    const google = (await app.connectionsRepo.findForUser(userId, 'google'))!;
    await app.connectionsRepo.markBroken(google.id, 'token_expired', new Date().toISOString());
    const res = await call('GET', `/${userId}/contacts?q=example`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().contacts.length).toBeGreaterThan(0);
    expect(res.json().failures).toEqual([
      expect.objectContaining({
        connectionId: google.id,
        provider: 'google',
        code: 'NEEDS_RECONNECT',
        reason: 'token_expired',
      }),
    ]);
  });
});
