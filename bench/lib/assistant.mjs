// The assistant (issue 21): Twilio's webhook under load, the pipeline's own time per turn, and
// turns a second end to end, on SQLite and on PostgreSQL + Redis. Each app is the production
// build (`node scripts/start.mjs`) with Twilio pointed at a loopback fake in this process, so a
// turn is done when its reply reaches "Twilio"; the people are made through the app's own API
// (sign-in by code, the trial, Google through the local issuer), as a newcomer makes themselves.
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, measureBare } from './api.mjs';
import { inboundText, startInstantModel, startTwilioFake, twilioEnv } from './assistant-fakes.mjs';
import { makePeople } from './assistant-people.mjs';
import { config } from './config.mjs';
import { phoneNumber } from './identities.mjs';
import { clientAddresses, measure, rotate } from './load.mjs';
import { clearRedis, query, redisReachable } from './postgres.mjs';
import { startApp, tempDir } from './processes.mjs';

/** What the people ask the stand-in model: one calendar tool call, then the answer (docs/assistant-stand-in.md). */
const ASK = "what's on tomorrow?";
/** Numbers the app does not know: the webhook load's senders (the gate answers each once a day). */
const STRANGERS = 1000;
const log = (line) => console.log(`  ${line}`);

/** Nearest-rank percentile, in ms with one decimal. */
export function percentile(values, p) {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const value = sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
  return Math.round(value * 10) / 10;
}

const spread = (values) => ({ p50: percentile(values, 50), p99: percentile(values, 99), n: values.length });

/** One text through the signed webhook, and its reply as Twilio's fake receives it. */
export async function textOnce(app, twilio, phone, body) {
  const reply = twilio.next(phone);
  // A post that fails (or outlasts the wait) leaves the reply's wait to fail on its own: not a crash.
  reply.catch(() => {});
  const sent = performance.now();
  const text = inboundText(app.base, phone, body);
  const response = await fetch(`${app.base}/v1/sms/inbound`, { method: 'POST', ...text });
  await response.text();
  if (response.status !== 200) throw new Error(`the webhook answered ${response.status}`);
  const got = await reply;
  return { sent, at: got.at, body: got.body };
}

/**
 * Turns a second end to end: every person in a closed loop (text, wait for the reply, text
 * again) for `seconds`, after one warm-up turn each (their sample workspace is made on first
 * use). A turn counts when its reply arrived inside the window.
 */
async function turnsPerSecond(app, twilio, people, seconds) {
  await Promise.all(people.map((person) => textOnce(app, twilio, person.phone, ASK)));
  const end = performance.now() + seconds * 1000;
  const latencies = [];
  const unexpected = [];
  await Promise.all(
    people.map(async (person) => {
      while (performance.now() < end) {
        const turn = await textOnce(app, twilio, person.phone, ASK);
        if (turn.at <= end) latencies.push(turn.at - turn.sent);
        // The stand-in's answer names the day; anything else (an apology, the plan's limit) is not a turn.
        if (!turn.body.startsWith('Tomorrow')) unexpected.push(turn.body);
      }
    }),
  );
  const result = {
    people: people.length,
    seconds,
    turns: latencies.length,
    turnsPerSecond: Math.round((latencies.length / seconds) * 10) / 10,
    latencyMs: spread(latencies),
    unexpected: unexpected.length,
    ...(unexpected.length ? { unexpectedSample: unexpected[0].slice(0, 200) } : {}),
  };
  log(
    `${'turns end to end (stand-in model)'.padEnd(34)} ${String(result.turnsPerSecond).padStart(6)} turns/s  p50 ${result.latencyMs.p50} ms  p99 ${result.latencyMs.p99} ms  [${result.turns} turns, ${people.length} people${unexpected.length ? `, ${unexpected.length} unexpected replies` : ''}]`,
  );
  return result;
}

/**
 * Twilio's webhook at `config.connections` concurrent senders: signed form posts, a new
 * MessageSid each, from numbers the app does not know, while the app's worker answers them
 * (the daily sign-up notice once a number, then nothing) beside the load.
 */
async function webhookLoad(app) {
  const sender = rotate(Array.from({ length: STRANGERS }, (_, i) => phoneNumber(20_000 + i)));
  // The webhook's limit is per address, as for Twilio's few; the load comes from many (TRUST_PROXY=1).
  const address = clientAddresses();
  const result = await measure({
    url: `${app.base}/v1/sms/inbound`,
    method: 'POST',
    setupRequest: (request) => {
      const text = inboundText(app.base, sender(), 'hello?');
      return { ...request, headers: { ...text.headers, 'x-forwarded-for': address() }, body: text.body };
    },
  });
  return describe('POST /v1/sms/inbound (signed)', result);
}

/** One app with the stand-in model: its turns a second, then its webhook under load. */
async function standInApp({ port, twilio, database, label }) {
  const app = await startApp({
    port,
    dataDir: tempDir(),
    database,
    env: twilioEnv(twilio.url),
    logName: `assistant-${label}`,
  });
  try {
    const phones = Array.from({ length: config.assistantPeople }, (_, i) => phoneNumber(10_000 + i));
    const started = performance.now();
    const people = await makePeople(app.base, twilio, phones);
    log(
      `${people.length} people signed up with Google connected in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const turns = await turnsPerSecond(app, twilio, people, config.seconds);
    // Last: it leaves the worker a backlog, and the app is stopped after it.
    const webhook = await webhookLoad(app);
    return { turns, webhook };
  } finally {
    await app.stop();
  }
}

/**
 * The pipeline's own time per turn: one turn at a time (no queueing), each three tool calls
 * against the person's sample workspace and four requests to a model that answers at once.
 * From the database, the text's timestamp (stored by the webhook) to its reply's (queued by the
 * turn), less the time the model spent on its requests; and from outside, the webhook's post to
 * the reply reaching Twilio, less the same.
 */
async function pipeline({ port, twilio }) {
  const model = await startInstantModel();
  const dataDir = tempDir();
  const app = await startApp({
    port,
    dataDir,
    env: { ...twilioEnv(twilio.url), LLM_BASE_URL: `${model.url}/v1`, LLM_MODEL: 'instant' },
    logName: 'assistant-pipeline',
  });
  try {
    const phones = Array.from({ length: 10 }, (_, i) => phoneNumber(10_000 + i));
    const people = await makePeople(app.base, twilio, phones);
    for (const person of people) await textOnce(app, twilio, person.phone, 'warm up');
    const turns = [];
    for (let k = 0; k < config.pipelineTurns; k += 1) {
      const first = model.served.length;
      const turn = await textOnce(app, twilio, people[k % people.length].phone, `check my day ${k}`);
      const served = model.served.slice(first);
      turns.push({
        ...turn,
        modelMs: served.reduce((sum, s) => sum + (s.end - s.start), 0),
        requests: served.length,
      });
    }
    const db = new Database(join(dataDir, 'app.db'), { readonly: true, fileMustExist: true });
    const rows = db
      .prepare(
        `select i.created_at as stored, o.created_at as queued,
           (select count(*) from assistant_tool_calls c where c.turn_id = i.turn_id) as tools
         from assistant_messages i join assistant_messages o on o.turn_id = i.turn_id and o.direction = 'out'
         where i.direction = 'in' order by i.created_at, i.id`,
      )
      .all()
      .slice(-turns.length);
    db.close();
    const own = rows.map((row, k) => Date.parse(row.queued) - Date.parse(row.stored) - turns[k].modelMs);
    const result = {
      turns: turns.length,
      toolCallsPerTurn: [...new Set(rows.map((row) => row.tools))],
      modelRequestsPerTurn: [...new Set(turns.map((turn) => turn.requests))],
      ownMs: spread(own),
      storedToQueuedMs: spread(rows.map((row) => Date.parse(row.queued) - Date.parse(row.stored))),
      modelMs: spread(turns.map((turn) => turn.modelMs)),
      endToEndMs: spread(turns.map((turn) => turn.at - turn.sent)),
      endToEndOwnMs: spread(turns.map((turn) => turn.at - turn.sent - turn.modelMs)),
    };
    log(
      `${'pipeline per turn, without model'.padEnd(34)} median ${result.ownMs.p50} ms  p99 ${result.ownMs.p99} ms  [${result.turns} turns, ${result.toolCallsPerTurn.join('/')} tool calls, ${result.modelRequestsPerTurn.join('/')} model requests; model ${result.modelMs.p50} ms]`,
    );
    log(
      `${'webhook to Twilio, without model'.padEnd(34)} median ${result.endToEndOwnMs.p50} ms  p99 ${result.endToEndOwnMs.p99} ms`,
    );
    return result;
  } finally {
    await app.stop();
    await model.stop();
  }
}

export async function measureAssistant({ port, postgresPort, bare }) {
  const twilio = await startTwilioFake();
  const result = { people: config.assistantPeople, connections: config.connections, seconds: config.seconds };
  // The bare reference of this run, before and after the apps: the webhook is read as a share of it.
  const bareRuns = [(await measureBare(bare)).requestsPerSecond];
  try {
    log('SQLite, the stand-in model:');
    result.sqlite = await standInApp({ port, twilio, label: 'sqlite' });
    log('SQLite, a model that answers at once with three tool calls:');
    result.pipeline = await pipeline({ port, twilio });
    result.postgres = await postgres({ port: postgresPort, twilio });
  } finally {
    await twilio.stop();
  }
  bareRuns.push((await measureBare(bare)).requestsPerSecond);
  result.bare = { runs: bareRuns, requestsPerSecond: Math.round((bareRuns[0] + bareRuns[1]) / 2) };
  return result;
}

/** The stand-in app again on PostgreSQL (a schema of its own, dropped after) and Redis. */
async function postgres({ port, twilio }) {
  try {
    await query(config.postgresUrl, 'select 1');
  } catch (error) {
    log(`PostgreSQL not reachable at ${config.postgresUrl}: skipped`);
    return { skipped: `PostgreSQL not reachable at ${config.postgresUrl} (${error.message})` };
  }
  const redisUrl = (await redisReachable(config.redisUrl)) ? config.redisUrl : undefined;
  const schema = `bench_assistant_${Date.now().toString(36)}_${process.pid}`;
  log(`PostgreSQL${redisUrl ? ' + Redis' : ''}, the stand-in model:`);
  try {
    const measured = await standInApp({
      port,
      twilio,
      database: { url: config.postgresUrl, schema, redisUrl },
      label: 'postgres',
    });
    return { ...measured, redis: Boolean(redisUrl) };
  } finally {
    await query(config.postgresUrl, `drop schema if exists ${schema} cascade`).catch((error) =>
      console.warn(`  could not drop schema ${schema}: ${error.message}`),
    );
    if (redisUrl) await clearRedis(redisUrl).catch(() => {});
  }
}
