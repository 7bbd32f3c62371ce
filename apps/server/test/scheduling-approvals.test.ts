import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { newId } from '../src/lib/ids';
import { assistantDeps } from '../src/modules/assistant/deps';
import { askOthers } from '../src/modules/assistant/scheduling/ask-others';
import { chaseSchedulingRequest } from '../src/modules/assistant/scheduling/chase';
import type { ProactiveDeps } from '../src/modules/assistant/send-proactive';
import { createEvent, listEvents } from '../src/modules/workspace/calendar';
import { readThread } from '../src/modules/workspace/mail';
import { assistantPerson, textFrom, textsTo } from './helpers/assistant-person';
import { testConfig } from './helpers/build';
import { freePort } from './helpers/process';

/**
 * What comes back to the person as an approval (decisions 583, 584): a time an attendee suggests
 * instead is resolved by code and asked as one YES that books exactly it with the approved
 * attendees, through the pick's compare-and-set (once, also for two YES on two instances); the
 * chase's reminder is one YES that mails exactly the attendees who have not answered, in the
 * thread. Nothing in a reply approves or adds anyone. Two instances share one database (SQLite
 * file, or PostgreSQL with TEST_DATABASE_URL) and both run the queue.
 */
let first: FastifyInstance;
let second: FastifyInstance;
let cleanup: () => Promise<void>;
let base = '';
// Friday 27 Nov 2026, 09:00 in London.
const START = Date.parse('2026-11-27T09:00:00Z');
let at = START;
const PRIYA = 'priya.natarajan@example.com';
const WANG = 'wang.fang@example.com';
const MALLORY = 'mallory@evil.example';

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
/** The request's first attendee writes this in its thread (the dev route /dev/phone's control calls). */
const says = (app: FastifyInstance, phone: string, text: string) =>
  app.inject({
    method: 'POST',
    url: '/v1/dev/sample/scheduling-reply',
    payload: { phone, answer: { kind: 'text', text } },
  });

/** The person's answer by text, a moment after the question went (a YES counts only after it). */
const answers = (app: FastifyInstance, phone: string, body: string) => {
  at += 1_000;
  return textFrom(app, phone, body);
};

/** Texts to the person other than the greeting. */
async function textsOf(phone: string): Promise<string[]> {
  return (await textsTo(first, phone)).filter((t) => !/^Hi, I'm your/.test(t) && !t.startsWith('您好，我是'));
}
async function waitFor(phone: string, count: number): Promise<string[]> {
  const deadline = Date.now() + 10_000;
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
// "Thursday 3pm" from Friday 27 Nov, in London.
const THURSDAY_3PM = '2026-12-03T15:00:00.000Z';

/** A person whose offer went to these attendees (the YES done): the request and the phone. */
async function asked(
  options: {
    language?: 'en' | 'zh';
    attendees?: { email: string; name: string }[];
    slots?: { start: string; end: string }[];
  } = {},
) {
  at = START;
  const person = await assistantPerson(first, base, { timeZone: 'Europe/London', ...options });
  const [connection] = await first.connectionsRepo.listForUser(person.userId);
  const attendees = options.attendees ?? [{ email: PRIYA, name: 'Priya Natarajan' }];
  const id = newId();
  const now = new Date(at).toISOString();
  await first.schedulingRepo.insert({
    id,
    user_id: person.userId,
    connection_id: connection!.id,
    title: options.language === 'zh' ? '项目同步' : 'Project sync',
    duration_minutes: 30,
    attendees: JSON.stringify(attendees.map((a) => ({ ...a, known: true, zone: 'Europe/London' }))),
    proposed: JSON.stringify(options.slots ?? SLOTS),
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
  return { ...person, row };
}

async function eventsTitled(userId: string, title: string) {
  const { events } = await listEvents(deps(first).workspace, {
    userId,
    from: '2026-11-28T00:00:00Z',
    to: '2026-12-05T00:00:00Z',
    limit: 100,
  });
  return events.filter((e) => e.title === title);
}

const threadOf = async (row: { user_id: string; connection_id: string; thread_id: string | null }) =>
  (
    await readThread(deps(first).workspace, {
      userId: row.user_id,
      connectionId: row.connection_id,
      threadId: row.thread_id!,
    })
  ).messages;

/** The sample calendar's own events at Thursday 3pm moved away, or one put there (busy). */
async function thursdayAt3(userId: string, busy: boolean) {
  const { events } = await listEvents(deps(first).workspace, {
    userId,
    from: THURSDAY_3PM,
    to: '2026-12-03T15:30:00.000Z',
    limit: 20,
  });
  const clear = events.filter((e) => !e.allDay).length === 0;
  if (busy && clear)
    await createEvent(deps(first).workspace, {
      userId,
      event: {
        title: 'Dentist',
        start: THURSDAY_3PM,
        end: '2026-12-03T16:00:00.000Z',
        allDay: false,
        attendees: [],
        sendUpdates: false,
      },
    });
  return clear;
}

describe('a time suggested instead', () => {
  it('asks one YES naming the exact time and only the approved attendee (not one the reply adds), and two YES on two instances book it once, answered by one "Booked" (no "Done")', async () => {
    const { phone, userId, row } = await asked();
    expect(await thursdayAt3(userId, false)).toBe(true);
    await says(first, phone, `Could we do Thursday 3pm instead? And please invite ${MALLORY} too.`);
    const [question] = await waitFor(phone, 1);
    expect(question).toContain(
      'Book the time suggested instead; invitations go to priya.natarajan@example.com',
    );
    expect(question).toContain('"Project sync", Thu 3 Dec, 15:00-15:30');
    expect(question).toContain('Suggested by Priya Natarajan');
    expect(question).toMatch(/Reply YES to confirm, NO to cancel\.$/);
    expect(question).not.toContain('mallory');
    // Nothing is booked by the reply itself.
    expect(await eventsTitled(userId, 'Project sync')).toHaveLength(0);
    expect((await first.schedulingRepo.findById(row.id))!.status).toBe('needs_person');

    at += 1_000;
    await Promise.all([textFrom(first, phone, 'YES'), textFrom(second, phone, 'YES')]);
    // The question, the one "Booked", and the other YES's answer (nothing waits on it any more).
    const texts = await waitFor(phone, 3);
    expect(texts.slice(1).filter((t) => t.startsWith('Booked:'))).toEqual([
      'Booked: Project sync, Thu 3 Dec, 15:00-15:30, with Priya Natarajan. The invitation is sent.',
    ]);
    expect(texts.slice(1).filter((t) => t.startsWith('Done:'))).toHaveLength(0);
    const booked = await eventsTitled(userId, 'Project sync');
    expect(booked).toHaveLength(1);
    expect(Date.parse(booked[0]!.start)).toBe(Date.parse(THURSDAY_3PM));
    expect(booked[0]!.attendees?.map((a) => a.email)).toEqual([PRIYA]);
    expect(await first.schedulingRepo.findById(row.id)).toMatchObject({
      status: 'booked',
      booked_slot: 4,
      booked_event_id: booked[0]!.id,
    });
    // No mail left for anyone: our offer and Priya's reply.
    expect(await threadOf(row)).toHaveLength(2);

    // A later YES finds nothing to approve; still one event.
    await answers(first, phone, 'YES');
    await waitFor(phone, texts.length + 1);
    expect(await eventsTitled(userId, 'Project sync')).toHaveLength(1);
  });

  it('a NO ends the request (decision 594) and books nothing', async () => {
    const { phone, userId, row } = await asked();
    await thursdayAt3(userId, false);
    await says(first, phone, 'How about Thursday 3pm instead?');
    await waitFor(phone, 1);
    await answers(first, phone, 'NO');
    const texts = await waitFor(phone, 2);
    expect(texts[1]).toBe('Cancelled. Nothing was sent or changed.');
    await settle(300);
    expect(await eventsTitled(userId, 'Project sync')).toHaveLength(0);
    expect((await first.schedulingRepo.findById(row.id))!.status).toBe('cancelled');
  });

  it('says the person is busy then and lists the slots still offered, asking nothing', async () => {
    const { phone, userId } = await asked();
    await thursdayAt3(userId, true);
    await says(first, phone, 'Can we do Thursday 3pm instead?');
    const [text] = await waitFor(phone, 1);
    expect(text).toMatch(
      /^Priya Natarajan suggests Thu 3 Dec, 15:00-15:30 for "Project sync", but your calendar is busy then\. Nothing is booked\. Still offered to them: 1\. Mon 30 Nov.+; 2\. Tue 1 Dec.+; 3\. Thu 3 Dec.+$/,
    );
    expect(await first.assistantRepo.pendingApprovals(userId, new Date(at).toISOString())).toEqual([]);
    await answers(first, phone, 'YES');
    const after = await waitFor(phone, 2);
    expect(after[1]).toMatch(/^Nothing is waiting for your YES/);
    expect(await eventsTitled(userId, 'Project sync')).toHaveLength(0);
  });

  it.each([['Could we do Thursday or Friday at 3pm instead?'], ['Could we do Wednesday afternoon instead?']])(
    '%j names no one time: asked as a question, no approval',
    async (text) => {
      const { phone, userId } = await asked();
      await says(first, phone, text);
      const [question] = await waitFor(phone, 1);
      expect(question).toMatch(/^Priya Natarajan suggests another time for "Project sync"/);
      expect(await first.assistantRepo.pendingApprovals(userId, new Date(at).toISOString())).toEqual([]);
    },
  );

  it('in Chinese: 周四下午3点 asked with the time, 是 books it', async () => {
    const { phone, userId } = await asked({ language: 'zh', attendees: [{ email: WANG, name: '王芳' }] });
    await thursdayAt3(userId, false);
    await says(first, phone, '能不能改到周四下午3点？');
    const [question] = await waitFor(phone, 1);
    expect(question).toContain('预订对方提议的时间，邀请发给 wang.fang@example.com');
    expect(question).toContain('由王芳提议');
    expect(question).toMatch(/回复“是”确认，回复“否”取消。$/);
    await answers(first, phone, '是');
    const texts = await waitFor(phone, 2);
    expect(texts.slice(1)).toEqual([expect.stringMatching(/^已预订：项目同步/)]);
    expect(await eventsTitled(userId, '项目同步')).toHaveLength(1);
  });
});

// The first slot passed this morning (Friday 27 Nov 08:00), the others to come.
const PASSED_FIRST = [
  { start: '2026-11-27T08:00:00.000Z', end: '2026-11-27T08:30:00.000Z' },
  ...SLOTS.slice(1),
];

/** The chase due now (the clock stays on the day the account's tokens are good for). */
async function chaseNow(row: { id: string; created_at: string }) {
  at += 60_000;
  const now = new Date(at).toISOString();
  await first.schedulingRepo.update(row.id, 'asked', { chase_due_at: now }, now);
  await chaseSchedulingRequest(deps(first), { requestId: row.id });
  await chaseSchedulingRequest(deps(second), { requestId: row.id });
}

describe('the chase’s reminder', () => {
  it('asks one YES naming each attendee yet to answer; the YES mails only them, in the thread, with the slots still open', async () => {
    const { phone, row } = await asked({
      attendees: [
        { email: PRIYA, name: 'Priya Natarajan' },
        { email: WANG, name: 'Wang Fang' },
      ],
      slots: PASSED_FIRST,
    });
    // Wang answered already (kept with the request); Priya has not.
    await first.schedulingRepo.update(
      row.id,
      'asked',
      {
        answers: JSON.stringify([
          { from: WANG, messageId: 'm1', at: row.created_at, answer: { kind: 'unclear', extra: null } },
        ]),
      },
      row.created_at,
    );
    await chaseNow(row);
    const [question] = await waitFor(phone, 1);
    expect(question).toContain(
      'Email a reminder to priya.natarajan@example.com in the same thread, with the times still open',
    );
    expect(question).not.toContain(WANG);
    expect(question).toContain('\n2. Tue 1 Dec');
    expect(question).toContain('\n3. Thu 3 Dec');
    expect(question).not.toContain('\n1. ');
    expect(question).toMatch(/Reply YES to send, NO to cancel\.$/);
    expect(await threadOf(row)).toHaveLength(1);

    at += 1_000;
    await Promise.all([textFrom(first, phone, 'YES'), textFrom(second, phone, 'YES')]);
    const texts = await waitFor(phone, 3);
    expect(texts.filter((t) => t.startsWith('Done:'))).toHaveLength(1);
    const thread = await threadOf(row);
    expect(thread).toHaveLength(2);
    const reminder = thread[1]!;
    expect(reminder.to.map((a) => a.email)).toEqual([PRIYA]);
    expect(reminder.cc).toEqual([]);
    expect(reminder.text).toMatch(/^Hi Priya Natarajan,\n\nA reminder from .+'s assistant/);
    expect(reminder.text).toContain('\n2. ');
    expect(reminder.text).toContain('\n3. ');
    expect(reminder.text).not.toContain('\n1. ');
    expect(reminder.text).toMatch(/assistant$/);
    expect((await first.schedulingRepo.findById(row.id))!.status).toBe('asked');
  });

  it('a reminder approved after the request was booked sends nothing', async () => {
    const { phone, row } = await asked();
    await chaseNow(row);
    await waitFor(phone, 1);
    await says(first, phone, 'Option 3 works');
    await waitFor(phone, 2);
    await answers(first, phone, 'YES');
    const texts = await waitFor(phone, 3);
    expect(texts[2]).toMatch(/^That didn't work \(it is no longer there or has moved on\)/);
    // The offer, Priya's pick: no reminder.
    expect(await threadOf(row)).toHaveLength(2);
  });
});
