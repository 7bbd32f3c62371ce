// The background benchmark (issue 31), its live half: N people seeded straight into the database
// (bench/seed.mjs's "background" task: a linked number, a running trial, default settings, an
// iCloud account on the local stand-in with one meeting with a place), then the production
// server run over them, on SQLite (one instance) and on PostgreSQL + Redis (two instances), and
// measured from outside:
//   - CPU a minute its process(es) spend while nothing changes (Linux /proc, after start-up settles);
//   - each scheduling pass's time (the pass logs it at debug: 'scheduling pass', ms);
//   - the share of the seeded events whose reminder job was enqueued before its time (the jobs
//     table: created before the event's start less the 15-minute lead);
//   - a text's round trip (the signed webhook's post to the reply at the Twilio fake) while the
//     background work runs, for a few people texting in a closed loop.
// The meeting starts `eventMinutes` (20) after the server starts, so its reminder is due 5
// minutes in: the reminders are counted just before that, and the server stopped, so the burst
// of N sends never comes.
import { copyFileSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { percentile } from './assistant.mjs';
import { inboundText, startTwilioFake, twilioEnv } from './assistant-fakes.mjs';
import { config } from './config.mjs';
import { phoneNumber } from './identities.mjs';
import { clearRedis, query, redisReachable } from './postgres.mjs';
import { startApp, startCluster, tempDir } from './processes.mjs';
import { seed } from './seeding.mjs';

/** Clock ticks a second (USER_HZ); 100 on every Linux the bench runs on. */
const TICKS = 100;
const REMINDER_LEAD_MS = 15 * 60_000;
/** The scheduling pass's interval (ASSISTANT_SCHEDULE_INTERVAL_MS's default) and its target: a tenth. */
const PASS_EVERY_MS = 60_000;
/** What settling the earlier looks takes a person, about (bench/seed.mjs's `steady` task; BENCH_BACKGROUND_SETTLE_MS on a loaded machine), so the meeting is far enough. */
const SETTLE_MS_A_PERSON = Number(process.env.BENCH_BACKGROUND_SETTLE_MS ?? 1);
const log = (line) => console.log(`  ${line}`);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** CPU seconds (user + system) a process has used so far, or null where /proc cannot tell. */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS; // utime, stime (fields 14, 15)
  } catch {
    return null;
  }
}

/** A process and its children (the cluster's instances), from /proc. */
export function processTree(pid) {
  const pids = [pid];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of children ? children.split(/\s+/) : []) pids.push(...processTree(Number(child)));
    }
  } catch {}
  return pids;
}

/** CPU seconds per minute the processes `pids` spend together over `seconds` of wall time. */
export async function cpuPerMinute(pids, seconds) {
  const read = () => pids.reduce((sum, pid) => sum + (cpuSeconds(pid) ?? 0), 0);
  const before = read();
  const started = performance.now();
  await sleep(seconds * 1000);
  const wall = (performance.now() - started) / 1000;
  return Math.round(((read() - before) / wall) * 60 * 100) / 100;
}

/** The passes' times the server logged ('scheduling pass', at debug), in order. */
export function passTimes(logFile) {
  const times = [];
  for (const line of readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.includes('"scheduling pass"')) continue;
    try {
      const entry = JSON.parse(line);
      if (entry.msg === 'scheduling pass' && typeof entry.ms === 'number') times.push(entry.ms);
    } catch {}
  }
  return times;
}

/** The reminder jobs of the seeded meetings enqueued before `dueIso` (pending or done). */
async function remindersBefore(target, dueIso) {
  const text = (table) =>
    `select count(*) as n from ${table} where kind = 'assistant.reminder' and key like '%:bench-meeting:%' and status in ('pending', 'done') and created_at < '${dueIso}'`;
  if (target.database) {
    const result = await query(target.database.url, text(`"${target.database.schema}".jobs`));
    return Number(result.rows[0].n);
  }
  const db = new Database(join(target.dataDir, 'app.db'), { readonly: true, fileMustExist: true });
  try {
    return Number(db.prepare(text('jobs')).get().n);
  } finally {
    db.close();
  }
}

/** One text and its reply; null when no reply came within `REPLY_WAIT_MS` (counted, not thrown). */
const REPLY_WAIT_MS = 60_000;
async function textAndReply(app, twilio, phone) {
  // The stand-in's answer to the question names the day; any other text (a notice) goes by.
  const reply = twilio.next(phone, REPLY_WAIT_MS, (body) => /^(Tomorrow|明天)/.test(body));
  reply.catch(() => {});
  const sent = performance.now();
  const text = inboundText(app.base, phone, "what's on tomorrow?");
  const response = await fetch(`${app.base}/v1/sms/inbound`, { method: 'POST', ...text });
  await response.text();
  if (response.status !== 200) throw new Error(`the webhook answered ${response.status}`);
  try {
    return (await reply).at - sent;
  } catch {
    return null;
  }
}

/** A few people texting in a closed loop for `seconds`, after one warm-up text each. */
async function roundTrips(app, twilio, phones, seconds) {
  await Promise.all(phones.map((phone) => textAndReply(app, twilio, phone)));
  const end = performance.now() + seconds * 1000;
  const latencies = [];
  let unanswered = 0;
  await Promise.all(
    phones.map(async (phone) => {
      while (performance.now() < end) {
        const ms = await textAndReply(app, twilio, phone);
        if (ms === null) unanswered += 1;
        else latencies.push(ms);
      }
    }),
  );
  return {
    people: phones.length,
    seconds,
    texts: latencies.length,
    unanswered,
    /** Other texts the people got meanwhile (not replies to the question): a sample. */
    otherTexts: twilio
      .others()
      .filter((other) => phones.includes(other.to))
      .slice(0, 5),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: percentile(latencies, 100),
  };
}

/** One database and N: seeded, started, measured, stopped, removed. */
async function backgroundCase({ kind, people, start, port, twilio, redisUrl, settings }) {
  const dataDir = tempDir();
  const database =
    kind === 'postgres'
      ? { url: config.postgresUrl, schema: `bench_bg_${Date.now().toString(36)}_${process.pid}`, redisUrl }
      : undefined;
  const target = { dataDir, database };
  const result = { db: kind, instances: kind === 'postgres' ? 2 : 1, people };
  try {
    const placeholder = new Date(Date.now() + 3600_000).toISOString();
    const seeded = await seed([{ background: [0, people], eventAt: placeholder }], { dataDir, database });
    result.seedSeconds = seeded.seconds;
    result.start = start;
    log(`${kind}, ${people.toLocaleString('en')} people, ${start} start: seeded in ${seeded.seconds} s`);
    // The meeting starts `eventMinutes` after the server starts (moved now: seeding 100,000 takes
    // a while). A steady start then has the earlier looks settled (untimed, a quarter of a
    // millisecond a person): the meeting is moved that much further ahead, so its reminder still falls due
    // after the measurements.
    const settling = start === 'steady' ? people * SETTLE_MS_A_PERSON : 0;
    const eventAt = Date.now() + settings.eventMinutes * 60_000 + settling;
    await seed([{ eventsAt: new Date(eventAt).toISOString() }], { dataDir, database });
    if (start === 'steady') {
      const settled = await seed([{ steady: true }], { dataDir, database });
      result.settleSeconds = settled.seconds;
      result.queuedByEarlierLooks = settled.seeded.reminders_queued_by_earlier_looks ?? 0;
      log(
        `  earlier looks settled in ${settled.seconds} s (${result.queuedByEarlierLooks} reminders within their reach); the meeting ${Math.round((eventAt - Date.now()) / 60_000)} min away`,
      );
    }
    const env = { ...twilioEnv(twilio.url), LOG_LEVEL: 'debug' };
    const logName = `background-${kind}-${people}-${start}`;
    const app =
      kind === 'postgres'
        ? await startCluster({ port, dataDir, database, instances: 2, env, logName })
        : await startApp({ port, dataDir, env, keepData: true, logName });
    const started = Date.now();
    result.readyMs = app.readyMs;
    try {
      await sleep(settings.settleSeconds * 1000);
      const pids = processTree(app.pid);
      result.cpuPerMinute = await cpuPerMinute(pids, settings.cpuSeconds);
      // The machine is shared: its load (1-minute average) beside the figures.
      result.load = [loadavg()[0]];
      result.cpuWindowSeconds = settings.cpuSeconds;
      log(
        `  idle CPU ${result.cpuPerMinute} s a minute (${pids.length} processes, ${settings.cpuSeconds} s window, load ${result.load[0].toFixed(1)})`,
      );
      const phones = Array.from({ length: settings.texters }, (_, i) => phoneNumber(i));
      result.roundTripMs = await roundTrips(app, twilio, phones, settings.textSeconds);
      result.load.push(loadavg()[0]);
      const rt = result.roundTripMs;
      log(
        `  text round trip p50 ${rt.p50} ms, p99 ${rt.p99} ms, max ${rt.max} ms (${rt.texts} texts, ${rt.unanswered} unanswered in ${REPLY_WAIT_MS / 1000} s)`,
      );
      // Counted just before the reminders fall due, so the burst of sends never starts.
      const due = eventAt - REMINDER_LEAD_MS;
      await sleep(due - 10_000 - Date.now());
      const enqueued = await remindersBefore(target, new Date(due).toISOString());
      result.reminders = {
        enqueued,
        share: Math.round((enqueued / people) * 10_000) / 100,
        checkedAfterSeconds: Math.round((Date.now() - started) / 1000),
      };
      log(`  reminders enqueued before their time: ${enqueued} of ${people} (${result.reminders.share} %)`);
      const passes = passTimes(app.logFile);
      result.passes = {
        count: passes.length,
        maxMs: passes.length ? Math.max(...passes) : null,
        p50Ms: percentile(passes, 50),
        over: passes.filter((ms) => ms > PASS_EVERY_MS / 10).length,
        all: passes,
      };
      log(
        `  scheduling passes: ${passes.length}, longest ${result.passes.maxMs} ms, ${result.passes.over} over 6 s`,
      );
    } finally {
      // The server's log stays for a look afterwards (its passes, its warnings).
      result.log = join(tmpdir(), `relay-bench-${logName}.log`);
      copyFileSync(app.logFile, result.log);
      await app.stop();
    }
  } finally {
    if (database) {
      await query(database.url, `drop schema if exists "${database.schema}" cascade`).catch((error) =>
        console.warn(`  could not drop schema ${database.schema}: ${error.message}`),
      );
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
  return result;
}

/** The ratios the targets are about: the largest N against 1,000, per database. */
export function verdictsOf(cases) {
  const out = {};
  for (const kind of new Set(cases.map((c) => c.db))) {
    const mine = cases
      .filter((c) => c.db === kind && c.cpuPerMinute !== undefined && (c.start ?? 'steady') === 'steady')
      .sort((a, b) => a.people - b.people);
    const base = mine.find((c) => c.people === 1000) ?? mine[0];
    const top = mine.at(-1);
    if (!base || !top) continue;
    out[kind] = {
      from: base.people,
      to: top.people,
      cpuRatio: base.cpuPerMinute ? Math.round((top.cpuPerMinute / base.cpuPerMinute) * 100) / 100 : null,
      p99Ratio: base.roundTripMs?.p99
        ? Math.round((top.roundTripMs.p99 / base.roundTripMs.p99) * 100) / 100
        : null,
      everyReminderOnTime: mine.every((c) => c.reminders?.share === 100),
      longestPassMs: Math.max(...mine.map((c) => c.passes?.maxMs ?? 0)),
      coldReminderShare: cases.find((c) => c.db === kind && c.start === 'cold')?.reminders?.share ?? null,
    };
  }
  return out;
}

export async function measureBackground({ port, clusterPort }) {
  const settings = {
    people: config.backgroundPeople,
    dbs: config.backgroundDbs,
    eventMinutes: config.backgroundEventMinutes,
    starts: config.backgroundStarts,
    // The window holds two whole passes (at 60 s and 120 s after start), and ends before the texts.
    settleSeconds: 20,
    cpuSeconds: 150,
    textSeconds: config.quick ? 15 : 30,
    texters: 4,
  };
  const twilio = await startTwilioFake();
  const result = { settings: { ...settings }, cases: [] };
  try {
    for (const kind of settings.dbs) {
      let redisUrl;
      if (kind === 'postgres') {
        try {
          await query(config.postgresUrl, 'select 1');
        } catch (error) {
          result.cases.push({ db: kind, skipped: `PostgreSQL not reachable (${error.message})` });
          continue;
        }
        redisUrl = (await redisReachable(config.redisUrl)) ? config.redisUrl : undefined;
      }
      const largest = Math.max(...settings.people);
      const runs = settings.people.flatMap((people) =>
        settings.starts
          .filter((start) => start === 'steady' || (start === 'cold' && people === largest))
          .map((start) => ({ people, start })),
      );
      for (const { people, start } of runs) {
        try {
          result.cases.push(
            await backgroundCase({
              kind,
              people,
              start,
              port: kind === 'postgres' ? clusterPort : port,
              twilio,
              redisUrl,
              settings,
            }),
          );
        } catch (error) {
          console.error(`  ${kind}, ${people} people (${start}) failed: ${error.stack ?? error}`);
          result.cases.push({
            db: kind,
            people,
            start,
            error: String(error.message ?? error).slice(0, 1000),
          });
        }
      }
      if (redisUrl) await clearRedis(redisUrl).catch(() => {});
    }
  } finally {
    await twilio.stop();
  }
  result.verdicts = verdictsOf(result.cases);
  return result;
}
