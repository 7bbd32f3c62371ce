import { ZAssistantMessagesResponse } from '@app/contract/assistant/screen';
import { PLANS } from '@app/contract/plans';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { assistantPerson, textFrom, textsTo, waitForTexts } from './helpers/assistant-person';
import { bearer } from './helpers/auth';
import { build, testConfig } from './helpers/build';
import { freePort } from './helpers/process';

/**
 * What the assistant starts itself (issue 22): the morning briefing at the person's local time,
 * reminders before events with a place, a first greeting; each once, none while paused, in
 * quiet hours or after STOP. The app's clock is the test's: the scheduling pass and the queue
 * both read it, so a morning is reached by moving it.
 */
const KEY = 'proactive-test-service-key-0123456789abcdef';
let app: FastifyInstance;
let close: () => Promise<void>;
let base = '';
let at = Date.parse('2026-01-01T00:00:00Z');
const FAST = { JOBS_POLL_INTERVAL_MS: '30', ASSISTANT_SCHEDULE_INTERVAL_MS: '30' };

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  ({ app, close } = await build({ PUBLIC_URL: base, ASSISTANT_API_KEY: KEY, ...FAST }, (built) => {
    built.clock.now = () => new Date(at);
  }));
  await app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => close());

const settle = (ms = 300) => new Promise((r) => setTimeout(r, ms));
/** Moves the clock and gives the scheduling pass and the queue a few rounds to act on it. */
async function moveTo(iso: string) {
  at = Date.parse(iso);
  await settle();
}

const patch = (token: string, payload: Record<string, unknown>) =>
  app.inject({ method: 'PATCH', url: '/v1/assistant/settings', headers: bearer(token), payload });

/** The person's messages of a kind, as the Assistant screen lists them. */
async function messagesOf(token: string, kind: string) {
  const page = ZAssistantMessagesResponse.parse(
    (
      await app.inject({ method: 'GET', url: '/v1/assistant/messages?limit=100', headers: bearer(token) })
    ).json(),
  );
  return page.messages.filter((m) => m.kind === kind);
}

const isGreeting = (text: string) => /^Hi, I'm your/.test(text) || text.startsWith('您好，我是');
const isBriefing = (text: string) => /^Good morning!/.test(text) || text.startsWith('早上好');

describe('the morning briefing at the local time, on a day the clocks change', () => {
  it.each([
    // Sydney leaves daylight saving at 03:00 on 5 April 2026: 07:00 is +10 again, 21:00 UTC the day before.
    ['Australia/Sydney', '07:00', '2026-04-04T09:00:00Z', '2026-04-04T21:00:00.000Z'],
    // New York starts daylight saving at 02:00 on 8 March 2026: 07:00 is -4, 11:00 UTC.
    ['America/New_York', '07:00', '2026-03-07T23:00:00Z', '2026-03-08T11:00:00.000Z'],
    // New York leaves it at 02:00 on 1 November 2026: 07:00 is -5, 12:00 UTC.
    ['America/New_York', '07:00', '2026-10-31T22:00:00Z', '2026-11-01T12:00:00.000Z'],
    // 02:30 does not exist on 8 March in New York: it moves past the gap, to 03:30 EDT.
    ['America/New_York', '02:30', '2026-03-07T23:00:00Z', '2026-03-08T07:30:00.000Z'],
  ])('in %s at %s, scheduled from %s, goes at %s, once', async (zone, time, from, due) => {
    await moveTo(from);
    const { phone, token } = await assistantPerson(app, base, { timeZone: zone, google: false });
    expect((await patch(token, { briefingTime: time, quietHours: null })).statusCode).toBe(200);
    // The first pass greets the newly linked number.
    expect((await waitForTexts(app, phone, 1)).filter(isGreeting)).toHaveLength(1);

    await moveTo(new Date(Date.parse(due) - 60_000).toISOString());
    expect((await textsTo(app, phone)).filter(isBriefing)).toEqual([]);
    await moveTo(due);
    const texts = await waitForTexts(app, phone, 2);
    expect(texts.filter(isBriefing)).toEqual(['Good morning! Nothing on your calendar today.']);
    const [briefing] = await messagesOf(token, 'briefing');
    expect(briefing!.createdAt).toBe(due);
    // Later passes, and the next hours of the same day, send no second one.
    await moveTo(new Date(Date.parse(due) + 30 * 60_000).toISOString());
    await moveTo(new Date(Date.parse(due) + 3 * 60 * 60_000).toISOString());
    expect((await textsTo(app, phone)).filter(isBriefing)).toHaveLength(1);
  });

  it('lists the day across calendars, the first with its place, in Chinese too', async () => {
    // 20:00 in Shanghai: the greeting is not held back by the quiet hours.
    await moveTo('2026-05-10T12:00:00Z');
    const { phone, token, userId } = await assistantPerson(app, base, {
      timeZone: 'Asia/Shanghai',
      language: 'zh',
    });
    await patch(token, { briefingTime: '08:00' });
    await waitForTexts(app, phone, 1);
    for (const [title, start, location] of [
      ['晨会', '2026-05-11T01:30:00Z', '三号会议室'],
      ['午餐', '2026-05-11T04:00:00Z', undefined],
    ] as const) {
      const res = await app.inject({
        method: 'POST',
        url: `/v1/internal/users/${userId}/calendar/events`,
        headers: bearer(KEY),
        payload: {
          title,
          start,
          end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
          ...(location ? { location } : {}),
        },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await moveTo('2026-05-11T00:00:00Z');
    const [briefing] = (await waitForTexts(app, phone, 2)).filter(isBriefing);
    expect(briefing).toMatch(/^早上好！今天有 \d+ 个日程。第一个：\d{2}:\d{2} /);
    // The sample workspace's own events are there too: every calendar of the day.
    expect(briefing).toContain('09:30 晨会');
    expect(briefing).toContain('12:00 午餐');
    const segments = await import('../src/providers/sms/segments');
    expect(segments.segmentsOf(briefing!).segments).toBeLessThanOrEqual(2);
  });
});

describe('the briefing is worked out once per day, not re-inserted every minute', () => {
  it('waits on its row until it is near, is queued once, and moves when its time changes', async () => {
    await moveTo('2026-08-01T10:00:00Z');
    const { phone, token, userId } = await assistantPerson(app, base, {
      timeZone: 'Europe/London',
      google: false,
    });
    expect((await patch(token, { briefingTime: '07:00', quietHours: null })).statusCode).toBe(200);
    await waitForTexts(app, phone, 1);
    const row = async () => (await app.assistantSettingsRepo.find(userId))!;
    const job = async (day: string, time: string) =>
      app.jobs.repo.findByKey(`briefing:${(await row()).id}:${day}:${time}:Europe/London`);
    // Tomorrow 07:00 BST is 20 hours away: the row says when, and nothing is queued yet.
    await settle();
    expect((await row()).briefing_next_at).toBe('2026-08-02T06:00:00.000Z');
    expect(await job('2026-08-02', '07:00')).toBeUndefined();
    // Within six hours of it, it is queued once, and the row moves on to the day after.
    await moveTo('2026-08-02T00:30:00Z');
    await moveTo('2026-08-02T00:31:00Z');
    expect((await job('2026-08-02', '07:00'))?.run_at).toBe('2026-08-02T06:00:00.000Z');
    expect((await row()).briefing_next_at).toBe('2026-08-03T06:00:00.000Z');
    // Moved to 08:00: worked out again at once; the 07:00 one finds the settings changed and stays quiet.
    expect((await patch(token, { briefingTime: '08:00' })).statusCode).toBe(200);
    await settle();
    expect((await row()).briefing_next_at).toBe('2026-08-02T07:00:00.000Z');
    await moveTo('2026-08-02T06:00:00Z');
    expect((await job('2026-08-02', '08:00'))?.run_at).toBe('2026-08-02T07:00:00.000Z');
    expect((await textsTo(app, phone)).filter(isBriefing)).toEqual([]);
    await moveTo('2026-08-02T07:00:00Z');
    expect((await waitForTexts(app, phone, 2)).filter(isBriefing)).toHaveLength(1);
    // Paused: the row is set aside, not read every minute; resumed: worked out again.
    expect((await patch(token, { paused: true })).statusCode).toBe(200);
    await settle();
    expect((await row()).briefing_next_at).toBe('9999-12-31T23:59:59.999Z');
    expect((await patch(token, { paused: false })).statusCode).toBe(200);
    await settle();
    expect((await row()).briefing_next_at).toBe('2026-08-03T07:00:00.000Z');
  });
});

describe('nothing is started unasked', () => {
  it("in quiet hours, while paused, after STOP, or past the plan's tokens", async () => {
    await moveTo('2026-06-01T10:00:00Z');
    const quiet = await assistantPerson(app, base, { timeZone: 'UTC', google: false });
    const paused = await assistantPerson(app, base, { timeZone: 'UTC', google: false });
    const stopped = await assistantPerson(app, base, { timeZone: 'UTC', google: false });
    const spent = await assistantPerson(app, base, { timeZone: 'UTC', google: false });
    const everyone = [quiet, paused, stopped, spent];
    for (const person of everyone) await waitForTexts(app, person.phone, 1);
    await patch(quiet.token, { briefingTime: '06:00', quietHours: { start: '22:00', end: '07:00' } });
    await patch(paused.token, { briefingTime: '06:00', quietHours: null, paused: true });
    await patch(stopped.token, { briefingTime: '06:00', quietHours: null });
    await patch(spent.token, { briefingTime: '06:00', quietHours: null });
    await textFrom(app, stopped.phone, 'STOP');
    expect((await waitForTexts(app, stopped.phone, 2))[1]).toMatch(/unsubscribed/);
    // The whole trial's tokens used: the 80% and 100% alerts go, then nothing it starts itself.
    const usage = await app.inject({
      method: 'POST',
      url: '/v1/internal/usage',
      headers: bearer(KEY),
      payload: {
        userId: spent.userId,
        tokens: PLANS.find((plan) => plan.id === 'trial')!.tokens,
        idempotencyKey: `spent-${spent.userId}`,
        occurredAt: new Date(at).toISOString(),
      },
    });
    expect(usage.statusCode, usage.body).toBe(200);

    await moveTo('2026-06-02T06:00:00Z');
    await moveTo('2026-06-02T06:30:00Z');
    for (const person of everyone) {
      expect((await textsTo(app, person.phone)).filter(isBriefing)).toEqual([]);
      expect(await messagesOf(person.token, 'briefing')).toEqual([]);
    }
  });

  it('a paused assistant answers a text once a day that it is paused, with no model, and HELP still works', async () => {
    await moveTo('2026-06-03T10:00:00Z');
    const { phone, token, userId } = await assistantPerson(app, base, { timeZone: 'UTC', google: false });
    await waitForTexts(app, phone, 1);
    await patch(token, { paused: true });
    await textFrom(app, phone, "what's on tomorrow?");
    await textFrom(app, phone, 'hello?');
    const texts = await waitForTexts(app, phone, 2);
    expect(texts.slice(1)).toEqual([`Your Relay assistant is paused. Resume it at ${base}/assistant`]);
    await textFrom(app, phone, 'HELP');
    expect((await waitForTexts(app, phone, 3))[2]).toMatch(/Reply STOP/);
    const turns = await app.db
      .selectFrom('assistant_turns')
      .select('id')
      .where('user_id', '=', userId)
      .execute();
    expect(turns).toEqual([]);
    // The next day, one more notice.
    await moveTo('2026-06-04T10:00:00Z');
    await textFrom(app, phone, 'still there?');
    expect((await waitForTexts(app, phone, 4))[3]).toMatch(/is paused/);
    expect(await messagesOf(token, 'notice')).toHaveLength(3);
  });
});

describe('reminders before an event', () => {
  it('the lead time before an event with a place or a meeting link, none for one without', async () => {
    await moveTo('2026-07-06T08:00:00Z');
    const { phone, token, userId } = await assistantPerson(app, base, { timeZone: 'Europe/London' });
    expect((await patch(token, { reminderLeadMinutes: 15, briefingTime: null })).statusCode).toBe(200);
    for (const [title, minutes, extra] of [
      ['Dentist check-up', 20, { location: '12 High Street' }],
      ['Think time', 25, {}],
      ['Design sync', 28, { description: 'Join at https://meet.google.com/abc-defg-hij' }],
    ] as const) {
      const start = new Date(at + minutes * 60_000).toISOString();
      const res = await app.inject({
        method: 'POST',
        url: `/v1/internal/users/${userId}/calendar/events`,
        headers: bearer(KEY),
        payload: { title, start, end: new Date(Date.parse(start) + 30 * 60_000).toISOString(), ...extra },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // Each new event is told by the sample calendar (decision 504): its reminder is queued at its lead.
    await moveTo('2026-07-06T08:04:00Z');
    await moveTo('2026-07-06T08:05:01Z');
    const reminders = () => textsTo(app, phone).then((all) => all.filter((t) => /^Reminder:/.test(t)));
    await waitForTexts(app, phone, 2);
    expect(await reminders()).toEqual(['Reminder: "Dentist check-up" at 09:20, in 15 min, 12 High Street']);
    await moveTo('2026-07-06T08:13:00Z');
    await moveTo('2026-07-06T08:40:00Z');
    expect(await reminders()).toEqual([
      'Reminder: "Dentist check-up" at 09:20, in 15 min, 12 High Street',
      'Reminder: "Design sync" at 09:28, in 15 min. Join: https://meet.google.com/abc-defg-hij',
    ]);
    expect(await messagesOf(token, 'reminder')).toHaveLength(2);
  });

  it('says the time left when the event is nearer than the lead (issue 31, part 3)', async () => {
    await moveTo('2026-07-07T08:00:00Z');
    const { phone, token, userId } = await assistantPerson(app, base, { timeZone: 'Europe/London' });
    expect((await patch(token, { reminderLeadMinutes: 15, briefingTime: null })).statusCode).toBe(200);
    await settle();
    // Added 10 minutes before it starts: the sample calendar tells the change feed of its new
    // event (decision 504), whose reminder goes at once and says the 10 minutes left.
    const start = '2026-07-07T08:10:00.000Z';
    const res = await app.inject({
      method: 'POST',
      url: `/v1/internal/users/${userId}/calendar/events`,
      headers: bearer(KEY),
      payload: { title: 'Physio', start, end: '2026-07-07T08:45:00.000Z', location: '3 Mill Lane' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const texts = await waitForTexts(app, phone, 2);
    expect(texts.filter((t) => /^Reminder:/.test(t))).toEqual([
      'Reminder: "Physio" at 09:10, in 10 min, 3 Mill Lane',
    ]);
  });
});

describe('a restart between scheduling and sending', () => {
  it('sends the briefing once, with two instances taking over the queue', async () => {
    const { config, cleanup } = testConfig(FAST);
    let now = Date.parse('2026-04-04T09:00:00Z');
    const start = async () => {
      const instance = await buildApp(config);
      instance.clock.now = () => new Date(now);
      await instance.ready();
      return instance;
    };
    const first = await start();
    const { phone, token } = await assistantPerson(first, 'http://127.0.0.1:9', {
      timeZone: 'Australia/Sydney',
      google: false,
    });
    await first.inject({
      method: 'PATCH',
      url: '/v1/assistant/settings',
      headers: bearer(token),
      payload: { briefingTime: '07:00' },
    });
    await waitForTexts(first, phone, 1);
    await settle();
    await first.close();

    now = Date.parse('2026-04-04T21:00:00Z');
    // Two instances over the same database, both polling the queue.
    const second = await start();
    const third = await start();
    try {
      await waitForTexts(second, phone, 2);
      await settle(500);
      expect((await textsTo(second, phone)).filter(isBriefing)).toHaveLength(1);
    } finally {
      await Promise.all([second.close(), third.close()]);
      await cleanup();
    }
  });
});
