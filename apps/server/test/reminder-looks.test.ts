import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { newId } from '../src/lib/ids';
import { LOOKS_AT_ONCE, REMINDERS_PARKED } from '../src/modules/assistant/reminder-looks';
import { defaultSettingsRow, updateAssistantSettings } from '../src/modules/assistant/settings';
import { sealToken } from '../src/modules/connections/sealed-tokens';
import { encodeEventId } from '../src/providers/calendar/google-event-id';
import { testConfig } from './helpers/build';
import { type FakeCalendar, GoogleFake } from './helpers/google-fake';

/**
 * Reminder looks by due time (issue 31, decision 501). Google's real adapter against a loopback
 * fake, on a plain-http server (no push can start there, decision 472): a person whose calendar
 * has an active feed subscription is looked at twice a day, one without every 5 minutes, and two
 * instances on one database look at each person once per interval. A look is one events.list
 * request of the person's token to the fake.
 */
const fake = new GoogleFake();
const PRIMARY: FakeCalendar = {
  id: 'primary-cal',
  summary: 'Work',
  timeZone: 'UTC',
  accessRole: 'owner',
  primary: true,
};
const T0 = Date.parse('2026-09-01T08:00:00Z');
let now = T0;
const MIN = 60_000;
const HOUR = 60 * MIN;
let cleanup: () => Promise<void>;
const apps: FastifyInstance[] = [];
let app: FastifyInstance;

beforeAll(async () => {
  await fake.start();
  fake.pageSize = 250;
  fake.calendars.push(PRIMARY);
  fake.acceptsToken = (token) => token.startsWith('ya29.');
  const built = testConfig({
    GOOGLE_CALENDAR_API_URL: fake.calendarUrl,
    GMAIL_API_URL: fake.gmailUrl,
    GOOGLE_PEOPLE_API_URL: fake.peopleUrl,
    JOBS_POLL_INTERVAL_MS: '20',
    ASSISTANT_SCHEDULE_INTERVAL_MS: '20',
  });
  cleanup = built.cleanup;
  // Two instances on one database, one clock.
  for (let i = 0; i < 2; i++) {
    const instance = await buildApp(built.config);
    instance.clock.now = () => new Date(now);
    await instance.ready();
    apps.push(instance);
  }
  app = apps[0]!;
}, 60_000);
afterAll(async () => {
  for (const instance of apps) await instance.close();
  await cleanup();
  await fake.stop();
});

const settle = (ms = 250) => new Promise((r) => setTimeout(r, ms));
/** Passes on PostgreSQL, two instances at once, take longer than on SQLite. */
const WAIT = { timeout: 8000, interval: 50 };
async function moveTo(at: number) {
  now = at;
  await settle();
}

/** A person with a linked number, reminders 15 minutes ahead, no briefing, and a Google calendar. */
async function person(fed: boolean, parked = false) {
  const userId = newId();
  const connectionId = newId();
  const token = `ya29.${userId}`;
  const iso = new Date(now).toISOString();
  await app.usersRepo.insert({
    id: userId,
    email: `${userId}@example.com`,
    name: 'Ada',
    provider: 'google',
    phone_number: `+1555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
    language: 'en',
    created_at: iso,
    updated_at: iso,
  });
  await app.connectionsRepo.insert({
    id: connectionId,
    user_id: userId,
    provider: 'google',
    provider_account_id: `g-${userId}`,
    email: `${userId}@example.com`,
    name: 'Ada',
    granted_scopes: 'https://www.googleapis.com/auth/calendar',
    access_token: sealToken(app.secretBox, connectionId, 'access', token),
    refresh_token: null,
    expires_at: '2099-01-01T00:00:00.000Z',
    status: 'connected',
    status_reason: null,
    created_at: iso,
    updated_at: iso,
  });
  if (fed) {
    const id = newId();
    await app.feedSubscriptionsRepo.insert({
      id,
      user_id: userId,
      connection_id: connectionId,
      provider: 'google',
      resource: 'calendar',
      channel_id: `ch-${id}`,
      secret: 'sealed',
      external_id: `res-${id}`,
      cursor: '100',
      expires_at: null,
      next_poll_at: null,
      state: 'active',
      told_at: null,
      created_at: iso,
      updated_at: iso,
    });
  }
  await app.assistantSettingsRepo.ensure({
    ...defaultSettingsRow(userId, iso),
    briefing_time: null,
    ...(parked ? { reminders_next_at: REMINDERS_PARKED } : {}),
  });
  return { userId, connectionId, token };
}

/** How many times the person's calendar was looked at: events.list requests with their token. */
const looks = (token: string) =>
  fake.requests.filter(
    (r) =>
      r.api === 'calendar' &&
      r.method === 'GET' &&
      /\/events$/.test(r.path) &&
      r.authorization === `Bearer ${token}`,
  ).length;
const nextAt = async (userId: string) =>
  Date.parse((await app.assistantSettingsRepo.find(userId))!.reminders_next_at!);

describe('reminder looks by due time (decision 501)', () => {
  it('looks at a fed person again only after the long interval, an unfed one every 5 minutes, each once with two instances', async () => {
    await moveTo(T0);
    const fed = await person(true);
    const unfed = await Promise.all([person(false), person(false), person(false)]);
    await vi.waitFor(() => {
      expect(looks(fed.token)).toBe(1);
      for (const p of unfed) expect(looks(p.token)).toBe(1);
    }, WAIT);
    await settle();
    // Two instances' passes, many rounds at this moment: still one look each.
    expect(looks(fed.token)).toBe(1);
    for (const p of unfed) expect(looks(p.token)).toBe(1);

    // The fed person's next look is at their own point of the 12 hours, at least 6 hours away.
    const fedNext = await nextAt(fed.userId);
    expect(fedNext - T0).toBeGreaterThanOrEqual(6 * HOUR);
    expect(fedNext - T0).toBeLessThanOrEqual(18 * HOUR);
    // The unfed: within 2.5 to 7.5 minutes, then every 5 minutes, once each with two instances.
    for (const p of unfed) {
      const first = await nextAt(p.userId);
      expect(first - T0).toBeGreaterThanOrEqual(2.5 * MIN);
      expect(first - T0).toBeLessThanOrEqual(7.5 * MIN);
    }
    // The pass runs every minute: each unfed person is looked at on their own 5-minute points.
    const firsts = await Promise.all(unfed.map((p) => nextAt(p.userId)));
    const end = T0 + 21 * MIN;
    for (let at = T0 + MIN; at <= end; at += MIN) {
      now = at;
      // As passes a minute apart would: each due person is looked at before the clock moves on.
      await vi.waitFor(async () => {
        for (const p of unfed) expect(await nextAt(p.userId)).toBeGreaterThan(at);
      }, WAIT);
    }
    await vi.waitFor(() => {
      unfed.forEach((p, i) => {
        const due = Math.floor((end - firsts[i]!) / (5 * MIN)) + 1;
        expect(looks(p.token)).toBe(1 + due);
      });
    }, WAIT);
    const last = await nextAt(unfed[0]!.userId);
    await moveTo(last);
    await vi.waitFor(async () => expect(await nextAt(unfed[0]!.userId)).toBe(last + 5 * MIN), WAIT);

    await moveTo(fedNext - MIN);
    expect(looks(fed.token)).toBe(1);
    await moveTo(fedNext);
    await vi.waitFor(() => expect(looks(fed.token)).toBe(2), WAIT);
    await settle();
    expect(looks(fed.token)).toBe(2);
    expect((await nextAt(fed.userId)) - fedNext).toBe(12 * HOUR);
  });

  it('queues the reminder of an event told by a change record 20 minutes ahead, before its time, with no look', async () => {
    const start = T0 + 30 * HOUR;
    await moveTo(start);
    // Passes that began before the clock moved are over.
    await settle(600);
    const fed = await person(true);
    await vi.waitFor(() => expect(looks(fed.token)).toBe(1), WAIT);
    const lookedNext = await nextAt(fed.userId);

    await moveTo(start + HOUR);
    const eventStart = new Date(start + HOUR + 20 * MIN).toISOString();
    fake.putEvent(PRIMARY.id, {
      id: `ev-${fed.userId}`,
      summary: 'Dentist',
      location: '12 High Street',
      start: { dateTime: eventStart },
      end: { dateTime: new Date(start + 2 * HOUR).toISOString() },
      organizer: { email: `${fed.userId}@example.com`, self: true },
    });
    // The adapter's id of the event, as the calendar feed's sync reports it.
    const eventId = encodeEventId({ calendarId: PRIMARY.id, eventId: `ev-${fed.userId}` });
    await app.changeFeed.publish([
      {
        kind: 'event.changed',
        eventId,
        event: null,
        userId: fed.userId,
        connectionId: fed.connectionId,
      },
    ]);
    const settings = (await app.assistantSettingsRepo.find(fed.userId))!;
    const key = `reminder:${settings.id}:${fed.connectionId}:${eventId}:${eventStart}:15`;
    const job = await app.jobs.repo.findByKey(key);
    expect(job).toMatchObject({ status: 'pending', run_at: new Date(start + HOUR + 5 * MIN).toISOString() });
    // No look was needed: the next one is still hours away.
    expect(await nextAt(fed.userId)).toBe(lookedNext);
    expect(lookedNext - (start + HOUR + 5 * MIN)).toBeGreaterThan(4 * HOUR);
    await moveTo(start + HOUR + 5 * MIN);
    await vi.waitFor(async () => expect((await app.jobs.repo.findByKey(key))?.status).toBe('done'), WAIT);
  });

  it('looks now when reminders are turned on again, or the lead changes', async () => {
    const start = T0 + 60 * HOUR;
    await moveTo(start);
    await settle(600);
    const fed = await person(true);
    await vi.waitFor(() => expect(looks(fed.token)).toBe(1), WAIT);
    const user = (await app.usersRepo.findById(fed.userId))!;
    const deps = {
      assistantSettingsRepo: app.assistantSettingsRepo,
      usersRepo: app.usersRepo,
      clock: app.clock,
    };
    await updateAssistantSettings(deps, { user, changes: { reminderLeadMinutes: null } });
    await settle();
    // Off: parked, no look.
    expect((await app.assistantSettingsRepo.find(fed.userId))!.reminders_next_at).toBe(
      '9999-12-31T23:59:59.999Z',
    );
    await moveTo(start + 10 * MIN);
    await updateAssistantSettings(deps, { user, changes: { reminderLeadMinutes: 30 } });
    await vi.waitFor(() => expect(looks(fed.token)).toBe(2), WAIT);
    await moveTo(start + 20 * MIN);
    await updateAssistantSettings(deps, { user, changes: { reminderLeadMinutes: 15 } });
    await vi.waitFor(() => expect(looks(fed.token)).toBe(3), WAIT);
  });
  it('looks a few at a time when the provider is slow (decision 575): the listings overlap, bounded, each person once', async () => {
    const start = T0 + 90 * HOUR;
    await moveTo(start);
    await settle(600);
    // Each listing waits 300 ms at the provider, as a real one's round trip does.
    let inFlight = 0;
    let most = 0;
    fake.acceptsToken = async (token) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 300));
      inFlight--;
      return token.startsWith('ya29.');
    };
    try {
      // Made parked, then due together in one statement: a pass finds them all at once.
      const people = await Promise.all(Array.from({ length: 24 }, () => person(false, true)));
      await app.db
        .updateTable('assistant_settings')
        .set({ reminders_next_at: null })
        .where(
          'user_id',
          'in',
          people.map((p) => p.userId),
        )
        .execute();
      await vi.waitFor(
        () => {
          for (const p of people) expect(looks(p.token)).toBe(1);
        },
        { timeout: 15_000, interval: 50 },
      );
      // One after another, at most one listing an instance would be under way (2 in all).
      expect(most).toBeGreaterThanOrEqual(4);
      // Requests, not looks, are counted (a look may ask for the calendar list as well): bounded all the same.
      expect(most).toBeLessThanOrEqual(2 * 2 * LOOKS_AT_ONCE);
      await settle(400);
      for (const p of people) expect(looks(p.token)).toBe(1);
    } finally {
      fake.acceptsToken = (token) => token.startsWith('ya29.');
    }
  });
});
