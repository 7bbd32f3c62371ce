// A simulated day of background work (issue 31, benchmark section): the app built in this
// process on a SQLite file in a temp dir, its clock replaced by one this script moves, N people
// seeded straight into the database (linked number, trial, default assistant settings with the
// 07:30 briefing, an iCloud calendar on the local stand-in with events through the day, three of
// them with a place), then 24 hours walked minute by minute. At each minute the app's periodic
// passes that are due run (the scheduling pass, the purges, caught from the timers they set at
// ready), then the job queue is drained at that minute (the worker's own `drain`), so texts go
// through the SMS outbox to the local SMS stand-in as they would on a running server.
//
//   npx tsx bench/simulated-day.ts [--people 1000] [--provider-people 2] [--json out.json]
//
// Reports: briefings and reminders per person from what the outbox sent (want every person 1
// briefing, every reminder once and at its minute); the jobs table's size at the start, at its
// peak, after the day and after the finished-job retention; the slowest minute of background
// work; and, against the loopback Google fake, the provider requests per person per day idle and
// with changes (provider-day.ts). `simulatedDay` and `providerDay` are exported for the live
// bench to call.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import { type Env, loadConfig } from '../../apps/server/src/config';
import { newId } from '../../apps/server/src/lib/ids';
import { KEEP_DONE_DAILY_MS, KEEP_FINISHED_MS } from '../../apps/server/src/lib/jobs/plugin';
import { addDays, dateIn, instantOf } from '../../apps/server/src/lib/zoned-time';
import { defaultSettingsRow } from '../../apps/server/src/modules/assistant/settings';
import { hashToken } from '../../apps/server/src/modules/auth/sessions';
import { localCalendar } from '../../apps/server/src/providers/icloud/local-homes';
import { appleOwner } from '../../apps/server/src/providers/sample-workspace/owner';
import { eventItem, type StoredEvent } from '../../apps/server/src/providers/sample-workspace/stored';
import { phoneNumber } from './identities.mjs';

export const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The simulated day: a Tuesday in winter, so London is UTC and New York UTC-5. */
export const DAY_START = Date.parse('2026-12-01T00:00:00.000Z');
const ZONES = ['UTC', 'Europe/London', 'America/New_York', 'Asia/Shanghai'] as const;
/** Each person's events, local times on 1 December: those with a place get a reminder. */
const EVENTS = [
  { at: '09:00', title: 'Standup', location: 'Room 4' },
  { at: '11:00', title: 'Focus time', location: null },
  { at: '13:10', title: 'Lunch with Sam', location: '12 High Street' },
  { at: '16:30', title: 'Dentist', location: '3 Harbour Road' },
] as const;
const APP_PASSWORD = 'abcd-efgh-ijkl-mnop';

/** A periodic pass the app set up at ready (runPeriodically, the worker's poll), run by the simulated clock. */
interface CaughtTimer {
  run: () => unknown;
  everyMs: number;
  nextAt: number;
}

export interface SimulatedApp {
  app: FastifyInstance;
  /** Moves the clock to `at`, runs the passes due by then and drains the queue at that minute. */
  advanceTo: (at: number) => Promise<void>;
  now: () => number;
  close: () => Promise<void>;
}

/**
 * Builds the app with a clock this script moves. The timers the app sets while getting ready
 * (its periodic passes and the worker's poll) are caught instead of started; `advanceTo` runs
 * each when its interval has passed on the simulated clock and waits for its pass to finish.
 */
export async function simulatedApp(env: Env, startAt: number): Promise<SimulatedApp> {
  // In memory where the machine has it: the figures are about the work, not the disk's fsyncs.
  const dataDir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'relay-simday-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SERVE_WEB: 'false',
    RATE_LIMIT_PER_MINUTE: '10000000',
    ...env,
  });
  const app = await buildApp(config);
  let now = startAt;
  app.clock.now = () => new Date(now);
  const timers: CaughtTimer[] = [];
  const realSetInterval = globalThis.setInterval;
  globalThis.setInterval = ((run: () => unknown, everyMs: number) => {
    timers.push({ run, everyMs, nextAt: startAt + everyMs });
    // Something clearInterval accepts, that never fires and never keeps the process up.
    return realSetInterval(() => {}, 2 ** 31 - 1).unref();
  }) as typeof setInterval;
  try {
    await app.ready();
  } finally {
    globalThis.setInterval = realSetInterval;
  }
  return {
    app,
    now: () => now,
    advanceTo: async (at) => {
      now = at;
      for (const timer of timers) {
        if (timer.nextAt > at) continue;
        while (timer.nextAt <= at) timer.nextAt += timer.everyMs;
        await timer.run();
      }
      await app.jobs.worker.drain();
    },
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What each seeded person should receive during the day. */
export interface Expected {
  userId: string;
  phone: string;
  zone: string;
  /** The briefing's instant within the day. */
  briefingAt: number;
  reminders: { title: string; at: number }[];
}

/** Inserts rows in batches small enough for SQLite's parameter limit. */
async function insertRows(
  db: FastifyInstance['db'],
  table: string,
  rows: Record<string, unknown>[],
): Promise<void> {
  if (rows.length === 0) return;
  const size = Math.max(1, Math.floor(3000 / Object.keys(rows[0]!).length));
  for (let i = 0; i < rows.length; i += size)
    await db
      .insertInto(table as never)
      .values(rows.slice(i, i + size) as never)
      .execute();
}

/**
 * Seeds people 0..n-1 straight into the database: user with a linked number, session, trial,
 * assistant settings (the defaults, already greeted), an iCloud sample calendar with the day's
 * events, connected through the app's own route so its lifecycle runs as for a person.
 */
export async function seedPeople(
  sim: SimulatedApp,
  n: number,
  options: { first?: number; calendar?: 'apple' | 'none' } = {},
): Promise<{ expected: Expected[]; tokens: string[] }> {
  const { app } = sim;
  const first = options.first ?? 0;
  const day = dateIn(new Date(sim.now()), 'UTC');
  const dayAfter = addDays(day, 1);
  const nowIso = new Date(sim.now()).toISOString();
  const expected: Expected[] = [];
  const rows = { users: [], sessions: [], billing_accounts: [], assistant_settings: [] } as Record<
    string,
    Record<string, unknown>[]
  >;
  const tokens: string[] = [];
  for (let i = first; i < first + n; i++) {
    const id = newId();
    const phone = phoneNumber(i);
    const zone = ZONES[i % ZONES.length]!;
    rows.users!.push({
      id,
      email: `${phone.slice(1)}@phone.bench`,
      name: `Day Person ${i}`,
      provider: 'phone',
      phone_number: phone,
      language: i % 5 === 0 ? 'zh' : 'en',
      created_at: nowIso,
      updated_at: nowIso,
      time_zone: zone,
    });
    const token = `simday-session-${i}-${newId()}`;
    tokens.push(token);
    rows.sessions!.push({
      id: newId(),
      user_id: id,
      token_hash: hashToken(token),
      provider: 'phone',
      user_agent: 'relay-simulated-day',
      network: '10.0.0.x',
      created_at: nowIso,
      last_seen_at: nowIso,
      expires_at: new Date(sim.now() + 30 * DAY).toISOString(),
    });
    rows.billing_accounts!.push({
      user_id: id,
      customer_id: null,
      trial_started_at: new Date(sim.now() - 2 * DAY).toISOString(),
      trial_ends_at: new Date(sim.now() + 5 * DAY).toISOString(),
      checkout_session_id: null,
      card_last4: null,
      card_brand: null,
      card_exp_month: null,
      card_exp_year: null,
      synced_at: null,
      created_at: nowIso,
      updated_at: nowIso,
    });
    const settings = defaultSettingsRow(id, nowIso);
    rows.assistant_settings!.push({ ...settings, greeted_phone: phone });
    const briefing = [
      instantOf(`${day}T${settings.briefing_time}`, zone),
      instantOf(`${dayAfter}T${settings.briefing_time}`, zone),
    ]
      .map((d) => d.getTime())
      .find((t) => t >= sim.now() && t < sim.now() + DAY)!;
    expected.push({
      userId: id,
      phone,
      zone,
      briefingAt: briefing,
      reminders: EVENTS.filter((e) => e.location).map((e) => ({
        title: e.title,
        at: instantOf(`${day}T${e.at}`, zone).getTime() - settings.reminder_lead_minutes! * MINUTE,
      })),
    });
  }
  await app.db.transaction().execute(async (trx) => {
    for (const [table, list] of Object.entries(rows)) await insertRows(trx, table, list);
  });
  if (options.calendar === 'none') return { expected, tokens };
  for (const [k, person] of expected.entries()) {
    const i = first + k;
    const appleId = `day${i}@icloud.example`;
    const calendarId = localCalendar(appleId).url;
    const events = EVENTS.map((e, j): StoredEvent => {
      const start = instantOf(`${day}T${e.at}`, person.zone);
      return {
        id: `simday-${i}-${j}`,
        calendarId,
        title: e.title,
        start: start.toISOString(),
        end: new Date(start.getTime() + 30 * MINUTE).toISOString(),
        allDay: false,
        timeZone: person.zone,
        location: e.location,
        description: null,
        attendees: [],
        organizer: null,
        recurring: false,
      };
    });
    await app.sampleWorkspace.seedOnce(appleOwner(appleId), events.map(eventItem), nowIso);
    const res = await app.inject({
      method: 'POST',
      url: '/v1/apple/connect',
      headers: { authorization: `Bearer ${tokens[k]}` },
      payload: { appleId, appPassword: APP_PASSWORD },
      remoteAddress: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    });
    if (res.statusCode !== 200)
      throw new Error(`connecting person ${i}'s calendar: ${res.statusCode} ${res.body}`);
  }
  return { expected, tokens };
}

async function jobCount(app: FastifyInstance): Promise<number> {
  const row = await app.db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function jobsByStatus(app: FastifyInstance): Promise<Record<string, number>> {
  const rows = await app.db
    .selectFrom('jobs')
    .select(['status', 'kind', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['status', 'kind'])
    .execute();
  const out: Record<string, number> = {};
  for (const row of rows) out[`${row.kind}:${row.status}`] = Number(row.n);
  return out;
}

export interface TextsOutcome {
  briefings: { exactlyOnce: number; none: number; more: number; onTime: number };
  reminders: {
    expected: number;
    sent: number;
    onTime: number;
    late: number;
    duplicates: number;
    missing: number;
  };
  /** Texts the local SMS stand-in received, all kinds, against the outbox's sent rows. */
  standIn: { received: number; outboxSent: number };
}

/**
 * What the people received, from the outbox's sent rows: each person's briefings (want one, at
 * its minute) and each expected reminder (want one, sent in the minute of start minus lead).
 */
export async function textsOutcome(app: FastifyInstance, expected: Expected[]): Promise<TextsOutcome> {
  // What went out, from the outbox's rows and the stand-in's.
  const out = await app.db
    .selectFrom('assistant_messages')
    .select(['phone', 'kind', 'body', 'sent_at', 'created_at', 'status'])
    .where('direction', '=', 'out')
    .execute();
  const byPhone = new Map<string, typeof out>();
  for (const row of out) byPhone.set(row.phone, [...(byPhone.get(row.phone) ?? []), row]);
  const briefings = { exactlyOnce: 0, none: 0, more: 0, onTime: 0 };
  const reminders = { expected: 0, sent: 0, onTime: 0, late: 0, duplicates: 0, missing: 0 };
  for (const person of expected) {
    const rows = (byPhone.get(person.phone) ?? []).filter((r) => r.sent_at !== null);
    const sentBriefings = rows.filter((r) => r.kind === 'briefing');
    if (sentBriefings.length === 1) briefings.exactlyOnce++;
    else if (sentBriefings.length === 0) briefings.none++;
    else briefings.more++;
    if (sentBriefings.length === 1 && Date.parse(sentBriefings[0]!.sent_at!) - person.briefingAt < MINUTE)
      briefings.onTime++;
    const sentReminders = rows.filter((r) => r.kind === 'reminder');
    reminders.sent += sentReminders.length;
    for (const want of person.reminders) {
      reminders.expected++;
      const got = sentReminders.filter((r) => r.body.includes(want.title));
      if (got.length === 0) reminders.missing++;
      if (got.length > 1) reminders.duplicates += got.length - 1;
      const first = got[0];
      if (!first) continue;
      const delay = Date.parse(first.sent_at!) - want.at;
      if (delay >= 0 && delay < MINUTE) reminders.onTime++;
      else reminders.late++;
    }
  }
  const received = await app.db
    .selectFrom('dev_outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('channel', '=', 'sms')
    .executeTakeFirstOrThrow();

  return {
    briefings,
    reminders,
    standIn: { received: Number(received.n), outboxSent: out.filter((r) => r.sent_at !== null).length },
  };
}

export interface DayReport {
  people: number;
  seedSeconds: number;
  daySeconds: number;
  /** Wall time of one simulated minute's background work (passes + queue), ms. */
  minuteMs: { p50: number; p99: number; max: number; slowestAt: string };
  briefings: { exactlyOnce: number; none: number; more: number; onTime: number };
  reminders: {
    expected: number;
    sent: number;
    onTime: number;
    late: number;
    duplicates: number;
    missing: number;
  };
  /** Texts the local SMS stand-in received, all kinds, against the outbox's sent rows. */
  standIn: { received: number; outboxSent: number };
  jobs: {
    atStart: number;
    peak: number;
    peakAt: string;
    afterDay: number;
    afterDayByKindStatus: Record<string, number>;
    /** A day's retention past the day: the done briefings and reminders gone, the sends kept. */
    afterDailyRetentionByKindStatus: Record<string, number>;
    afterRetention: number;
    afterRetentionByKindStatus: Record<string, number>;
    retentionDays: number;
  };
}

const iso = (ms: number) => new Date(ms).toISOString();
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

/** The day for `people` people on the sample workspace: texts, timeliness, jobs table. */
export async function simulatedDay(options: {
  people: number;
  log?: (line: string) => void;
}): Promise<DayReport> {
  const log = options.log ?? (() => {});
  const sim = await simulatedApp({}, DAY_START);
  const { app } = sim;
  try {
    const seeding = performance.now();
    const { expected } = await seedPeople(sim, options.people);
    const seedSeconds = (performance.now() - seeding) / 1000;
    log(`seeded ${options.people} people in ${seedSeconds.toFixed(1)} s`);
    const atStart = await jobCount(app);
    let peak = atStart;
    let peakAt = DAY_START;
    const minuteMs: number[] = [];
    let slowest = { ms: 0, at: DAY_START };
    const walking = performance.now();
    for (let m = 0; m <= 24 * 60; m++) {
      const at = DAY_START + m * MINUTE;
      const t0 = performance.now();
      await sim.advanceTo(at);
      const ms = performance.now() - t0;
      minuteMs.push(ms);
      if (ms > slowest.ms) slowest = { ms, at };
      const size = await jobCount(app);
      if (size > peak) {
        peak = size;
        peakAt = at;
      }
      if (m % 120 === 0) log(`${iso(at)}: jobs ${size}, this minute ${ms.toFixed(0)} ms`);
    }
    const daySeconds = (performance.now() - walking) / 1000;
    const afterDay = await jobCount(app);
    const afterDayByKindStatus = await jobsByStatus(app);

    const { briefings, reminders, standIn } = await textsOutcome(app, expected);

    // Past the daily kinds' retention, then the finished jobs': the hourly purge has run since.
    await sim.advanceTo(DAY_START + DAY + KEEP_DONE_DAILY_MS + HOUR);
    const afterDailyRetentionByKindStatus = await jobsByStatus(app);
    await sim.advanceTo(DAY_START + DAY + KEEP_FINISHED_MS + HOUR);
    const afterRetention = await jobCount(app);
    const afterRetentionByKindStatus = await jobsByStatus(app);
    const sorted = [...minuteMs].sort((a, b) => a - b);
    return {
      people: options.people,
      seedSeconds: Number(seedSeconds.toFixed(1)),
      daySeconds: Number(daySeconds.toFixed(1)),
      minuteMs: {
        p50: Number(quantile(sorted, 0.5).toFixed(1)),
        p99: Number(quantile(sorted, 0.99).toFixed(1)),
        max: Number(slowest.ms.toFixed(1)),
        slowestAt: iso(slowest.at),
      },
      briefings,
      reminders,
      standIn,
      jobs: {
        atStart,
        peak,
        peakAt: iso(peakAt),
        afterDay,
        afterDayByKindStatus,
        afterDailyRetentionByKindStatus,
        afterRetention,
        afterRetentionByKindStatus,
        retentionDays: KEEP_FINISHED_MS / DAY,
      },
    };
  } finally {
    await sim.close();
  }
}
