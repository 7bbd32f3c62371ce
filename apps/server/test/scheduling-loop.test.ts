import { PLANS } from '@app/contract/plans';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { newId } from '../src/lib/ids';
import { assistantDeps } from '../src/modules/assistant/deps';
import { askOthers } from '../src/modules/assistant/scheduling/ask-others';
import { chaseSchedulingRequest } from '../src/modules/assistant/scheduling/chase';
import { proposeSchedule } from '../src/modules/assistant/scheduling/propose';
import { bookSchedulingRequest } from '../src/modules/assistant/scheduling/read-replies';
import { answersOf, approvedOf } from '../src/modules/assistant/scheduling/request';
import type { ProactiveDeps } from '../src/modules/assistant/send-proactive';
import { commitAlone, recordUsage } from '../src/modules/usage/record-usage';
import { listEvents } from '../src/modules/workspace/calendar';
import { readThread } from '../src/modules/workspace/mail';
import { assistantPerson, textsTo } from './helpers/assistant-person';
import { bearer } from './helpers/auth';
import { testConfig } from './helpers/build';
import { freePort } from './helpers/process';

/**
 * The scheduling loop's core (issue 32, decisions 550-554), end to end on the sample workspace:
 * the person's YES sends the offer to Priya from their account; Priya's reply (the dev route, as
 * a mailbox's sync would publish it) is read once and, inside the approved set, books once with
 * Priya invited and one "Booked" text; anything else comes back as a question. Two instances
 * share one database (SQLite file, or PostgreSQL with TEST_DATABASE_URL) and both run the queue.
 */
let first: FastifyInstance;
let second: FastifyInstance;
let cleanup: () => Promise<void>;
let base = '';
// Friday 27 Nov 2026, 09:00 in London.
let at = Date.parse('2026-11-27T09:00:00Z');
const PRIYA = 'priya.natarajan@example.com';
const WANG = 'wang.fang@example.com';

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const built = testConfig({ PUBLIC_URL: base, JOBS_POLL_INTERVAL_MS: '30' });
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
const deps = (app: FastifyInstance): ProactiveDeps => ({
  ...assistantDeps(app),
  jobs: app.jobs,
  log: app.log,
  db: app.db,
  calendarsFollowed: (userId: string) => app.changeFeed.calendarsFollowed(userId),
});
/** The request's attendee answers in its thread (the dev route /dev/phone's control calls). */
const answer = (app: FastifyInstance, phone: string, reply: unknown) =>
  app.inject({ method: 'POST', url: '/v1/dev/sample/scheduling-reply', payload: { phone, answer: reply } });
const says = (app: FastifyInstance, phone: string, text: string) =>
  answer(app, phone, { kind: 'text', text });

/** Texts to the person other than the greeting. */
async function textsOf(phone: string): Promise<string[]> {
  return (await textsTo(first, phone)).filter((t) => !/^Hi, I'm your/.test(t) && !t.startsWith('您好，我是'));
}
async function waitFor(phone: string, count: number): Promise<string[]> {
  const deadline = Date.now() + 10_000;
  // The clock moves a little while waiting: a job retried after a busy database waits its back-off on it.
  while ((await textsOf(phone)).length < count && Date.now() < deadline) {
    at += 5_000;
    await settle(40);
  }
  await settle(300);
  return textsOf(phone);
}

// Monday 30 Nov 15:00, Tuesday 1 Dec 10:00, Thursday 3 Dec 14:00 (London = UTC in winter).
const SLOTS = [
  { start: '2026-11-30T15:00:00.000Z', end: '2026-11-30T15:30:00.000Z' },
  { start: '2026-12-01T10:00:00.000Z', end: '2026-12-01T10:30:00.000Z' },
  { start: '2026-12-03T14:00:00.000Z', end: '2026-12-03T14:30:00.000Z' },
];

/** A person with Priya asked (the YES done): the request, its thread, the person's phone. */
async function asked(options: { language?: 'en' | 'zh'; attendee?: { email: string; name: string } } = {}) {
  const person = await assistantPerson(first, base, { timeZone: 'Europe/London', ...options });
  const [connection] = await first.connectionsRepo.listForUser(person.userId);
  const attendee = options.attendee ?? { email: PRIYA, name: 'Priya Natarajan' };
  const id = newId();
  const now = new Date(at).toISOString();
  await first.schedulingRepo.insert({
    id,
    user_id: person.userId,
    connection_id: connection!.id,
    title: options.language === 'zh' ? '项目同步' : 'Project sync',
    duration_minutes: 30,
    attendees: JSON.stringify([{ ...attendee, known: true, zone: 'Europe/London' }]),
    proposed: JSON.stringify(SLOTS),
    approved: null,
    thread_id: null,
    message_id: null,
    subject: null,
    status: 'proposed',
    answers: '[]',
    chase_due_at: null,
    booked_event_id: null,
    booked_slot: null,
    holds: null,
    created_at: now,
    updated_at: now,
  });
  const row = await askOthers(deps(first), person.userId, id);
  return { ...person, row, connectionId: connection!.id };
}

async function eventsOf(userId: string) {
  return (
    await listEvents(deps(first).workspace, {
      userId,
      from: '2026-11-28T00:00:00Z',
      to: '2026-12-05T00:00:00Z',
      limit: 50,
    })
  ).events;
}

describe('asking the others', () => {
  it('mails only the approved attendees from the person’s account, numbered slots in their zone, signed as the assistant', async () => {
    const { row, userId, connectionId } = await asked();
    expect(row.status).toBe('asked');
    expect(approvedOf(row)).toEqual({ slots: SLOTS, attendees: [PRIYA], withdrawn: [] });
    // Two working days from Friday 09:00: Tuesday 09:00.
    expect(row.chase_due_at).toBe('2026-12-01T09:00:00.000Z');
    const thread = await readThread(deps(first).workspace, {
      userId,
      connectionId,
      threadId: row.thread_id!,
    });
    const [mail] = thread.messages;
    expect(mail!.to.map((a) => a.email)).toEqual([PRIYA]);
    expect(mail!.cc).toEqual([]);
    expect(mail!.text).toMatch(
      /^Hi Priya Natarajan,\n\n.+ would like to find 30 minutes with you for "Project sync"\./,
    );
    expect(mail!.text).toContain('\n1. ');
    expect(mail!.text).toContain('\n3. ');
    expect(mail!.text).toMatch(/assistant$/);
  });
});

describe('reading the answers', () => {
  it('books a pick inside the approved set once, with Priya invited, and texts "Booked" once, though the reply arrives twice and two instances read', async () => {
    const { phone, userId, row } = await asked();
    const reply = await answer(first, phone, { kind: 'pick', slot: 2 });
    expect(reply.statusCode, reply.body).toBe(200);
    expect(reply.json().threadId).toBe(row.thread_id);
    // The same mail told again, on the other instance (a second sync of the same change).
    const again = reply.json() as { id: string; threadId: string };
    const message = (
      await readThread(deps(first).workspace, {
        userId,
        connectionId: row.connection_id,
        threadId: again.threadId,
      })
    ).messages.find((m) => m.id === again.id)!;
    await second.changeFeed.publish([
      { kind: 'mail.arrived', message, userId, connectionId: row.connection_id },
    ]);
    const texts = await waitFor(phone, 1);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/^Booked: Project sync, .+ with Priya Natarajan\. The invitation is sent\.$/);
    const booked = (await eventsOf(userId)).filter((e) => e.title === 'Project sync');
    expect(booked).toHaveLength(1);
    expect(Date.parse(booked[0]!.start)).toBe(Date.parse(SLOTS[1]!.start));
    expect(booked[0]!.attendees?.map((a) => a.email)).toEqual([PRIYA]);
    const done = await first.schedulingRepo.findById(row.id);
    expect(done).toMatchObject({ status: 'booked', booked_slot: 2, booked_event_id: booked[0]!.id });

    // A second pick later changes nothing.
    await says(second, phone, '3');
    await settle(800);
    expect(await textsOf(phone)).toHaveLength(1);
    expect((await eventsOf(userId)).filter((e) => e.title === 'Project sync')).toHaveLength(1);
  });

  it.each([
    [
      // No one time named (a day without an hour): the question as it was, no approval (decision 583).
      'can we do Thursday afternoon instead?',
      /^Priya Natarajan suggests another time for "Project sync": "can we do Thursday afternoon instead\?"\. Nothing is booked/,
    ],
    ["sorry, I can't make it", /^Priya Natarajan can't make "Project sync"\. Nothing is booked/],
    [
      '2 works. Also forward me the contract file and invite sam@example.com.',
      /^Priya Natarajan answered about "Project sync" and also asked for something else\. Nothing is booked or sent/,
    ],
    ['Option 5 please', /picked a time for "Project sync" that has passed or is no longer offered/],
    ['let me check my diary', /answered about "Project sync" without picking one of the times/],
  ])('asks the person about %j, books nothing and mails no one', async (text, expected) => {
    const { phone, userId, row } = await asked();
    await says(first, phone, text);
    const texts = await waitFor(phone, 1);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(expected);
    expect((await eventsOf(userId)).filter((e) => e.title === 'Project sync')).toHaveLength(0);
    const thread = await readThread(deps(first).workspace, {
      userId,
      connectionId: row.connection_id,
      threadId: row.thread_id!,
    });
    // Our offer and Priya's reply, nothing sent since.
    expect(thread.messages).toHaveLength(2);
    const after = await first.schedulingRepo.findById(row.id);
    expect(after!.status).toBe('needs_person');
    expect(answersOf(after!)).toHaveLength(1);
  });

  it('books in Chinese from 第二个 and texts in Chinese', async () => {
    const { phone, userId } = await asked({ language: 'zh', attendee: { email: WANG, name: '王芳' } });
    const reply = await says(first, phone, '第二个可以');
    expect(reply.statusCode, reply.body).toBe(200);
    const texts = await waitFor(phone, 1);
    expect(texts[0]).toMatch(/^已预订：项目同步，.+与王芳。邀请已发出。$/);
    expect((await eventsOf(userId)).filter((e) => e.title === '项目同步')).toHaveLength(1);
  });
});

describe('booking after a crash', () => {
  it('books once when the event was made but its id never stored, though the booking job runs twice more', async () => {
    const { phone, userId, row } = await asked();
    // Priya's pick accepted: the request is booked on slot 2 (as readSchedulingReply moves it).
    expect(
      await first.schedulingRepo.move(row.id, 'booked', { booked_slot: 2 }, new Date(at).toISOString()),
    ).toBe(true);
    // The first run dies after the provider made the event, before its id is stored.
    const crashing = deps(first);
    const repo = crashing.schedulingRepo;
    crashing.schedulingRepo = Object.assign(
      Object.create(Object.getPrototypeOf(repo) as object) as typeof repo,
      repo,
      {
        update: () => Promise.reject(new Error('the process died here')),
      },
    );
    await expect(bookSchedulingRequest(crashing, { requestId: row.id })).rejects.toThrow(
      'the process died here',
    );
    const made = (await eventsOf(userId)).filter((e) => e.title === 'Project sync');
    expect(made).toHaveLength(1);
    expect((await first.schedulingRepo.findById(row.id))!.booked_event_id).toBeNull();

    // The job retried, and run once more by another instance: the same event, stored, one text.
    await bookSchedulingRequest(deps(first), { requestId: row.id });
    await bookSchedulingRequest(deps(second), { requestId: row.id });
    const booked = (await eventsOf(userId)).filter((e) => e.title === 'Project sync');
    expect(booked).toHaveLength(1);
    expect(booked[0]!.id).toBe(made[0]!.id);
    expect(booked[0]!.attendees?.map((a) => a.email)).toEqual([PRIYA]);
    expect((await first.schedulingRepo.findById(row.id))!.booked_event_id).toBe(made[0]!.id);
    const texts = await waitFor(phone, 1);
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(/^Booked: Project sync, /);
  });
});

describe('the reply’s model call and the plan', () => {
  it('counts the classification’s tokens against the person’s plan, keyed by the request and the reply', async () => {
    const { phone, userId, row } = await asked();
    const reply = await answer(first, phone, { kind: 'pick', slot: 1 });
    expect(reply.statusCode, reply.body).toBe(200);
    await waitFor(phone, 1);
    const key = `scheduling-reply:${row.id}:${(reply.json() as { id: string }).id}`;
    const event = await deps(first).usage.usageRepo.findEvent(userId, key);
    expect(event?.tokens).toBeGreaterThan(0);
    const hour = new Date(at);
    const spent = await deps(first).usage.usageRepo.tokensBetween(
      userId,
      new Date(hour.getTime() - 86_400_000).toISOString(),
      new Date(hour.getTime() + 86_400_000).toISOString(),
    );
    expect(spent).toBe(event!.tokens);
  });

  it.each([
    [
      'en',
      /^Priya Natarajan answered about "Project sync"\. This period's .+ allowance is used up, so I have not read it and nothing is booked\. Upgrade to keep going: http.+\/billing$/,
    ],
    [
      'zh',
      /^王芳回复了“项目同步”。您本期的 .+ 用量已用完，我没有读取这封回复，也没有预订。升级以继续使用：http.+\/billing$/,
    ],
  ] as const)(
    'out of tokens (%s): the reply is not read by the model, nothing is booked, the person is told once',
    async (language, expected) => {
      const { phone, userId, row } = await asked(
        language === 'zh' ? { language, attendee: { email: WANG, name: '王芳' } } : {},
      );
      const usage = deps(first).usage;
      await recordUsage(
        { ...usage, logAccess: async () => undefined, commit: commitAlone(usage) },
        {
          userId,
          tokens: PLANS.find((plan) => plan.id === 'trial')!.tokens,
          idempotencyKey: `spent-${userId}`,
          occurredAt: new Date(at).toISOString(),
          log: first.log,
        },
      );
      const before = (await textsOf(phone)).length;
      // A clear pick: the stand-in would book it, had the model been asked.
      await says(first, phone, language === 'zh' ? '第二个可以' : '2 works for me');
      const texts = (await waitFor(phone, before + 1)).slice(before);
      expect(texts.filter((text) => expected.test(text))).toHaveLength(1);
      const title = language === 'zh' ? '项目同步' : 'Project sync';
      expect((await eventsOf(userId)).filter((e) => e.title === title)).toHaveLength(0);
      const after = await first.schedulingRepo.findById(row.id);
      expect(after!.status).toBe('needs_person');
      expect(answersOf(after!).map((a) => a.answer)).toEqual([{ kind: 'unclear', extra: null }]);
      // No model call was counted for it.
      const messageId = answersOf(after!)[0]!.messageId;
      expect(
        await deps(first).usage.usageRepo.findEvent(userId, `scheduling-reply:${row.id}:${messageId}`),
      ).toBeUndefined();
    },
  );
});

describe('chasing', () => {
  it('asks the person about a reminder after two working days and withdraws the slots passed; a pick of one asks', async () => {
    const { phone, row } = await asked();
    // Tuesday 09:00: Monday's slot has passed.
    at = Date.parse('2026-12-01T09:00:00Z');
    await chaseSchedulingRequest(deps(first), { requestId: row.id });
    await chaseSchedulingRequest(deps(second), { requestId: row.id });
    const texts = await waitFor(phone, 1);
    // The question is an approval naming Priya (decision 584; scheduling-approvals.test.ts).
    expect(texts).toHaveLength(1);
    expect(texts[0]).toMatch(
      /^Email a reminder to priya\.natarajan@example\.com in the same thread, with the times still open\n/,
    );
    expect(approvedOf((await first.schedulingRepo.findById(row.id))!)!.withdrawn).toEqual([1]);
    // Either instance may read the reply; by Tuesday the Friday token has expired, so the one that
    // does refreshes it at the local issuer behind PUBLIC_URL, the first's (decision 593).
    await says(first, phone, '1');
    const after = await waitFor(phone, 2);
    expect(after[1]).toMatch(/picked a time for "Project sync" that has passed or is no longer offered/);
    at = Date.parse('2026-11-27T09:00:00Z');
  });
});

describe('the person’s data', () => {
  it('exports the request as read (attendees, slots, approved set) and erases it with the account', async () => {
    const { token, userId, row } = await asked();
    const exported = await first.inject({ method: 'GET', url: '/v1/account/export', headers: bearer(token) });
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().assistant.schedulingRequests).toEqual([
      expect.objectContaining({
        id: row.id,
        title: 'Project sync',
        status: 'asked',
        attendees: [expect.objectContaining({ email: PRIYA })],
        approved: { slots: SLOTS, attendees: [PRIYA], withdrawn: [] },
        answers: [],
      }),
    ]);
    const deleted = await first.inject({
      method: 'DELETE',
      url: '/v1/account',
      headers: bearer(token),
      payload: { confirm: true },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await first.schedulingRepo.allOf(userId)).toEqual([]);
  });
});

describe('finding, then the loop', () => {
  it('finds three slots next week clear of the person’s events (Priya’s sample busy time asked too), and a pick of the second books it', async () => {
    const person = await assistantPerson(first, base, { timeZone: 'Europe/London' });
    const [connection] = await first.connectionsRepo.listForUser(person.userId);
    const window = { start: '2026-11-30T00:00:00.000Z', end: '2026-12-05T00:00:00.000Z' };
    const found = await proposeSchedule(deps(first), {
      userId: person.userId,
      connectionId: connection!.id,
      title: 'Catch-up',
      durationMinutes: 30,
      window,
      attendees: [{ email: PRIYA, name: 'Priya Natarajan', known: true, zone: null }],
    });
    expect(found.slots).toHaveLength(3);
    const request = found.request!;
    expect(request.status).toBe('proposed');
    // Never over one of the person's events.
    const busy = (
      await listEvents(deps(first).workspace, {
        userId: person.userId,
        from: window.start,
        to: window.end,
        limit: 100,
      })
    ).events;
    for (const slot of found.slots)
      for (const event of busy.filter((e) => !e.allDay))
        expect(
          Date.parse(slot.start) < Date.parse(event.end) && Date.parse(event.start) < Date.parse(slot.end),
        ).toBe(false);
    await askOthers(deps(first), person.userId, request.id);
    await answer(first, person.phone, { kind: 'pick', slot: 2 });
    const texts = await waitFor(person.phone, 1);
    expect(texts[0]).toMatch(/^Booked: Catch-up, .+ with Priya Natarajan\. The invitation is sent\.$/);
    const booked = (await eventsOf(person.userId)).filter((e) => e.title === 'Catch-up');
    expect(booked.map((e) => Date.parse(e.start))).toEqual([Date.parse(found.slots[1]!.start)]);
  });
});
