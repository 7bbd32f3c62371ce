import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db, withDefaultUser } from '../src/db/database';
import { occurrenceKey, PERSONAL_REMINDER_JOB } from '../src/modules/assistant/reminders/job';
import {
  type AssistantServer,
  signUpByPhone,
  startAssistantServer,
  twilioAccepts,
} from './helpers/assistant-process';
import { freshIp } from './helpers/auth';
import { freePort } from './helpers/process';
import { fakeTwilio } from './helpers/twilio-fake';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/**
 * Issue 30: reminders fire once with two instances on PostgreSQL + Redis polling one job queue,
 * and once across a restart (both instances killed before the time, a new one started after it).
 * Reminders are stored as reminder_create stores them, with their occurrence's job.
 */
const PEOPLE = 12;

describe.runIf(databaseUrl && redisUrl)('reminders with two instances and a restart', () => {
  const schema = `t_arm_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const twilio = fakeTwilio(twilioAccepts());
  const dirs: string[] = [];
  const servers: AssistantServer[] = [];
  let db: Db;
  let env: (dataDir: string) => Record<string, string>;

  async function start(port: number): Promise<AssistantServer> {
    const dataDir = mkdtempSync(join(tmpdir(), 'relay-arm-'));
    dirs.push(dataDir);
    const server = startAssistantServer(port, env(dataDir));
    servers.push(server);
    await server.ready();
    return server;
  }

  beforeAll(async () => {
    const twilioUrl = await twilio.start();
    const [portA, portB] = [await freePort(), await freePort()];
    const key = randomBytes(32).toString('base64');
    env = (dataDir) => ({
      PUBLIC_URL: `http://127.0.0.1:${portA}`,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl!,
      DATABASE_SCHEMA: schema,
      REDIS_URL: redisUrl!,
      APP_ENCRYPTION_KEY: key,
      TWILIO_BASE_URL: twilioUrl,
      TRUST_PROXY: '1',
      JOBS_POLL_INTERVAL_MS: '100',
      JOBS_CONCURRENCY: '8',
    });
    await start(portA);
    await start(portB);
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
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  /** A reminder as reminder_create stores it, and its occurrence's job. */
  async function remind(userId: string, what: string, due: Date, rrule: string | null = null) {
    const id = `rem-${randomBytes(6).toString('hex')}`;
    const nowIso = new Date().toISOString();
    const dueAt = due.toISOString();
    await db
      .insertInto('assistant_reminders')
      .values({
        id,
        user_id: userId,
        kind: rrule ? 'routine' : 'once',
        what,
        action: 'text',
        rrule,
        start_local: dueAt.slice(0, 16),
        zone: 'UTC',
        due_at: dueAt,
        evidence_message_id: null,
        evidence: `remind me to ${what}`,
        state: 'active',
        last_fired_at: null,
        last_outcome: null,
        created_at: nowIso,
        updated_at: nowIso,
      })
      .execute();
    await db
      .insertInto('jobs')
      .values({
        id: `job-${id}`,
        kind: PERSONAL_REMINDER_JOB,
        key: occurrenceKey(id, dueAt),
        payload: JSON.stringify({ reminderId: id, dueAt }),
        status: 'pending',
        run_at: dueAt,
        locked_by: null,
        locked_until: null,
        last_error: null,
        created_at: nowIso,
        updated_at: nowIso,
        done_at: null,
      })
      .execute();
    return id;
  }

  const reminderTexts = (phone: string) =>
    twilio.seen.filter((s) => s.form.get('To') === phone && s.form.get('Body')?.startsWith('Reminder: '));

  async function waitFor(done: () => boolean, ms: number) {
    const deadline = Date.now() + ms;
    while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    await new Promise((r) => setTimeout(r, 1500));
  }

  it('each reminder once with two instances, and once across a restart', async () => {
    const [a, b] = servers as [AssistantServer, AssistantServer];
    const stem = String(Date.now() % 10_000).padStart(4, '0');
    const people = Array.from({ length: PEOPLE }, (_, i) => ({
      phone: `+61419${stem}${String(i).padStart(2, '0')}`,
      userId: '',
    }));
    const tokens: string[] = [];
    for (const [i, person] of people.entries()) {
      const signed = await signUpByPhone(i % 2 ? a.base : b.base, person.phone, twilio.seen, freshIp());
      person.userId = signed.userId;
      tokens.push(signed.token);
    }
    // The routine is not held back by the default quiet hours, whatever the hour of the run.
    const off = await fetch(`${a.base}/v1/assistant/settings`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[0]}` },
      body: JSON.stringify({ quietHours: null }),
    });
    expect(off.status).toBe(200);

    // Two instances: every reminder due in 3 s, one a routine.
    const due = new Date(Date.now() + 3000);
    const routine = await remind(people[0]!.userId, 'stretch', due, 'FREQ=DAILY');
    for (const person of people.slice(1)) await remind(person.userId, `call ${person.phone}`, due);
    await waitFor(() => people.every((p) => reminderTexts(p.phone).length >= 1), 30_000);
    for (const person of people) expect(reminderTexts(person.phone), person.phone).toHaveLength(1);
    const next = await db
      .selectFrom('assistant_reminders')
      .selectAll()
      .where('id', '=', routine)
      .executeTakeFirstOrThrow();
    expect(next).toMatchObject({ state: 'active', last_outcome: 'sent' });
    // The rule runs from its local start minute (UTC here): tomorrow at that minute.
    expect(Date.parse(next.due_at!)).toBe(Math.floor(due.getTime() / 60_000) * 60_000 + 24 * 60 * 60_000);
    const queued = await db
      .selectFrom('jobs')
      .select('key')
      .where('key', '=', occurrenceKey(routine, next.due_at!))
      .execute();
    expect(queued).toHaveLength(1);

    // A restart: both instances die before the time; a new one starts after it.
    await a.kill('SIGKILL');
    await b.kill('SIGKILL');
    const later = new Date(Date.now() + 1000);
    for (const person of people) await remind(person.userId, `water ${person.phone}`, later);
    await new Promise((r) => setTimeout(r, 2000));
    await start(await freePort());
    await waitFor(() => people.every((p) => reminderTexts(p.phone).length >= 2), 30_000);
    for (const person of people) expect(reminderTexts(person.phone), person.phone).toHaveLength(2);
  }, 150_000);
});
