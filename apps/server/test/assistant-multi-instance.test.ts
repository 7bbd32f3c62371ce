import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db, withDefaultUser } from '../src/db/database';
import { INBOUND_JOB } from '../src/modules/assistant/receive-message';
import {
  type AssistantServer,
  signUpByPhone,
  startAssistantServer,
  textAsTwilio,
  twilioAccepts,
} from './helpers/assistant-process';
import { freshIp } from './helpers/auth';
import { freePort } from './helpers/process';
import { turnModel } from './helpers/turn-model';
import { fakeTwilio } from './helpers/twilio-fake';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/**
 * Issue 21, "Crash": two instances on PostgreSQL + Redis with 50 people texting at once. Two
 * server processes share one schema (the job queue, claimed with SKIP LOCKED) and one Redis (the
 * per-person run lock), as behind a load balancer; one Twilio fake, one model that answers each
 * request after 50 to 150 ms. Each person sends two texts at the same moment, one to each
 * instance's webhook. Every text must be answered (one reply may cover both, when the second
 * arrived during the run that answered the first), no reply sent twice, and no person's runs
 * may overlap: the model records whose conversation each request was, and when.
 */
const PEOPLE = 50;

describe.runIf(databaseUrl && redisUrl)('two instances, 50 people texting at once', () => {
  const schema = `t_ami_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const twilio = fakeTwilio(twilioAccepts());
  const model = turnModel({
    delayMs: () => 50 + Math.floor(Math.random() * 100),
    personOf: (text) => /^\[(p\d+)\]/.exec(text)?.[1] ?? null,
  });
  const dirs: string[] = [];
  const servers: AssistantServer[] = [];
  let db: Db;

  beforeAll(async () => {
    const twilioUrl = await twilio.start();
    const modelUrl = await model.start();
    const [portA, portB] = [await freePort(), await freePort()];
    const randomKey = randomBytes(32).toString('base64');
    const env = (dataDir: string) => ({
      // One address for both, as Twilio knows the service behind its load balancer: it signs that.
      PUBLIC_URL: `http://127.0.0.1:${portA}`,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl!,
      DATABASE_SCHEMA: schema,
      REDIS_URL: redisUrl!,
      // One master key: codes hashed and phone numbers keyed by one instance are read by the other.
      APP_ENCRYPTION_KEY: randomKey,
      TWILIO_BASE_URL: twilioUrl,
      LLM_BASE_URL: modelUrl,
      LLM_MODEL: 'turn-model',
      // Sign-ups come from many addresses (X-Forwarded-For), past the fixed per-address limits.
      TRUST_PROXY: '1',
      JOBS_POLL_INTERVAL_MS: '100',
      JOBS_CONCURRENCY: '8',
    });
    for (const port of [portA, portB]) {
      const dataDir = mkdtempSync(join(tmpdir(), 'relay-ami-'));
      dirs.push(dataDir);
      const server = startAssistantServer(port, env(dataDir));
      servers.push(server);
      // One after the other: the first creates the schema and migrates it.
      await server.ready();
    }
    db = createDb({ kind: 'postgres', url: databaseUrl!, schema });
  }, 120_000);

  afterAll(async () => {
    for (const server of servers) await server.kill('SIGTERM');
    await db?.destroy();
    const client = new pg.Client({ connectionString: withDefaultUser(databaseUrl!) });
    await client.connect();
    await client.query(`drop schema if exists ${schema} cascade`);
    await client.end();
    await twilio.stop();
    await model.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('answers every text once, with one run per person at a time', async () => {
    const [a, b] = servers as [AssistantServer, AssistantServer];
    const stem = String(Date.now() % 10_000).padStart(4, '0');
    const people = Array.from({ length: PEOPLE }, (_, i) => ({
      tag: `p${i}`,
      phone: `+61418${stem}${String(i).padStart(2, '0')}`,
      userId: '',
    }));

    // Signed up through either instance's API, ten at a time.
    for (let i = 0; i < PEOPLE; i += 10) {
      await Promise.all(
        people.slice(i, i + 10).map(async (person, k) => {
          const server = (i + k) % 2 === 0 ? a : b;
          person.userId = (await signUpByPhone(server.base, person.phone, twilio.seen, freshIp())).userId;
        }),
      );
    }
    // Everything sent so far is a sign-in code, none of it the assistant's.
    twilio.seen.length = 0;

    // Two texts from each person at once, one to each instance.
    const posted = await Promise.all(
      people.flatMap((person, i) =>
        [0, 1].map((n) =>
          textAsTwilio((i + n) % 2 === 0 ? a.base : b.base, a.base, {
            from: person.phone,
            body: `[${person.tag}] question ${n + 1}`,
            sid: `SMami${stem}${i}x${n}`,
          }),
        ),
      ),
    );
    expect(posted.map((response) => response.status)).toEqual(posted.map(() => 200));

    const inbound = () =>
      db
        .selectFrom('assistant_messages')
        .select(['id', 'phone', 'turn_id', 'body'])
        .where('direction', '=', 'in')
        .execute();
    const outbound = () =>
      db
        .selectFrom('assistant_messages')
        .select(['id', 'phone', 'turn_id', 'body', 'status'])
        .where('direction', '=', 'out')
        .execute();
    const deadline = Date.now() + 40_000;
    for (;;) {
      const [ins, outs] = await Promise.all([inbound(), outbound()]);
      const settled =
        ins.length === PEOPLE * 2 &&
        ins.every((row) => row.turn_id !== null) &&
        outs.every((row) => row.status !== 'queued') &&
        twilio.seen.length === outs.length;
      if (settled) break;
      if (Date.now() > deadline) {
        const open = ins.filter((row) => row.turn_id === null).map((row) => row.body);
        throw new Error(
          `not settled: ${open.length} texts unanswered (${open.slice(0, 10).join(', ')}), ${outs.length} replies, ${twilio.seen.length} sent\n${servers.map((s) => s.output()).join('\n')}`,
        );
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    // Room for a reply sent twice, or a stray run, to show up.
    await new Promise((r) => setTimeout(r, 1500));

    const [ins, outs] = await Promise.all([inbound(), outbound()]);
    const turns = await db
      .selectFrom('assistant_turns')
      .select(['id', 'user_id', 'inbound_message_id', 'outcome'])
      .execute();
    const turnIds = new Set(turns.map((turn) => turn.id));
    // Every text answered by a turn of the agent (not the gate, not an apology).
    expect(ins.filter((row) => !turnIds.has(row.turn_id ?? ''))).toEqual([]);
    expect(turns.map((turn) => turn.outcome)).toEqual(turns.map(() => 'answered'));
    // One reply a turn, sent, and to Twilio exactly as many as were stored.
    expect(outs).toHaveLength(turns.length);
    expect(new Set(outs.map((row) => row.turn_id)).size).toBe(turns.length);
    expect(outs.filter((row) => row.status !== 'sent')).toEqual([]);
    expect(twilio.seen).toHaveLength(outs.length);

    for (const person of people) {
      const mine = ins.filter((row) => row.phone === person.phone);
      expect(mine, person.tag).toHaveLength(2);
      const answeredBy = new Set(mine.map((row) => row.turn_id));
      const sent = twilio.seen
        .filter((s) => s.form.get('To') === person.phone)
        .map((s) => s.form.get('Body'));
      // A reply for each turn that answered their texts, none twice (each model answer is unique).
      expect(sent, person.tag).toHaveLength(answeredBy.size);
      expect(new Set(sent).size, person.tag).toBe(sent.length);
      // As many model calls as turns: no turn of theirs ran twice.
      expect(model.calls.filter((call) => call.person === person.tag).length, person.tag).toBe(
        answeredBy.size,
      );
    }
    // Each turn's conversation ends with the texts it answers. A text that came in while the
    // person's previous run was busy is older than that run's reply, yet it is the question.
    expect(model.calls.filter((call) => call.lastRole !== 'user')).toEqual([]);
    // One run per person at a time, across both instances.
    expect(model.overlaps()).toEqual([]);
    expect(model.calls.filter((call) => call.person === null)).toEqual([]);

    // Both instances took turns: each stamps the jobs it claims with its own worker id.
    const workers = await db
      .selectFrom('jobs')
      .select('locked_by')
      .distinct()
      .where('kind', '=', INBOUND_JOB)
      .where('locked_by', 'is not', null)
      .execute();
    expect(workers.length).toBeGreaterThanOrEqual(2);
  }, 90_000);
});
