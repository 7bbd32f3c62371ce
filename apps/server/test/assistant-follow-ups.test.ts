import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { assistantPerson, textFrom, textsTo } from './helpers/assistant-person';
import { bearer } from './helpers/auth';
import { testConfig } from './helpers/build';
import { freePort } from './helpers/process';

/**
 * Follow-ups on mail (issue 30, part 4), end to end in local mode: the person texts "tell me if
 * Sam replies" on the simulated phone, the stand-in finds the thread and sets the watch, the
 * dev route delivers Sam's reply into the sample mailbox, and the scheduling pass tells the
 * person once. Two app instances share one database throughout (both run the pass and the
 * queue), and the clock is the test's.
 */
let first: FastifyInstance;
let second: FastifyInstance;
let cleanup: () => Promise<void>;
let base = '';
// A Wednesday: 11:00 in Sydney.
let at = Date.parse('2026-01-07T00:00:00Z');

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const built = testConfig({
    PUBLIC_URL: base,
    JOBS_POLL_INTERVAL_MS: '30',
    ASSISTANT_SCHEDULE_INTERVAL_MS: '30',
  });
  cleanup = built.cleanup;
  const start = async () => {
    const instance = await buildApp(built.config);
    instance.clock.now = () => new Date(at);
    await instance.ready();
    return instance;
  };
  first = await start();
  await first.listen({ port, host: '127.0.0.1' });
  second = await start();
});
afterAll(async () => {
  await Promise.all([first.close(), second.close()]);
  await cleanup();
});

const settle = (ms = 400) => new Promise((r) => setTimeout(r, ms));
const MINUTE = 60_000;
async function later(ms: number) {
  at += ms;
  await settle();
}

/** The person's texts from the assistant, greetings left out. */
async function textsOf(phone: string): Promise<string[]> {
  return (await textsTo(first, phone)).filter((t) => !/^Hi, I'm your/.test(t) && !t.startsWith('您好，我是'));
}
async function waitFor(phone: string, count: number): Promise<string[]> {
  const deadline = Date.now() + 10_000;
  while ((await textsOf(phone)).length < count && Date.now() < deadline) await settle(40);
  await settle(200);
  return textsOf(phone);
}

const sample = (phone: string, change: unknown) =>
  first.inject({ method: 'POST', url: '/v1/dev/sample/change', payload: { phone, change } });

describe('a follow-up on a thread', () => {
  it('tells the person once when Sam replies, whichever instance looks', async () => {
    const person = await assistantPerson(first, base, { timeZone: 'Australia/Sydney' });
    await textFrom(first, person.phone, 'tell me if Sam replies');
    const [set] = await waitFor(person.phone, 1);
    expect(set).toMatch(/^OK: I'll tell you when Sam Okafor replies to "Catch up next week\?"\.$/);

    // Nothing arrived yet: the pass looks and says nothing.
    await later(6 * MINUTE);
    expect(await textsOf(person.phone)).toHaveLength(1);

    const delivered = await sample(person.phone, { kind: 'reply', who: 'Sam' });
    expect(delivered.statusCode, delivered.body).toBe(200);
    await later(6 * MINUTE);
    const texts = await waitFor(person.phone, 2);
    expect(texts[1]).toMatch(/^Sam Okafor replied to "Catch up next week\?"\.$/);

    // More passes on both instances, another reply: still one text.
    await sample(person.phone, { kind: 'reply', who: 'Sam' });
    for (let i = 0; i < 3; i += 1) await later(10 * MINUTE);
    expect(await textsOf(person.phone)).toHaveLength(2);
  });

  it('works in Chinese, told at the next pass once the mailbox changed', async () => {
    const person = await assistantPerson(first, base, { timeZone: 'Asia/Shanghai', language: 'zh' });
    await textFrom(first, person.phone, '李明回复了告诉我');
    const [set] = await waitFor(person.phone, 1);
    expect(set).toMatch(/^好的：李明回复“.+”时我会告诉您。$/);
    // The delivery wakes the watch (as the change feed will): the next pass looks, no five minutes.
    await sample(person.phone, { kind: 'reply', who: '李明' });
    const texts = await waitFor(person.phone, 2);
    expect(texts[1]).toMatch(/^李明回复了“.+”。$/);
  });

  it('lists and cancels by text; a cancelled watch says nothing', async () => {
    const person = await assistantPerson(first, base, { timeZone: 'Australia/Sydney' });
    await textFrom(first, person.phone, 'tell me if Sam replies');
    await waitFor(person.phone, 1);
    await textFrom(first, person.phone, 'what follow-ups do I have?');
    const listed = await waitFor(person.phone, 2);
    expect(listed[1]).toMatch(/^Waiting for replies:\n- Sam Okafor: "Catch up next week\?"$/);
    await textFrom(first, person.phone, 'cancel the Sam follow-up');
    const cancelled = await waitFor(person.phone, 3);
    expect(cancelled[2]).toMatch(/^Cancelled: I'll stop waiting for Sam Okafor on "Catch up next week\?"\.$/);
    await textFrom(first, person.phone, 'what follow-ups do I have?');
    expect((await waitFor(person.phone, 4))[3]).toBe('You have no follow-ups waiting.');

    await sample(person.phone, { kind: 'reply', who: 'Sam' });
    await later(6 * MINUTE);
    expect(await textsOf(person.phone)).toHaveLength(4);
  });

  it('never reads another person’s thread: a watch naming it finds nothing and says nothing', async () => {
    const owner = await assistantPerson(first, base, { timeZone: 'Australia/Sydney' });
    const other = await assistantPerson(first, base, { timeZone: 'Australia/Sydney' });
    // Their thread, with its connection, opened once so it exists.
    await textFrom(first, owner.phone, 'any mail from Sam?');
    await waitFor(owner.phone, 1);
    const [connection] = await first.connectionsRepo.listForUser(owner.userId);
    const nowIso = new Date(at).toISOString();
    await first.followUpsRepo.insert({
      id: `foreign-${Date.now()}`,
      user_id: other.userId,
      connection_id: connection!.id,
      thread_id: 'thread-catch-up',
      counterpart_email: null,
      counterpart_name: null,
      subject: 'Catch up next week?',
      since: nowIso,
      deadline_at: null,
      next_check_at: nowIso,
      state: 'watching',
      evidence_message_id: null,
      fired_at: null,
      created_at: nowIso,
    });
    await sample(owner.phone, { kind: 'reply', who: 'Sam' });
    await later(6 * MINUTE);
    await later(6 * MINUTE);
    expect(await textsOf(other.phone)).toEqual([]);
    const [watch] = await first.followUpsRepo.active(other.userId);
    expect(watch?.evidence_message_id).toBeNull();
  });
});

describe('a follow-up on a sender', () => {
  it('tells of the first new mail from that sender, in any thread, once', async () => {
    const person = await assistantPerson(first, base, { timeZone: 'Australia/Sydney' });
    // The sample opened (the watch is read through the person's own accounts).
    await textFrom(first, person.phone, 'any mail from Priya?');
    await waitFor(person.phone, 1);
    const nowIso = new Date(at).toISOString();
    await first.followUpsRepo.insert({
      id: `sender-${Date.now()}`,
      user_id: person.userId,
      connection_id: null,
      thread_id: null,
      counterpart_email: 'priya.natarajan@example.com',
      counterpart_name: 'Priya Natarajan',
      subject: 'Budget',
      since: nowIso,
      deadline_at: null,
      next_check_at: new Date(at + 5 * MINUTE).toISOString(),
      state: 'watching',
      evidence_message_id: null,
      fired_at: null,
      created_at: nowIso,
    });
    // Someone else writing is not the reply; Priya's new mail, in a thread of its own, is.
    await sample(person.phone, { kind: 'mail', who: 'Sam', subject: 'Lunch?' });
    await later(MINUTE);
    expect(await textsOf(person.phone)).toHaveLength(1);
    await sample(person.phone, { kind: 'mail', who: 'Priya', subject: 'Budget numbers' });
    const texts = await waitFor(person.phone, 2);
    expect(texts[1]).toBe('Priya Natarajan replied to "Budget".');
    await sample(person.phone, { kind: 'mail', who: 'Priya', subject: 'More numbers' });
    await later(10 * MINUTE);
    expect(await textsOf(person.phone)).toHaveLength(2);
  });
});

describe('a follow-up with a deadline', () => {
  it('nudges once when Priya has not answered by Friday', async () => {
    const person = await assistantPerson(first, base, { timeZone: 'Australia/Sydney' });
    await textFrom(first, person.phone, "nudge me if Priya hasn't answered by Friday");
    const [set] = await waitFor(person.phone, 1);
    expect(set).toMatch(
      /^OK: I'll tell you when Priya Natarajan replies to ".+", and nudge you if there's no reply by 2026-01-09 17:00\.$/,
    );
    // Friday 17:00 in Sydney is 06:00 UTC; a pass after it nudges, once.
    at = Date.parse('2026-01-09T06:00:30Z');
    await settle();
    const texts = await waitFor(person.phone, 2);
    expect(texts[1]).toMatch(/^No reply yet from Priya Natarajan to ".+"\. Want me to draft a follow-up\?$/);
    for (let i = 0; i < 3; i += 1) await later(10 * MINUTE);
    expect(await textsOf(person.phone)).toHaveLength(2);
  });
});

describe('the Assistant screen', () => {
  it('lists the person’s follow-ups and cancels one; another person’s is a 404', async () => {
    const person = await assistantPerson(first, base, { timeZone: 'Australia/Sydney' });
    const other = await assistantPerson(first, base, { timeZone: 'Australia/Sydney' });
    await textFrom(first, person.phone, "nudge me if Priya hasn't answered by tomorrow");
    await waitFor(person.phone, 1);
    const listed = await first.inject({
      method: 'GET',
      url: '/v1/assistant/follow-ups',
      headers: bearer(person.token),
    });
    expect(listed.statusCode, listed.body).toBe(200);
    const [watch] = listed.json().followUps;
    expect(watch).toMatchObject({ waitingFor: 'Priya Natarajan', deadlineAt: expect.any(String) });
    const theirs = await first.inject({
      method: 'POST',
      url: `/v1/assistant/follow-ups/${watch.id}/cancel`,
      headers: bearer(other.token),
    });
    expect(theirs.statusCode).toBe(404);
    const cancelled = await first.inject({
      method: 'POST',
      url: `/v1/assistant/follow-ups/${watch.id}/cancel`,
      headers: bearer(person.token),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toEqual({ followUps: [] });
  });
});

describe('the account', () => {
  it('exports the person’s follow-ups and deletes them with the account', async () => {
    const person = await assistantPerson(first, base, { timeZone: 'Australia/Sydney' });
    await textFrom(first, person.phone, 'tell me if Sam replies');
    await waitFor(person.phone, 1);
    const exported = await first.inject({
      method: 'GET',
      url: '/v1/account/export',
      headers: bearer(person.token),
    });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().assistant.followUps).toEqual([
      expect.objectContaining({
        counterpart_name: 'Sam Okafor',
        subject: 'Catch up next week?',
        state: 'watching',
      }),
    ]);

    const deleted = await first.inject({
      method: 'DELETE',
      url: '/v1/account',
      headers: bearer(person.token),
      payload: { confirm: true },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const left = await first.db
      .selectFrom('assistant_follow_ups')
      .select('id')
      .where('user_id', '=', person.userId)
      .execute();
    expect(left).toEqual([]);
  });
});
