// Seeds the benchmark's data straight into the database a server will run on (same DATA_DIR,
// DATABASE_URL, DATABASE_SCHEMA and APP_ENCRYPTION_KEY in the environment), through the app's
// own pieces: buildApp migrates the schema and gives the keys; tokens are sealed with its
// SecretBox, session tokens hashed and codes HMACed as sign-in does. Rows go in as batched
// inserts, one transaction per task. Run it before the server starts, or beside it.
//
//   node bench/seed.mjs '<json task list>'
//   tasks: { "users": [from, to], "usageDays": 15, "eventsPerDay": 8 }   people i in [from, to)
//          (with "lean": true, no billing rows: the scale cases' extra population)
//          { "codes": [from, to] }   every open code replaced by a fresh one for each of them
//          { "background": [from, to], "eventAt": iso }   the background benchmark's people (issue 31):
//            a linked number, a running trial, default assistant settings, an iCloud connection on
//            the local stand-in whose sample workspace holds one event with a place at `eventAt`
//          { "eventsAt": iso }   every such event moved to start at `iso` (just before the server starts)
//          { "steady": true }   every background person as a running server leaves them (decision 576):
//            the next reminder look at the person's own point of the interval (nextLook), and the
//            reminders the previous look queued (its reach: the next look plus the lead and margin)
import { performance } from 'node:perf_hooks';
import { phoneNumber, sessionToken, USAGE_DAYS, userId } from './lib/identities.mjs';

const tasks = JSON.parse(process.argv[2] ?? '[]');
const started = performance.now();

// The server's TypeScript, loaded as `npm run dev` does: this script needs its modules, not a bundle.
const { register } = await import('tsx/esm/api');
register();
const src = new URL('../apps/server/src/', import.meta.url);
const { buildApp } = await import(new URL('app.ts', src).href);
const { loadConfig } = await import(new URL('config.ts', src).href);
const { hashToken } = await import(new URL('modules/auth/sessions.ts', src).href);
const { hashCode } = await import(new URL('modules/auth/verification-codes.ts', src).href);
const { sealToken } = await import(new URL('modules/connections/sealed-tokens.ts', src).href);
const { PROVIDER_SCOPES } = await import(new URL('providers/identity/identity.ts', src).href);
const { newId } = await import(new URL('lib/ids.ts', src).href);
const { defaultSettingsRow } = await import(new URL('modules/assistant/settings.ts', src).href);
const { nextBriefing, BRIEFING_AHEAD_MS } = await import(
  new URL('modules/assistant/schedule-messages.ts', src).href
);
const { BRIEFING_JOB } = await import(new URL('modules/assistant/send-proactive.ts', src).href);
const { appleSettings } = await import(new URL('modules/connections/apple-settings.ts', src).href);
const { localAddressBook, localCalendar, localDavHomes } = await import(
  new URL('providers/icloud/local-homes.ts', src).href
);
const { appleOwner } = await import(new URL('providers/sample-workspace/owner.ts', src).href);
const { eventItem } = await import(new URL('providers/sample-workspace/stored.ts', src).href);

const app = await buildApp(loadConfig({ ...process.env, SERVE_WEB: 'false', LOG_LEVEL: 'warn' }));
await app.ready();
const { db } = app;
const now = new Date();
const iso = (ms) => new Date(ms).toISOString();
const HOUR = 3600_000;
const DAY = 24 * HOUR;
const counts = {};

/** Inserts rows in batches small enough for SQLite's and PostgreSQL's parameter limits. */
async function insert(trx, table, rows) {
  if (rows.length === 0) return;
  const perRow = Object.keys(rows[0]).length;
  const size = Math.max(1, Math.floor(3000 / perRow));
  for (let i = 0; i < rows.length; i += size) {
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + size))
      .execute();
  }
  counts[table] = (counts[table] ?? 0) + rows.length;
}

function person(i) {
  const phone = phoneNumber(i);
  const user = {
    id: userId(i),
    email: `${phone.slice(1)}@phone.bench`,
    name: `Bench User ${i}`,
    provider: 'phone',
    phone_number: phone,
    language: i % 5 === 0 ? 'zh' : 'en',
    created_at: iso(now.getTime() - 60 * DAY),
    updated_at: iso(now.getTime() - 60 * DAY),
    time_zone: 'UTC',
  };
  // Seen just now, so reads during the run never extend (write) the session.
  const session = {
    id: newId(),
    user_id: user.id,
    token_hash: hashToken(sessionToken(i)),
    provider: 'phone',
    user_agent: 'relay-bench',
    network: '10.0.0.x',
    created_at: iso(now.getTime() - DAY),
    last_seen_at: now.toISOString(),
    expires_at: iso(now.getTime() + 29 * DAY),
  };
  return { user, session };
}

/** A Google account with every service, and for every other person a Microsoft one too. */
function connectionsOf(i, user) {
  const providers = i % 2 === 0 ? ['google', 'microsoft'] : ['google'];
  const connections = [];
  const services = [];
  for (const provider of providers) {
    const id = newId();
    const scopes = PROVIDER_SCOPES[provider];
    connections.push({
      id,
      user_id: user.id,
      provider,
      provider_account_id: `${provider}-bench-${i}`,
      email: `bench${i}@${provider}.example`,
      name: user.name,
      granted_scopes: scopes.requested.join(' '),
      access_token: sealToken(app.secretBox, id, 'access', `ya29.bench-access-${i}-${provider}`),
      refresh_token: sealToken(app.secretBox, id, 'refresh', `1//bench-refresh-${i}-${provider}`),
      expires_at: iso(now.getTime() + HOUR),
      status: 'connected',
      status_reason: null,
      created_at: iso(now.getTime() - 30 * DAY),
      updated_at: iso(now.getTime() - 30 * DAY),
      last_refresh_at: null,
      last_refresh_error_at: null,
      last_refresh_error: null,
      retry_after: null,
      last_used_at: null,
      reconnect_notified_at: null,
      settings: null,
    });
    for (const service of Object.keys(scopes.services)) {
      services.push({
        connection_id: id,
        service_type: service,
        is_enabled: service === 'contacts' && i % 3 === 0 ? 0 : 1,
        permissions: 'read write',
        metadata: '{}',
        updated_at: iso(now.getTime() - 30 * DAY),
      });
    }
  }
  return { connections, services };
}

/** Every other person on a running trial; the rest (and the scale cases' people) on Starter with a card. */
function billingOf(i, user) {
  const created = iso(now.getTime() - 20 * DAY);
  if (i % 2 === 0 && USAGE_DAYS[i] === undefined) {
    return {
      account: {
        user_id: user.id,
        customer_id: null,
        trial_started_at: iso(now.getTime() - 3 * DAY),
        trial_ends_at: iso(now.getTime() + 4 * DAY),
        checkout_session_id: null,
        card_last4: null,
        card_brand: null,
        card_exp_month: null,
        card_exp_year: null,
        synced_at: null,
        created_at: created,
        updated_at: created,
      },
      subscription: null,
    };
  }
  return {
    account: {
      user_id: user.id,
      customer_id: `cus_bench_${i}`,
      trial_started_at: iso(now.getTime() - 20 * DAY),
      trial_ends_at: iso(now.getTime() - 13 * DAY),
      checkout_session_id: null,
      card_last4: '4242',
      card_brand: 'visa',
      card_exp_month: 12,
      card_exp_year: now.getUTCFullYear() + 2,
      synced_at: created,
      created_at: created,
      updated_at: created,
    },
    subscription: {
      id: `sub_bench_${i}`,
      user_id: user.id,
      plan_id: 'starter',
      price_id: 'price_local_starter',
      status: 'active',
      current_period_start: iso(now.getTime() - 13 * DAY),
      current_period_end: iso(now.getTime() + 17 * DAY),
      cancel_at_period_end: 0,
      created_at: created,
      updated_at: created,
    },
  };
}

/** `days` of events ending now, `perDay` a day at even hours, and the hourly rollup they make. */
function usageOf(user, days, perDay) {
  const events = [];
  const hourly = new Map();
  const step = Math.max(1, Math.floor(24 / perDay));
  const lastHour = Math.floor(now.getTime() / HOUR) * HOUR;
  for (let d = 0; d < days; d++) {
    for (let j = 0; j < perDay; j++) {
      const hour = lastHour - d * DAY - j * step * HOUR;
      const occurred = hour + ((d * 7 + j * 13) % 50) * 60_000;
      if (occurred > now.getTime()) continue;
      const tokens = 200 + ((d * 31 + j * 17) % 1800);
      events.push({
        id: newId(occurred),
        user_id: user.id,
        idempotency_key: `seed-${d}-${j}`,
        tokens,
        occurred_at: iso(occurred),
        recorded_at: iso(occurred + 1000),
      });
      const key = iso(hour);
      hourly.set(key, (hourly.get(key) ?? 0) + tokens);
    }
  }
  return {
    events,
    hourly: [...hourly].map(([hour, tokens]) => ({ user_id: user.id, hour, tokens })),
  };
}

function freshCode(i) {
  const phone = phoneNumber(i);
  // The right code is 99999; the load sends others.
  return {
    id: newId(),
    phone_number: phone,
    code_hash: hashCode(app.secrets.codeHash, phone, '99999'),
    attempts: 0,
    created_at: now.toISOString(),
    expires_at: iso(now.getTime() + DAY),
    consumed_at: null,
    verified_at: null,
    proof_used_at: null,
  };
}

async function seedUsers(task) {
  const [from, to] = task.users;
  const people = [];
  for (let i = from; i < to; i++) people.push(i);
  // Built and written a slice at a time, so 100,000 people do not sit in memory at once.
  for (let s = 0; s < people.length; s += 5000) {
    const slice = people.slice(s, s + 5000);
    const rows = { users: [], sessions: [], connections: [], connection_services: [], billing_accounts: [] };
    const extra = { billing_subscriptions: [], usage_events: [], usage_hourly: [], verification_codes: [] };
    for (const i of slice) {
      const { user, session } = person(i);
      rows.users.push(user);
      rows.sessions.push(session);
      const { connections, services } = connectionsOf(i, user);
      rows.connections.push(...connections);
      rows.connection_services.push(...services);
      if (!task.lean) {
        const billing = billingOf(i, user);
        rows.billing_accounts.push(billing.account);
        if (billing.subscription) extra.billing_subscriptions.push(billing.subscription);
      }
      // The scale cases' people: an event every hour of their history.
      const special = USAGE_DAYS[i];
      const days = special ?? task.usageDays ?? 0;
      const perDay = special ? 24 : (task.eventsPerDay ?? 8);
      if (days > 0) {
        const usage = usageOf(user, days, perDay);
        extra.usage_events.push(...usage.events);
        extra.usage_hourly.push(...usage.hourly);
      }
      extra.verification_codes.push(freshCode(i));
    }
    await db.transaction().execute(async (trx) => {
      for (const [table, list] of Object.entries({ ...rows, ...extra })) await insert(trx, table, list);
    });
  }
}

async function seedCodes(task) {
  const [from, to] = task.codes;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('verification_codes').execute();
    const codes = [];
    for (let i = from; i < to; i++) codes.push(freshCode(i));
    await insert(trx, 'verification_codes', codes);
  });
}

/** The background benchmark's event of person i: one with a place, so it is worth a reminder. */
const BACKGROUND_EVENT = 'bench-meeting';
const appleIdOf = (i) => `bench${i}@icloud.example`;

function backgroundEvent(i, startIso) {
  return {
    id: BACKGROUND_EVENT,
    calendarId: localCalendar(appleIdOf(i)).url,
    title: 'Project review',
    start: startIso,
    end: iso(Date.parse(startIso) + HOUR),
    allDay: false,
    timeZone: 'UTC',
    location: 'Room 4, 100 Main St',
    description: null,
    attendees: [],
    organizer: appleIdOf(i),
    recurring: false,
  };
}

/**
 * Issue 31's people, as a server that has run a while holds them: a linked number already
 * greeted, a running trial, the default settings (reminders 15 minutes ahead, a 07:00 briefing
 * whose job is already queued when it is within BRIEFING_AHEAD_MS, as the pass leaves it), and an
 * iCloud account on the local stand-in. iCloud, not Google: a Google connection's token is checked
 * against the local issuer, whose tokens live in the server's memory, so a seeded one is refused;
 * the stand-in checks an app password's shape only. Its sample workspace is marked seeded with
 * one event: a meeting with a place at `eventAt`.
 */
/** The first people of the background population text during its round-trip measurement (bench/lib/background.mjs). */
const BACKGROUND_TEXTERS = 4;

async function seedBackground(task) {
  const [from, to] = task.background;
  const nowIso = now.toISOString();
  const password = 'abcd-efgh-ijkl-mnop';
  for (let s = from; s < to; s += 5000) {
    const rows = {
      users: [],
      connections: [],
      connection_services: [],
      billing_accounts: [],
      billing_subscriptions: [],
      assistant_settings: [],
      sample_workspace_owners: [],
      sample_workspace_items: [],
      jobs: [],
    };
    for (let i = s; i < Math.min(to, s + 5000); i++) {
      const { user } = person(i);
      rows.users.push(user);
      const appleId = appleIdOf(i);
      const id = newId();
      rows.connections.push({
        id,
        user_id: user.id,
        provider: 'apple',
        provider_account_id: appleId,
        email: appleId,
        name: 'iCloud',
        granted_scopes: 'calendar contacts',
        access_token: sealToken(app.secretBox, id, 'access', password),
        refresh_token: null,
        expires_at: null,
        status: 'connected',
        status_reason: null,
        created_at: iso(now.getTime() - 30 * DAY),
        updated_at: iso(now.getTime() - 30 * DAY),
        last_refresh_at: null,
        last_refresh_error_at: null,
        last_refresh_error: null,
        retry_after: null,
        last_used_at: null,
        reconnect_notified_at: null,
        settings: appleSettings(
          localDavHomes(appleId),
          [localCalendar(appleId)],
          [localAddressBook(appleId)],
        ),
      });
      for (const service of ['calendar', 'contacts']) {
        rows.connection_services.push({
          connection_id: id,
          service_type: service,
          is_enabled: 1,
          permissions: 'read write',
          metadata: '{}',
          updated_at: iso(now.getTime() - 30 * DAY),
        });
      }
      if (i < BACKGROUND_TEXTERS) {
        // The people who text during the round-trip measurement are on Starter: on the trial's
        // 20K tokens their last texts met the "used all tokens" notice instead of an answer.
        const paid = billingOf(2 * i + 1, user);
        rows.billing_accounts.push(paid.account);
        rows.billing_subscriptions.push(paid.subscription);
      } else
        rows.billing_accounts.push({
          user_id: user.id,
          customer_id: null,
          trial_started_at: iso(now.getTime() - 3 * DAY),
          trial_ends_at: iso(now.getTime() + 4 * DAY),
          checkout_session_id: null,
          card_last4: null,
          card_brand: null,
          card_exp_month: null,
          card_exp_year: null,
          synced_at: null,
          created_at: iso(now.getTime() - 3 * DAY),
          updated_at: iso(now.getTime() - 3 * DAY),
        });
      const settings = { ...defaultSettingsRow(user.id, nowIso), greeted_phone: user.phone_number };
      let next = nextBriefing(settings.briefing_time, 'UTC', now);
      if (next.at.getTime() <= now.getTime() + BRIEFING_AHEAD_MS) {
        const payload = { settingsId: settings.id, day: next.day, time: settings.briefing_time, zone: 'UTC' };
        rows.jobs.push({
          id: newId(),
          kind: BRIEFING_JOB,
          key: `briefing:${settings.id}:${next.day}:${settings.briefing_time}:UTC`,
          payload: JSON.stringify(payload),
          status: 'pending',
          run_at: next.at.toISOString(),
          locked_by: null,
          locked_until: null,
          last_error: null,
          created_at: nowIso,
          updated_at: nowIso,
          done_at: null,
        });
        next = nextBriefing(settings.briefing_time, 'UTC', new Date(next.at.getTime() + 60_000));
      }
      rows.assistant_settings.push({ ...settings, briefing_next_at: next.at.toISOString() });
      const owner = appleOwner(appleId);
      rows.sample_workspace_owners.push({ owner, seeded_at: nowIso });
      const item = eventItem(backgroundEvent(i, task.eventAt));
      rows.sample_workspace_items.push({
        owner,
        kind: item.kind,
        id: item.id,
        sort_key: item.sortKey,
        data: item.data,
        created_at: nowIso,
        updated_at: nowIso,
      });
    }
    await db.transaction().execute(async (trx) => {
      for (const [table, list] of Object.entries(rows)) await insert(trx, table, list);
    });
  }
}

/** Every background event moved to `eventsAt`, so it lies ahead of the server as it starts. */
async function moveBackgroundEvents(task) {
  const items = await db
    .selectFrom('sample_workspace_items')
    .select(['owner', 'data'])
    .where('kind', '=', 'event')
    .where('id', '=', BACKGROUND_EVENT)
    .limit(1)
    .execute();
  if (items.length === 0) return;
  const old = JSON.parse(items[0].data);
  const end = iso(Date.parse(task.eventsAt) + HOUR);
  const { sql } = await import('kysely');
  await db
    .updateTable('sample_workspace_items')
    .set({
      sort_key: task.eventsAt,
      data: sql`replace(replace(data, ${`"start":"${old.start}"`}, ${`"start":"${task.eventsAt}"`}), ${`"end":"${old.end}"`}, ${`"end":"${end}"`})`,
    })
    .where('kind', '=', 'event')
    .where('id', '=', BACKGROUND_EVENT)
    .execute();
  counts.events_moved = 1;
}

/**
 * The steady state of the reminder looks (decision 576), through the app's own code: each
 * person's next look is their point of the interval as `nextLook` gives it (somewhere in the
 * coming interval), and their previous look, one interval before, listed their events as a look
 * does and queued the reminders within its reach (`enqueueEventReminder`). Events beyond it wait
 * for the next look, as on a running server. Untimed: the bench measures what follows.
 *
 * Every background person's sample calendar holds the same events (seeded so, moved together by
 * `eventsAt`), so the calendar is listed through the app once, for the first person, over every
 * look's reach, and each person's look takes the events that overlap its own range, as
 * `listEvents` would, with their own connection. Every 1,000th person is listed through the app
 * as well and must match, so the shortcut cannot drift from what a look sees. Listing through the
 * sample workspace was most of a look's cost (100,000 people took hours on 2 cores).
 */
async function settleLooks() {
  const { nextLook, LOOK_MARGIN_MS } = await import(new URL('modules/assistant/reminder-looks.ts', src).href);
  const { enqueueEventReminder } = await import(new URL('modules/assistant/event-reminders.ts', src).href);
  const { listEvents } = await import(new URL('modules/workspace/calendar.ts', src).href);
  const { assistantDeps } = await import(new URL('modules/assistant/deps.ts', src).href);
  const deps = { ...assistantDeps(app), jobs: app.jobs, db: app.db, log: app.log };
  const { fedMs, unfedMs } = app.config.reminderLooks;
  const nowMs = now.getTime();
  const longest = Math.max(fedMs, unfedMs);
  const listed = (userId, from, to) =>
    listEvents(deps.workspace, { userId, from: iso(from), to: iso(to), limit: 100 }).then((r) => r.events);
  const overlapping = (events, from, to) =>
    events.filter((event) => Date.parse(event.start) < to && Date.parse(event.end) > from);
  const sameIds = (a, b) => a.map((e) => e.id).join() === b.map((e) => e.id).join();
  let queued = 0;
  let settled = 0;
  let checked = 0;
  let calendar = null;
  for (;;) {
    const due = await app.assistantSettingsRepo.remindersDue(iso(nowMs - 1), 1000);
    if (due.length === 0) break;
    const followed = await app.changeFeed.calendarsFollowedOf(due.map((p) => p.userId));
    const connections = await db
      .selectFrom('connections')
      .select(['id', 'user_id'])
      .where(
        'user_id',
        'in',
        due.map((p) => p.userId),
      )
      .execute();
    const connectionOf = new Map(connections.map((c) => [c.user_id, c.id]));
    calendar ??= await listed(due[0].userId, nowMs - 2 * longest, nowMs + 2 * longest + DAY);
    const looks = due.map(({ userId, settings }) => {
      const interval = followed.has(userId) ? fedMs : unfedMs;
      const next = nextLook(settings.id, nowMs - interval / 2, interval);
      const previous = next - interval;
      const reach = next + settings.reminder_lead_minutes * 60_000 + LOOK_MARGIN_MS;
      const connectionId = connectionOf.get(userId);
      const events = overlapping(calendar, previous, reach).map((event) => ({ ...event, connectionId }));
      return { userId, settings, next, previous, reach, events };
    });
    // The batch's first person is listed through the app too, and must see the same.
    const [first] = looks;
    const seen = await listed(first.userId, first.previous, first.reach);
    if (!sameIds(seen, first.events) || seen.some((e) => e.connectionId !== first.events[0]?.connectionId))
      throw new Error(`settling: person ${first.userId}'s calendar is not the first person's`);
    checked++;
    // One transaction a batch: the same writes as the looks made, without a commit for each.
    await db.transaction().execute(async (trx) => {
      const inBatch = { ...deps, db: trx };
      const settingsRepo = app.assistantSettingsRepo.with(trx);
      for (const { userId, settings, next, previous, events } of looks) {
        for (const event of events) {
          if (Date.parse(event.start) <= nowMs) continue;
          await enqueueEventReminder(inBatch, settings, event, new Date(previous));
          queued++;
        }
        await settingsRepo.moveReminderLook(userId, settings.reminders_next_at, iso(next));
        settled++;
      }
    });
  }
  counts.looks_settled = settled;
  counts.looks_listed_through_the_app = checked;
  counts.reminders_queued_by_earlier_looks = queued;
}

try {
  for (const task of tasks) {
    if (task.users) await seedUsers(task);
    else if (task.codes) await seedCodes(task);
    else if (task.background) await seedBackground(task);
    else if (task.eventsAt) await moveBackgroundEvents(task);
    else if (task.steady) await settleLooks();
    else throw new Error(`unknown seeding task ${JSON.stringify(task)}`);
  }
} finally {
  await app.close();
}
console.log(
  JSON.stringify({ seeded: counts, seconds: Number(((performance.now() - started) / 1000).toFixed(1)) }),
);
