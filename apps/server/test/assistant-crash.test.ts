import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../src/db/database';
import { INBOUND_JOB } from '../src/modules/assistant/receive-message';
import {
  type AssistantServer,
  signUpByPhone,
  startAssistantServer,
  textAsTwilio,
  twilioAccepts,
} from './helpers/assistant-process';
import { freePort } from './helpers/process';
import { scriptedLlm } from './helpers/scripted-llm';
import { fakeTwilio } from './helpers/twilio-fake';
import { messageSid } from './helpers/twilio-sid';

/**
 * Issue 21, "Crash": `kill -9` during a turn. The server runs as its own process on SQLite in a
 * temp DATA_DIR, Twilio and the model on loopback fakes. The model hangs on the first request,
 * so the turn is in flight when the process is killed; the server is started again on the same
 * data, the model now answers, and the person gets exactly one reply once the dead turn's lease
 * has run out. The lease is the turn's deadline plus ASSISTANT_LEASE_MARGIN_MS, both shortened
 * here so that takes seconds, not the 90 of the defaults. SQLite whatever TEST_DATABASE_URL says:
 * the queue's own kill -9 test (jobs.test.ts) runs on PostgreSQL too.
 */

const TURN_TIMEOUT_MS = 2000;
const LEASE_MARGIN_MS = 1000;
const LEASE_MS = TURN_TIMEOUT_MS + LEASE_MARGIN_MS;
/** Past the lease: a restart (tsx compiles the server again), the worker's next poll, the turn, the send. */
const SLACK_MS = 20_000;
const REPLY = 'Back after the crash: nothing on tomorrow.';

const twilio = fakeTwilio(twilioAccepts());
const llm = scriptedLlm();
const dirs: string[] = [];
const servers: AssistantServer[] = [];
let twilioUrl = '';
let llmUrl = '';

beforeAll(async () => {
  twilioUrl = await twilio.start();
  llmUrl = await llm.start();
});
afterAll(async () => {
  for (const server of servers) await server.kill('SIGKILL');
  await twilio.stop();
  await llm.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const sentTo = (phone: string) =>
  twilio.seen.filter((s) => s.form.get('To') === phone).map((s) => s.form.get('Body') ?? '');

async function waitFor(what: string, check: () => boolean | Promise<boolean>, until: number): Promise<void> {
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

let numbers = 0;
function newNumber(): string {
  numbers += 1;
  return `+61417${String(Date.now() % 100_000).padStart(5, '0')}${numbers % 10}`;
}

/** One server life on `dataDir`: the same port each time, so PUBLIC_URL (signed by Twilio) holds. */
function serverOn(port: number, dataDir: string): AssistantServer {
  const server = startAssistantServer(port, {
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    TWILIO_BASE_URL: twilioUrl,
    LLM_BASE_URL: llmUrl,
    LLM_MODEL: 'scripted',
    ASSISTANT_TURN_TIMEOUT_MS: String(TURN_TIMEOUT_MS),
    ASSISTANT_LEASE_MARGIN_MS: String(LEASE_MARGIN_MS),
    JOBS_POLL_INTERVAL_MS: '100',
  });
  servers.push(server);
  return server;
}

/**
 * A person with a trial texts the server, whose model hangs, and the process is killed with the
 * turn in flight. Returns what the rest of the test needs, the server dead and its data on disk.
 */
async function killedDuringATurn() {
  const dataDir = mkdtempSync(join(tmpdir(), 'relay-crash-'));
  dirs.push(dataDir);
  const port = await freePort();
  const first = serverOn(port, dataDir);
  await first.ready();
  const phone = newNumber();
  const { userId } = await signUpByPhone(first.base, phone, twilio.seen);
  // The sign-in code is not one of the assistant's replies.
  for (let i = twilio.seen.length - 1; i >= 0; i -= 1)
    if (twilio.seen[i]!.form.get('To') === phone) twilio.seen.splice(i, 1);

  const requestsBefore = llm.requests.length;
  llm.script([{ hang: true }], { text: REPLY });
  const sid = messageSid();
  const posted = await textAsTwilio(first.base, first.base, {
    from: phone,
    body: 'what is on tomorrow?',
    sid,
  });
  expect(posted.status).toBe(200);
  await waitFor('the model to get the turn', () => llm.requests.length > requestsBefore, Date.now() + 15_000);
  await first.kill('SIGKILL');
  const killedAt = Date.now();
  return { dataDir, port, phone, userId, sid, requestsBefore, killedAt };
}

/** The crashed server's SQLite database, opened beside (or instead of) the server. */
function database(dataDir: string): Db {
  return createDb({ kind: 'sqlite', file: join(dataDir, 'app.db') });
}

async function inboundJob(db: Db, sid: string) {
  const message = await db
    .selectFrom('assistant_messages')
    .selectAll()
    .where('provider_sid', '=', sid)
    .executeTakeFirstOrThrow();
  const job = await db
    .selectFrom('jobs')
    .selectAll()
    .where('kind', '=', INBOUND_JOB)
    .where('key', '=', `inbound:${message.id}`)
    .executeTakeFirstOrThrow();
  return { message, job };
}

describe('kill -9 during a turn', () => {
  it('finishes the turn after a restart, and the person gets exactly one reply', async () => {
    const crash = await killedDuringATurn();
    const db = database(crash.dataDir);
    try {
      // What the dead process left: its text stored and unanswered, the job claimed, once.
      const left = await inboundJob(db, crash.sid);
      expect(left.message.turn_id).toBeNull();
      expect(left.job).toMatchObject({ status: 'pending', attempts: 1 });
      expect(left.job.locked_until).not.toBeNull();
      expect(sentTo(crash.phone)).toEqual([]);

      const second = serverOn(crash.port, crash.dataDir);
      await second.ready();
      await waitFor(
        'the reply after the restart',
        () => sentTo(crash.phone).length > 0,
        crash.killedAt + LEASE_MS + SLACK_MS,
      );
      // Room for a second reply, had the turn run twice: another lease and a poll.
      await new Promise((r) => setTimeout(r, LEASE_MS + 500));
      expect(sentTo(crash.phone)).toEqual([REPLY]);

      const after = await inboundJob(db, crash.sid);
      expect(after.message.turn_id).not.toBeNull();
      // The killed attempt counts: the restarted worker ran the second.
      expect(after.job).toMatchObject({ status: 'done', attempts: 2 });
      const outbound = await db
        .selectFrom('assistant_messages')
        .select(['body', 'status', 'turn_id'])
        .where('user_id', '=', crash.userId)
        .where('direction', '=', 'out')
        .execute();
      expect(outbound).toEqual([{ body: REPLY, status: 'sent', turn_id: after.message.turn_id }]);
      // The hung request, then the one after the restart: the turn ran again, from the start.
      expect(llm.requests.length - crash.requestsBefore).toBe(2);
      await second.kill('SIGTERM');
    } finally {
      await db.destroy();
    }
  }, 120_000);

  it('answers a turn taken again while its dead run still holds the person’s lock', async () => {
    // The run's lock is taken a few milliseconds after its job is claimed, and both last the
    // deadline plus the margin, so the lock outlives the lease by those milliseconds: a worker
    // polling in them takes the job again and finds the person's lock held, by a run that is
    // dead. Here that window is made seconds wide, so the restart lands in it every time.
    const crash = await killedDuringATurn();
    const db = database(crash.dataDir);
    try {
      const left = await inboundJob(db, crash.sid);
      const holdLock = (until: string) =>
        db
          .updateTable('one_time_state')
          .set({ expires_at: until })
          .where('key', '=', `assistant-run:${crash.userId}`)
          .executeTakeFirst();
      const holdJob = (until: string) =>
        db.updateTable('jobs').set({ locked_until: until }).where('id', '=', left.job.id).execute();
      // Both held while the second server starts (seconds on a loaded machine), so the window
      // below opens only once it polls.
      const starting = new Date(Date.now() + 120_000).toISOString();
      expect(Number((await holdLock(starting)).numUpdatedRows)).toBe(1);
      await holdJob(starting);
      const second = serverOn(crash.port, crash.dataDir);
      await second.ready();

      const lockUntil = new Date(Date.now() + 8000).toISOString();
      expect(Number((await holdLock(lockUntil)).numUpdatedRows)).toBe(1);
      await holdJob(new Date(Date.now() - 1).toISOString());
      await waitFor(
        'the reply once the dead run’s lock lapsed',
        () => sentTo(crash.phone).length > 0,
        Date.parse(lockUntil) + LEASE_MS + SLACK_MS,
      );
      await new Promise((r) => setTimeout(r, LEASE_MS + 500));
      expect(sentTo(crash.phone)).toEqual([REPLY]);
      // The job was indeed taken again, and finished, while the lock still stood.
      const after = await inboundJob(db, crash.sid);
      expect(after.job).toMatchObject({ status: 'done', attempts: 2 });
      expect(after.job.done_at! < lockUntil).toBe(true);
      expect(after.message.turn_id).not.toBeNull();
      await second.kill('SIGTERM');
    } finally {
      await db.destroy();
    }
  }, 120_000);
});
