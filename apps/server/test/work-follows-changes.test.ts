import type { TSampleChangeResponse } from '@app/contract/dev/sample-world';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChangeRecord } from '../src/providers/change-feed/feed-adapter';
import { assistantPerson } from './helpers/assistant-person';
import { bearer } from './helpers/auth';
import { build } from './helpers/build';
import { freePort } from './helpers/process';

/**
 * Work that follows changes (issue 31, part 2): the sample workspace publishes what changed as
 * the providers' syncs will, and an event's reminder moves with the event and is withdrawn when
 * it is cancelled; mail arriving reaches the consumers as a record naming its thread and sender.
 */
const KEY = 'change-feed-test-service-key-0123456789abcdef';
let app: FastifyInstance;
let close: () => Promise<void>;
let base = '';
const at = Date.parse('2026-09-01T08:00:00Z');
const seen: ChangeRecord[] = [];

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  ({ app, close } = await build(
    {
      PUBLIC_URL: base,
      ASSISTANT_API_KEY: KEY,
      JOBS_POLL_INTERVAL_MS: '30',
      ASSISTANT_SCHEDULE_INTERVAL_MS: '30',
    },
    (built) => {
      built.clock.now = () => new Date(at);
      built.changeFeed.onChanges(async (records) => void seen.push(...records));
    },
  ));
  await app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => close());

const settle = (ms = 400) => new Promise((r) => setTimeout(r, ms));
const change = async (body: unknown) => {
  const res = await fetch(`${base}/v1/dev/sample/change`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as TSampleChangeResponse;
};

describe('an event reminder follows its event', () => {
  it('is moved when the event moves and withdrawn when it is cancelled', async () => {
    const { phone, token, userId } = await assistantPerson(app, base, { timeZone: 'Europe/London' });
    const patched = await app.inject({
      method: 'PATCH',
      url: '/v1/assistant/settings',
      headers: bearer(token),
      payload: { reminderLeadMinutes: 15, briefingTime: null, quietHours: null },
    });
    expect(patched.statusCode).toBe(200);
    const start = new Date(at + 40 * 60_000).toISOString();
    const created = await app.inject({
      method: 'POST',
      url: `/v1/internal/users/${userId}/calendar/events`,
      headers: bearer(KEY),
      payload: {
        title: 'Dentist',
        start,
        end: new Date(at + 70 * 60_000).toISOString(),
        location: '12 High Street',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const event = (created.json().event ?? created.json()) as { id: string; connectionId: string };
    await settle();
    const settingsId = (await app.assistantSettingsRepo.find(userId))!.id;
    const keyAt = (iso: string) => `reminder:${settingsId}:${event.connectionId}:${event.id}:${iso}:15`;
    // Its creation told as a calendar's sync tells it: the reminder is queued 15 minutes before.
    const told = {
      kind: 'event.changed',
      eventId: event.id,
      event: null,
      userId,
      connectionId: event.connectionId,
    } as const;
    await app.changeFeed.publish([told]);
    expect((await app.jobs.repo.findByKey(keyAt(start)))?.run_at).toBe(
      new Date(at + 25 * 60_000).toISOString(),
    );

    const moved = await change({ phone, change: { kind: 'event', change: 'later', eventId: event.id } });
    const later = new Date(Date.parse(start) + 60 * 60_000).toISOString();
    expect(moved.detail).toBe(later);
    expect(await app.jobs.repo.findByKey(keyAt(start))).toBeUndefined();
    const next = await app.jobs.repo.findByKey(keyAt(later));
    expect(next).toMatchObject({
      status: 'pending',
      run_at: new Date(Date.parse(later) - 15 * 60_000).toISOString(),
    });
    expect(seen).toContainEqual({
      kind: 'event.changed',
      eventId: event.id,
      event: null,
      userId,
      connectionId: event.connectionId,
    });

    // The same change told twice leaves the same one job.
    await app.changeFeed.publish([
      { kind: 'event.changed', eventId: event.id, event: null, userId, connectionId: event.connectionId },
    ]);
    expect((await app.jobs.repo.findByKey(keyAt(later)))?.id).toBe(next!.id);

    await change({ phone, change: { kind: 'event', change: 'cancel', eventId: event.id } });
    expect(await app.jobs.repo.findByKey(keyAt(later))).toBeUndefined();
    expect(seen).toContainEqual({
      kind: 'event.cancelled',
      eventId: event.id,
      userId,
      connectionId: event.connectionId,
    });
  });
});

describe('what the assistant writes to a sample calendar (decision 504)', () => {
  it('reaches the change feed as a provider sync would tell it, so the person counts as followed', async () => {
    const { userId } = await assistantPerson(app, base, { timeZone: 'Europe/London' });
    // The sample workspace tells its writes: nothing to look at every 5 minutes for this person.
    expect(await app.changeFeed.calendarsFollowed(userId)).toBe(true);
    await settle();
    const nextLook = (await app.assistantSettingsRepo.find(userId))!.reminders_next_at!;
    expect(Date.parse(nextLook) - at).toBeGreaterThanOrEqual(6 * 60 * 60_000);

    const start = new Date(at + 3 * 60 * 60_000).toISOString();
    const created = await app.inject({
      method: 'POST',
      url: `/v1/internal/users/${userId}/calendar/events`,
      headers: bearer(KEY),
      payload: {
        title: 'Physio',
        start,
        end: new Date(at + 4 * 60 * 60_000).toISOString(),
        location: '3 Mill Lane',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const event = created.json().event as { id: string; connectionId: string };
    const mine = () => seen.filter((r) => r.userId === userId && 'eventId' in r && r.eventId === event.id);
    expect(mine()).toMatchObject([
      { kind: 'event.changed', connectionId: event.connectionId, event: { title: 'Physio' } },
    ]);
    // Its reminder is queued from the record, hours before the next look.
    const settingsId = (await app.assistantSettingsRepo.find(userId))!.id;
    const key = `reminder:${settingsId}:${event.connectionId}:${event.id}:${start}:15`;
    expect(await app.jobs.repo.findByKey(key)).toMatchObject({ status: 'pending' });

    const moved = await app.inject({
      method: 'PATCH',
      url: `/v1/internal/users/${userId}/calendar/events/${encodeURIComponent(event.id)}?connectionId=${event.connectionId}`,
      headers: bearer(KEY),
      payload: { title: 'Physio (moved)' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(mine().at(-1)).toMatchObject({ kind: 'event.changed', event: { title: 'Physio (moved)' } });

    const deleted = await app.inject({
      method: 'DELETE',
      url: `/v1/internal/users/${userId}/calendar/events/${encodeURIComponent(event.id)}?connectionId=${event.connectionId}&sendUpdates=false`,
      headers: bearer(KEY),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(mine().at(-1)).toEqual({
      kind: 'event.cancelled',
      eventId: event.id,
      userId,
      connectionId: event.connectionId,
    });
    // The cancelled event's reminder is withdrawn.
    expect(await app.jobs.repo.findByKey(key)).toBeUndefined();
  });
});

describe('mail arriving', () => {
  it('reaches the consumers as a record naming the thread, the sender and the subject', async () => {
    const { phone, userId } = await assistantPerson(app, base);
    const reply = await change({ phone, change: { kind: 'reply', who: 'Sam' } });
    const record = seen.find((r) => r.kind === 'mail.arrived' && r.userId === userId);
    expect(record).toMatchObject({
      kind: 'mail.arrived',
      userId,
      message: {
        id: reply.id,
        threadId: reply.threadId,
        subject: reply.detail,
        from: { name: 'Sam Okafor' },
      },
    });
  });
});
