import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { newId } from '../src/lib/ids';
import { assistantDeps } from '../src/modules/assistant/deps';
import { askOthers } from '../src/modules/assistant/scheduling/ask-others';
import { chaseSchedulingRequest } from '../src/modules/assistant/scheduling/chase';
import { holdSlots, holdsOf } from '../src/modules/assistant/scheduling/holds';
import type { SchedulingRequestRow } from '../src/modules/assistant/scheduling/repo';
import type { ProactiveDeps } from '../src/modules/assistant/send-proactive';
import { deleteEvent, listEvents } from '../src/modules/workspace/calendar';
import { readThread } from '../src/modules/workspace/mail';
import { assistantPerson, textFrom, textsTo } from './helpers/assistant-person';
import { bearer } from './helpers/auth';
import { testConfig } from './helpers/build';
import { freePort } from './helpers/process';

/**
 * Tentative holds of the offered slots (issue 32 point 4, decision 594), on the sample workspace
 * with two instances sharing one database and both running the queue: made at the YES, once
 * per slot, and removed by the queue when a slot is booked (every hold, the booked slot's too:
 * the booking is its own event), withdrawn, or the request cancelled on the screen or by a NO.
 */
let first: FastifyInstance;
let second: FastifyInstance;
let cleanup: () => Promise<void>;
let base = '';
// Friday 27 Nov 2026, 09:00 in London.
const START = Date.parse('2026-11-27T09:00:00Z');
let at = START;
const PRIYA = 'priya.natarajan@example.com';
const HOLD = 'Hold: Project sync';

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
const reply = (app: FastifyInstance, phone: string, answer: unknown) =>
  app.inject({ method: 'POST', url: '/v1/dev/sample/scheduling-reply', payload: { phone, answer } });

async function textsOf(phone: string): Promise<string[]> {
  return (await textsTo(first, phone)).filter((t) => !/^Hi, I'm your/.test(t));
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

/** A person whose offer to Priya went with holds (the YES done). */
async function askedWithHolds() {
  at = START;
  const person = await assistantPerson(first, base, { timeZone: 'Europe/London' });
  const [connection] = await first.connectionsRepo.listForUser(person.userId);
  const id = newId();
  const now = new Date(at).toISOString();
  await first.schedulingRepo.insert({
    id,
    user_id: person.userId,
    connection_id: connection!.id,
    title: 'Project sync',
    duration_minutes: 30,
    attendees: JSON.stringify([
      { email: PRIYA, name: 'Priya Natarajan', known: true, zone: 'Europe/London' },
    ]),
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
  const row = await askOthers(deps(first), person.userId, id, true);
  return { ...person, row };
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
const holdsIn = async (userId: string) => (await eventsOf(userId)).filter((e) => e.title === HOLD);

/** The holds the calendar still has, once the release jobs (either instance's) had time to run. */
async function holdsSettled(userId: string, want: number) {
  const deadline = Date.now() + 10_000;
  let held = await holdsIn(userId);
  while (held.length !== want && Date.now() < deadline) {
    await settle(50);
    held = await holdsIn(userId);
  }
  return held;
}

const rowOf = async (id: string) => (await first.schedulingRepo.findById(id)) as SchedulingRequestRow;

describe('holds at the YES', () => {
  it('holds each offered slot as a tentative event without attendees, stored on the request, and a retry does not double them', async () => {
    const { userId, row } = await askedWithHolds();
    const held = await holdsIn(userId);
    expect(held.map((e) => Date.parse(e.start)).sort()).toEqual(SLOTS.map((s) => Date.parse(s.start)));
    for (const event of held) expect(event.attendees ?? []).toEqual([]);
    expect(holdsOf(row).map((h) => h.slot)).toEqual([1, 2, 3]);
    expect(new Set(holdsOf(row).map((h) => h.eventId))).toEqual(new Set(held.map((e) => e.id)));
    // The sample workspace stores them tentative, as the providers do.
    const stored = await first.db
      .selectFrom('sample_workspace_items')
      .select('data')
      .where('kind', '=', 'event')
      .where(
        'id',
        'in',
        held.map((e) => e.id),
      )
      .execute();
    expect(stored.map((item) => (JSON.parse(item.data) as { tentative?: boolean }).tentative)).toEqual([
      true,
      true,
      true,
    ]);
    // The same holds made again (a YES run again after a crash): the same events, no more.
    const again = await holdSlots(deps(second), row, SLOTS, 'en', async () => undefined);
    expect(again).toEqual(holdsOf(row));
    expect(await holdsIn(userId)).toHaveLength(3);
  });

  it('makes none when the person did not ask for them', async () => {
    at = START;
    const person = await assistantPerson(first, base, { timeZone: 'Europe/London' });
    const [connection] = await first.connectionsRepo.listForUser(person.userId);
    const id = newId();
    const now = new Date(at).toISOString();
    const base0 = {
      id,
      user_id: person.userId,
      connection_id: connection!.id,
      title: 'Project sync',
      duration_minutes: 30,
      attendees: JSON.stringify([{ email: PRIYA, name: null, known: true, zone: null }]),
      proposed: JSON.stringify(SLOTS),
      approved: null,
      thread_id: null,
      message_id: null,
      subject: null,
      status: 'proposed' as const,
      answers: '[]',
      chase_due_at: null,
      booked_event_id: null,
      booked_slot: null,
      holds: null,
      created_at: now,
      updated_at: now,
    };
    await first.schedulingRepo.insert(base0);
    const row = await askOthers(deps(first), person.userId, id);
    expect(row.holds).toBeNull();
    expect(await holdsIn(person.userId)).toHaveLength(0);
  });
});

describe('holds released by the queue', () => {
  it('a pick delivered twice, read by two instances, books once and leaves no hold (the booked slot’s removed too)', async () => {
    const { phone, userId, row } = await askedWithHolds();
    const picked = await reply(first, phone, { kind: 'pick', slot: 2 });
    expect(picked.statusCode, picked.body).toBe(200);
    const { id: messageId, threadId } = picked.json() as { id: string; threadId: string };
    const message = (
      await readThread(deps(first).workspace, { userId, connectionId: row.connection_id, threadId })
    ).messages.find((m) => m.id === messageId)!;
    await second.changeFeed.publish([
      { kind: 'mail.arrived', message, userId, connectionId: row.connection_id },
    ]);
    const texts = await waitFor(phone, 1);
    expect(texts).toEqual([
      expect.stringMatching(/^Booked: Project sync, .+ with Priya Natarajan\. The invitation is sent\.$/),
    ]);
    expect(await holdsSettled(userId, 0)).toEqual([]);
    const booked = (await eventsOf(userId)).filter((e) => e.title === 'Project sync');
    expect(booked).toHaveLength(1);
    expect(Date.parse(booked[0]!.start)).toBe(Date.parse(SLOTS[1]!.start));
    expect(booked[0]!.attendees?.map((a) => a.email)).toEqual([PRIYA]);
    expect(holdsOf(await rowOf(row.id))).toEqual([]);
  });

  it('a slot withdrawn by the chase (passed) loses its hold; the others stay', async () => {
    const { phone, userId, row } = await askedWithHolds();
    // Tuesday 09:00: Monday's slot has passed.
    at = Date.parse('2026-12-01T09:00:00Z');
    await chaseSchedulingRequest(deps(first), { requestId: row.id });
    await waitFor(phone, 1);
    const held = await holdsSettled(userId, 2);
    expect(held.map((e) => Date.parse(e.start)).sort()).toEqual(
      SLOTS.slice(1).map((s) => Date.parse(s.start)),
    );
    expect(holdsOf(await rowOf(row.id)).map((h) => h.slot)).toEqual([2, 3]);
    at = START;
  });

  it('cancelled on the Assistant screen: every hold goes, and a hold the person deleted already is no failure', async () => {
    const { token, userId, row } = await askedWithHolds();
    // The person removed one themselves.
    await deleteEvent(deps(first).workspace, {
      userId,
      connectionId: row.connection_id,
      eventId: holdsOf(row)[0]!.eventId,
      sendUpdates: false,
    });
    const cancelled = await first.inject({
      method: 'POST',
      url: `/v1/assistant/scheduling/${row.id}/cancel`,
      headers: bearer(token),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await holdsSettled(userId, 0)).toEqual([]);
    await settle(200);
    expect(await rowOf(row.id)).toMatchObject({ status: 'cancelled', holds: '[]' });
    // The release job finished, not failed.
    const job = await first.jobs.repo.findByKey(`scheduling-holds:${row.id}:cancelled`);
    expect(job?.status).toBe('done');
  });

  it('a time suggested at one of the held slots is not busy for the request’s own hold: the person is asked to book it', async () => {
    const { phone, userId } = await askedWithHolds();
    // Tuesday 1 Dec 10:00 in London: slot 2, held.
    await reply(first, phone, { kind: 'text', text: 'Could we do Tuesday 10am instead?' });
    const [question] = await waitFor(phone, 1);
    expect(question).toContain('Book the time suggested instead');
    expect(question).toContain('Tue 1 Dec, 10:00-10:30');
    expect(await holdsIn(userId)).toHaveLength(3);
  });

  it('a NO to the time suggested instead ends the request and removes every hold', async () => {
    const { phone, userId, row } = await askedWithHolds();
    await reply(first, phone, { kind: 'text', text: 'Could we do Thursday 3pm instead?' });
    const [question] = await waitFor(phone, 1);
    expect(question).toContain('Book the time suggested instead');
    at += 1_000;
    await textFrom(first, phone, 'NO');
    const texts = await waitFor(phone, 2);
    // The holds made at the first YES go: the answer does not say nothing changed.
    expect(texts[1]).toBe('Cancelled. Nothing was sent; the times held in your calendar are being released.');
    expect(await holdsSettled(userId, 0)).toEqual([]);
    expect((await rowOf(row.id)).status).toBe('cancelled');
    expect((await eventsOf(userId)).filter((e) => e.title === 'Project sync')).toHaveLength(0);
  });
});
