import type { TSampleChangeResponse } from '@app/contract/dev/sample-world';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listEvents } from '../src/modules/workspace/calendar';
import { workspaceDeps } from '../src/modules/workspace/deps';
import { readThread, searchMail } from '../src/modules/workspace/mail';
import { assistantPerson } from './helpers/assistant-person';
import { build } from './helpers/build';
import { freePort } from './helpers/process';

/**
 * The world moving in local mode (issue 30, part 7): the dev route that delivers a mail into a
 * person's sample mailbox or changes one of their sample events, over real HTTP, and only for
 * this machine.
 */
let app: FastifyInstance;
let close: () => Promise<void>;
let base = '';

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  ({ app, close } = await build({ PUBLIC_URL: base }));
  await app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => close());

const change = (body: unknown) =>
  fetch(`${base}/v1/dev/sample/change`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the sample workspace moving', () => {
  it('delivers Sam’s reply into the thread of the last mail with him, in this person’s mailbox only', async () => {
    const person = await assistantPerson(app, base);
    const other = await assistantPerson(app, base);
    const deps = workspaceDeps(app);
    const before = await searchMail(deps, { userId: person.userId, query: { from: 'sam', limit: 5 } });
    const last = before.messages[0]!;

    const res = await change({ phone: person.phone, change: { kind: 'reply', who: 'Sam' } });
    expect(res.status).toBe(200);
    const done = (await res.json()) as TSampleChangeResponse;
    expect(done).toMatchObject({ threadId: last.threadId, name: 'Sam Okafor' });
    expect(done.detail).toMatch(/^Re: /);

    const thread = await readThread(deps, {
      userId: person.userId,
      connectionId: last.connectionId,
      threadId: last.threadId,
    });
    const newest = thread.messages.at(-1)!;
    expect(newest.id).toBe(done.id);
    expect(newest.from?.email).toBe('sam.okafor@example.org');
    expect(newest.text).toBe('Thanks, that works for me. Talk soon.');
    // Another person's sample is untouched.
    const theirs = await searchMail(deps, { userId: other.userId, query: { from: 'sam', limit: 5 } });
    expect(theirs.messages.map((m) => m.id)).not.toContain(done.id);
  });

  it('delivers a new mail from a contact, in a thread of its own', async () => {
    const person = await assistantPerson(app, base);
    const res = await change({
      phone: person.phone,
      change: { kind: 'mail', who: 'Priya', subject: 'Kayak trip on Friday?', text: 'Are you free?' },
    });
    expect(res.status).toBe(200);
    const done = (await res.json()) as TSampleChangeResponse;
    const found = await searchMail(workspaceDeps(app), {
      userId: person.userId,
      query: { q: 'kayak', limit: 5 },
    });
    expect(found.messages.map((m) => [m.id, m.from?.name, m.threadId])).toEqual([
      [done.id, 'Priya Natarajan', done.threadId],
    ]);
  });

  it('moves the next event an hour later, then cancels it', async () => {
    const person = await assistantPerson(app, base);
    const res = await change({ phone: person.phone, change: { kind: 'event', change: 'later' } });
    const moved = (await res.json()) as TSampleChangeResponse;
    const now = app.clock.now();
    const range = {
      userId: person.userId,
      from: now.toISOString(),
      to: new Date(now.getTime() + 8 * 86_400_000).toISOString(),
      limit: 100,
    };
    const after = await listEvents(workspaceDeps(app), range);
    expect(after.events.find((e) => e.id === moved.id)?.start).toBe(moved.detail);

    const cancelled = await change({
      phone: person.phone,
      change: { kind: 'event', change: 'cancel', eventId: moved.id },
    });
    expect(await cancelled.json()).toMatchObject({ id: moved.id, detail: null });
    const gone = await listEvents(workspaceDeps(app), range);
    expect(gone.events.map((e) => e.id)).not.toContain(moved.id);
  });

  it('answers 404 for a number with no account or a contact nobody knows', async () => {
    const unknown = await change({ phone: '+61400000999', change: { kind: 'reply', who: 'Sam' } });
    expect(unknown.status).toBe(404);
    const person = await assistantPerson(app, base);
    const nobody = await change({ phone: person.phone, change: { kind: 'mail', who: 'Zebedee' } });
    expect(nobody.status).toBe(404);
  });

  it('is refused off this machine, as every dev route is', async () => {
    const person = await assistantPerson(app, base);
    const remote = await app.inject({
      method: 'POST',
      url: '/v1/dev/sample/change',
      remoteAddress: '203.0.113.5',
      payload: { phone: person.phone, change: { kind: 'reply', who: 'Sam' } },
    });
    expect(remote.statusCode).toBe(404);
    expect(remote.json().error.code).toBe('NOT_FOUND');
  });
});

describe('a server with real workspace providers', () => {
  it('has no sample route at all', async () => {
    const real = await build({
      GOOGLE_CLIENT_ID: 'google-client-id',
      GOOGLE_CLIENT_SECRET: 'google-client-secret',
      MICROSOFT_CLIENT_ID: 'microsoft-client-id',
      MICROSOFT_CLIENT_SECRET: 'microsoft-client-secret',
      APPLE_CALDAV_URL: 'https://caldav.example.com',
    });
    try {
      const res = await real.app.inject({
        method: 'POST',
        url: '/v1/dev/sample/change',
        payload: { phone: '+61400000999', change: { kind: 'reply', who: 'Sam' } },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await real.close();
    }
  });
});
