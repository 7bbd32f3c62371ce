import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { SchedulingRequestRow } from '../src/modules/assistant/scheduling/repo';
import { assistantPerson } from './helpers/assistant-person';
import { bearer } from './helpers/auth';
import { testConfig } from './helpers/build';
import { freePort } from './helpers/process';

/**
 * The Assistant screen's scheduling requests (issue 32 point 6, decision 570) through real HTTP:
 * the list shows who was asked with their answers, the numbered slots, where it stands and the
 * booked time; cancelling withdraws a request (the reply and the booking that would follow find
 * nothing to do), twice is the same answer, another person's is a 404.
 */
let app: FastifyInstance;
let cleanup: () => Promise<void>;
let base = '';
let now = Date.parse('2026-11-25T00:00:00Z');

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const built = testConfig({ PUBLIC_URL: base });
  cleanup = built.cleanup;
  app = await buildApp(built.config);
  app.clock.now = () => new Date(now);
  await app.ready();
  await app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
  await cleanup();
});

const SLOTS = [
  { start: '2026-12-01T10:00:00.000Z', end: '2026-12-01T10:30:00.000Z' },
  { start: '2026-12-02T04:00:00.000Z', end: '2026-12-02T04:30:00.000Z' },
  { start: '2026-12-03T05:00:00.000Z', end: '2026-12-03T05:30:00.000Z' },
];
const PRIYA = { email: 'priya@example.com', name: 'Priya Natarajan', known: true, zone: null };
const SAM = { email: 'sam@example.com', name: null, known: true, zone: null };

function request(
  userId: string,
  id: string,
  fields: Partial<SchedulingRequestRow> = {},
): SchedulingRequestRow {
  const at = new Date(now).toISOString();
  return {
    id,
    user_id: userId,
    connection_id: 'conn-1',
    title: 'Meeting with Priya',
    duration_minutes: 30,
    attendees: JSON.stringify([PRIYA, SAM]),
    proposed: JSON.stringify(SLOTS),
    approved: JSON.stringify({ slots: SLOTS, attendees: [PRIYA.email, SAM.email], withdrawn: [1] }),
    thread_id: 'thread-1',
    message_id: 'msg-1',
    subject: 'Meeting with Priya',
    status: 'asked',
    answers: JSON.stringify([
      {
        from: 'Priya@Example.com',
        messageId: 'r1',
        at,
        answer: { kind: 'other_time', when: 'Thursday 3pm', extra: 'also forward me the file' },
      },
    ]),
    chase_due_at: '2026-11-27T00:00:00.000Z',
    booked_event_id: null,
    booked_slot: null,
    holds: null,
    created_at: at,
    updated_at: at,
    ...fields,
  };
}

const list = (token: string) =>
  app.inject({ method: 'GET', url: '/v1/assistant/scheduling', headers: bearer(token) });
const cancel = (token: string, id: string) =>
  app.inject({ method: 'POST', url: `/v1/assistant/scheduling/${id}/cancel`, headers: bearer(token) });

describe('the Assistant screen’s scheduling requests', () => {
  it('lists attendees with their answers, the numbered slots and the booked time, never the rest of a reply', async () => {
    const person = await assistantPerson(app, base, { timeZone: 'Australia/Sydney' });
    await app.schedulingRepo.insert(request(person.userId, 'sr-asked'));
    now += 1000;
    await app.schedulingRepo.insert(
      request(person.userId, 'sr-booked', {
        status: 'booked',
        booked_slot: 2,
        booked_event_id: 'ev-1',
        answers: JSON.stringify([
          {
            from: PRIYA.email,
            messageId: 'r2',
            at: new Date(now).toISOString(),
            answer: { kind: 'picked', slot: 2, extra: null },
          },
        ]),
        created_at: new Date(now).toISOString(),
        updated_at: new Date(now).toISOString(),
      }),
    );
    // Closed eight days ago: off the screen.
    await app.schedulingRepo.insert(
      request(person.userId, 'sr-old', {
        status: 'expired',
        created_at: '2026-11-10T00:00:00.000Z',
        updated_at: '2026-11-17T00:00:00.000Z',
      }),
    );
    const res = await list(person.token);
    expect(res.statusCode, res.body).toBe(200);
    const { requests } = res.json();
    expect(requests.map((r: { id: string }) => r.id)).toEqual(['sr-booked', 'sr-asked']);
    expect(requests[1]).toEqual({
      id: 'sr-asked',
      title: 'Meeting with Priya',
      durationMinutes: 30,
      status: 'asked',
      attendees: [
        { name: 'Priya Natarajan', email: PRIYA.email, answer: { kind: 'other_time', when: 'Thursday 3pm' } },
        { name: null, email: SAM.email, answer: null },
      ],
      slots: [
        { number: 1, ...SLOTS[0], withdrawn: true },
        { number: 2, ...SLOTS[1], withdrawn: false },
        { number: 3, ...SLOTS[2], withdrawn: false },
      ],
      booked: null,
      cancellable: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(res.body).not.toContain('forward me the file');
    expect(requests[0]).toMatchObject({
      status: 'booked',
      booked: SLOTS[1],
      cancellable: false,
      attendees: [{ answer: { kind: 'picked', slot: 2 } }, { answer: null }],
    });
  });

  it('cancels an open request once for good: twice is fine, another person’s is a 404, a booked one stays', async () => {
    const person = await assistantPerson(app, base, { timeZone: 'Australia/Sydney' });
    const other = await assistantPerson(app, base, { timeZone: 'Australia/Sydney' });
    await app.schedulingRepo.insert(request(person.userId, 'sr-mine'));
    await app.schedulingRepo.insert(
      request(person.userId, 'sr-proposed', { status: 'proposed', approved: null }),
    );
    await app.schedulingRepo.insert(request(person.userId, 'sr-done', { status: 'booked', booked_slot: 2 }));

    const theirs = await cancel(other.token, 'sr-mine');
    expect(theirs.statusCode).toBe(404);
    expect((await app.schedulingRepo.findById('sr-mine'))?.status).toBe('asked');
    expect((await list(other.token)).json()).toEqual({ requests: [] });

    const first = await cancel(person.token, 'sr-mine');
    expect(first.statusCode, first.body).toBe(200);
    const mine = first.json().requests.find((r: { id: string }) => r.id === 'sr-mine');
    expect(mine).toMatchObject({ status: 'cancelled', cancellable: false });
    const again = await cancel(person.token, 'sr-mine');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual(first.json());

    // Withdrawn: the chase is off, and a pick read afterwards cannot move it to booked.
    const row = await app.schedulingRepo.findById('sr-mine');
    expect(row).toMatchObject({ status: 'cancelled', chase_due_at: null });
    expect(
      await app.schedulingRepo.move('sr-mine', 'booked', { booked_slot: 2 }, new Date(now).toISOString()),
    ).toBe(false);
    expect(await app.schedulingRepo.askedInThread(person.userId, 'thread-1')).toBeUndefined();

    // Before the YES: the YES finds it no longer proposed, so no mail is sent.
    expect((await cancel(person.token, 'sr-proposed')).statusCode).toBe(200);
    expect((await app.schedulingRepo.findById('sr-proposed'))?.status).toBe('cancelled');

    const booked = await cancel(person.token, 'sr-done');
    expect(booked.statusCode).toBe(404);
    expect((await app.schedulingRepo.findById('sr-done'))?.status).toBe('booked');
    expect((await cancel(person.token, 'nope')).statusCode).toBe(404);
  });

  it('tells the simulated phone the latest request waiting on answers, and none once it is cancelled', async () => {
    const person = await assistantPerson(app, base, { timeZone: 'Australia/Sydney' });
    const open = async () =>
      (
        await app.inject({
          method: 'GET',
          url: `/v1/dev/sample/scheduling-open?phone=${encodeURIComponent(person.phone)}`,
        })
      ).json();
    expect(await open()).toEqual({ request: null });
    await app.schedulingRepo.insert(request(person.userId, 'sr-open'));
    expect(await open()).toEqual({
      request: { id: 'sr-open', title: 'Meeting with Priya', who: 'Priya Natarajan', slots: 3 },
    });
    await cancel(person.token, 'sr-open');
    expect(await open()).toEqual({ request: null });
  });

  it('needs a session', async () => {
    expect((await app.inject({ method: 'GET', url: '/v1/assistant/scheduling' })).statusCode).toBe(401);
  });
});
