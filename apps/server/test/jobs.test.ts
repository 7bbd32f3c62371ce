import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { Config } from '../src/config';
import { createDb, type Db, migrateToLatest } from '../src/db/database';
import { defineJob } from '../src/lib/jobs/definition';
import { JobsRepo } from '../src/lib/jobs/repo';
import { exponentialBackoff, type Job, JobWorker, type JobWorkerOptions } from '../src/lib/jobs/worker';
import { build, testConfig, usingPostgres } from './helpers/build';

/**
 * The durable queue on a real database: SQLite here, PostgreSQL when TEST_DATABASE_URL is set.
 * The tests share one database; each uses kinds of its own, so none claims another's jobs.
 */

const serverDir = fileURLToPath(new URL('..', import.meta.url));

let database: Config['database'];
let db: Db;
let cleanup: () => Promise<void>;
const extraDbs: Db[] = [];

beforeAll(async () => {
  const test = testConfig();
  database = test.config.database;
  cleanup = test.cleanup;
  db = createDb(database);
  await migrateToLatest(db, database);
});

afterAll(async () => {
  for (const other of extraDbs) await other.destroy();
  await db?.destroy();
  await cleanup?.();
});

/** Another connection (SQLite) or another pool (PostgreSQL) on the same database: another instance. */
function anotherDb(): Db {
  const other = createDb(database);
  extraDbs.push(other);
  return other;
}

function testClock(start = Date.parse('2026-03-01T09:00:00.000Z')) {
  let now = start;
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

const quiet = { info: () => {}, warn: () => {}, error: () => {} };

function worker(options: Partial<JobWorkerOptions> & Pick<JobWorkerOptions, 'clock'>): JobWorker {
  return new JobWorker({ repo: new JobsRepo(db), log: quiet, pollMs: 20, concurrency: 4, ...options });
}

const kindOf = (name: string) => `${name}-${randomUUID().slice(0, 8)}`;

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe(`job queue (${usingPostgres ? 'PostgreSQL' : 'SQLite'})`, () => {
  it('stores a job with what it is about: a rolled-back transaction leaves no job', async () => {
    const repo = new JobsRepo(db);
    const now = new Date();
    const kind = kindOf('tx');
    await expect(
      db.transaction().execute(async (trx) => {
        await repo.enqueue(trx, { kind, key: `${kind}:lost`, payload: { n: 1 } }, now);
        throw new Error('the webhook failed after storing');
      }),
    ).rejects.toThrow('the webhook failed');
    expect(await repo.findByKey(`${kind}:lost`)).toBeUndefined();

    await db
      .transaction()
      .execute((trx) => repo.enqueue(trx, { kind, key: `${kind}:kept`, payload: { n: 2 } }, now));
    const kept = await repo.findByKey(`${kind}:kept`);
    expect(kept).toMatchObject({ kind, status: 'pending', attempts: 0, payload: '{"n":2}', locked_by: null });
  });

  it('makes one job of a repeated key, even when enqueued at once', async () => {
    const repo = new JobsRepo(db);
    const kind = kindOf('key');
    const key = `${kind}:SM123`;
    const first = await repo.enqueue(db, { kind, key, payload: { n: 1 } }, new Date());
    const again = await repo.enqueue(db, { kind, key, payload: { n: 2 } }, new Date());
    expect(first.created).toBe(true);
    expect(again).toEqual({ id: first.id, created: false });
    expect(JSON.parse((await repo.findByKey(key))!.payload)).toEqual({ n: 1 });

    // Half of them through another connection (another instance receiving the same webhook).
    const otherDb = anotherDb();
    const racing = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        repo.enqueue(i % 2 ? otherDb : db, { kind, key: `${kind}:race`, payload: i }, new Date()),
      ),
    );
    expect(racing.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(racing.map((r) => r.id)).size).toBe(1);
  });

  it('claims due jobs oldest run_at first, and not those due later', async () => {
    const repo = new JobsRepo(db);
    const clock = testClock();
    const t = clock.now().getTime();
    const kind = kindOf('order');
    for (const [name, offset] of [
      ['c', 2000],
      ['a', 0],
      ['later', 60_000],
      ['b', 1000],
    ] as const) {
      await repo.enqueue(
        db,
        { kind, key: `${kind}:${name}`, payload: name, runAt: new Date(t + offset) },
        clock.now(),
      );
    }
    clock.advance(5000);
    const claim = (limit: number) =>
      repo.claim({ kinds: [kind], workerId: 'w1', now: clock.now(), leaseMs: 3_600_000, limit });
    const first = await claim(2);
    expect(first.map((job) => job.payload)).toEqual(['"a"', '"b"']);
    expect(first.every((job) => job.attempts === 1 && job.locked_by === 'w1')).toBe(true);
    expect((await claim(10)).map((job) => job.payload)).toEqual(['"c"']);
    expect(await claim(10)).toEqual([]);
    clock.advance(60_000);
    expect((await claim(10)).map((job) => job.payload)).toEqual(['"later"']);
  });

  it('gives a dead worker’s job to another after the lease, and refuses the first worker’s writes', async () => {
    const repoA = new JobsRepo(db);
    const repoB = new JobsRepo(anotherDb());
    const clock = testClock();
    const kind = kindOf('lease');
    const { id } = await repoA.enqueue(db, { kind, key: `${kind}:1`, payload: {} }, clock.now());
    const claim = (repo: JobsRepo, workerId: string) =>
      repo.claim({ kinds: [kind], workerId, now: clock.now(), leaseMs: 1000, limit: 5 });

    expect((await claim(repoA, 'A')).map((job) => job.id)).toEqual([id]);
    clock.advance(999);
    expect(await claim(repoB, 'B')).toEqual([]);
    clock.advance(2);
    const taken = await claim(repoB, 'B');
    expect(taken).toMatchObject([{ id, attempts: 2, locked_by: 'B' }]);

    expect(await repoA.complete(id, 'A', clock.now())).toBe(false);
    expect(await repoA.extendLease(id, 'A', new Date(clock.now().getTime() + 1000), clock.now())).toBe(false);
    expect(await repoA.retry(id, 'A', { error: 'x', runAt: clock.now(), now: clock.now() })).toBe(false);
    expect(await repoA.fail(id, 'A', 'x', clock.now())).toBe(false);
    expect(await repoA.find(id)).toMatchObject({ status: 'pending', locked_by: 'B' });

    expect(await repoB.complete(id, 'B', clock.now())).toBe(true);
    expect(await repoA.find(id)).toMatchObject({
      status: 'done',
      attempts: 2,
      done_at: clock.now().toISOString(),
    });
    expect(await repoB.complete(id, 'B', clock.now())).toBe(false);
  });

  it('retries a failing job with back-off, then gives up and says so once', async () => {
    const clock = testClock();
    const kind = kindOf('flaky');
    const onGiveUp = vi.fn(async (_job: Job<{ to: string }>, _error: unknown) => {});
    const attempts: number[] = [];
    const w = worker({ clock });
    w.handle(
      kind,
      async (job, { attempt }) => {
        expect(job.payload.to).toBe('+61400000000');
        attempts.push(attempt);
        throw new Error(`model timed out (${attempt})`);
      },
      {
        maxAttempts: 3,
        backoff: (attempt) => attempt * 10_000,
        leaseMs: 30_000,
        onGiveUp,
        payload: z.object({ to: z.string() }),
      },
    );
    const repo = new JobsRepo(db);
    const { id } = await repo.enqueue(
      db,
      { kind, key: `${kind}:1`, payload: { to: '+61400000000' } },
      clock.now(),
    );

    await w.drain();
    expect(attempts).toEqual([1]);
    expect(await repo.find(id)).toMatchObject({
      status: 'pending',
      locked_by: null,
      run_at: new Date(clock.now().getTime() + 10_000).toISOString(),
      last_error: 'Error: model timed out (1)',
    });
    clock.advance(9_999);
    await w.drain();
    expect(attempts).toEqual([1]);
    clock.advance(1);
    await w.drain();
    expect(attempts).toEqual([1, 2]);
    clock.advance(20_000);
    await w.drain();
    expect(attempts).toEqual([1, 2, 3]);
    expect(onGiveUp).toHaveBeenCalledTimes(1);
    expect(onGiveUp.mock.calls[0]![0]).toMatchObject({ id, attempt: 3, payload: { to: '+61400000000' } });
    expect((onGiveUp.mock.calls[0]![1] as Error).message).toBe('model timed out (3)');
    expect(await repo.find(id)).toMatchObject({
      status: 'failed',
      attempts: 3,
      last_error: 'Error: model timed out (3)',
    });

    clock.advance(3_600_000);
    await w.drain();
    expect(attempts).toEqual([1, 2, 3]);
    expect(onGiveUp).toHaveBeenCalledTimes(1);
  });

  it('finishes a job that succeeds on a retry, without giving up', async () => {
    const clock = testClock();
    const kind = kindOf('second-time');
    const onGiveUp = vi.fn(async () => {});
    const w = worker({ clock });
    w.handle(
      kind,
      async (_job, { attempt }) => {
        if (attempt === 1) throw new Error('busy');
      },
      { maxAttempts: 2, backoff: () => 1000, leaseMs: 30_000, onGiveUp },
    );
    const repo = new JobsRepo(db);
    const { id } = await repo.enqueue(db, { kind, key: `${kind}:1`, payload: null }, clock.now());
    await w.drain();
    clock.advance(1000);
    await w.drain();
    expect(await repo.find(id)).toMatchObject({ status: 'done', attempts: 2 });
    expect(onGiveUp).not.toHaveBeenCalled();
  });

  it('gives up, without running it, a job whose last attempt was cut off by a crash', async () => {
    const clock = testClock();
    const kind = kindOf('cut-off');
    const repo = new JobsRepo(db);
    const { id } = await repo.enqueue(db, { kind, key: `${kind}:1`, payload: 1 }, clock.now());
    // A worker that died holding the job on its only attempt.
    await repo.claim({ kinds: [kind], workerId: 'dead', now: clock.now(), leaseMs: 1000, limit: 1 });
    const handler = vi.fn(async () => {});
    const onGiveUp = vi.fn(async () => {});
    const w = worker({ clock });
    w.handle(kind, handler, { maxAttempts: 1, backoff: () => 0, leaseMs: 1000, onGiveUp });
    await w.drain();
    expect(onGiveUp).not.toHaveBeenCalled();
    clock.advance(1001);
    await w.drain();
    expect(handler).not.toHaveBeenCalled();
    expect(onGiveUp).toHaveBeenCalledTimes(1);
    expect(await repo.find(id)).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('fails a job whose payload does not match its schema, without running it', async () => {
    const clock = testClock();
    const kind = kindOf('bad-payload');
    const handler = vi.fn(async () => {});
    const w = worker({ clock });
    w.handle(kind, handler, {
      maxAttempts: 5,
      backoff: () => 0,
      leaseMs: 1000,
      payload: z.object({ id: z.string() }),
    });
    const repo = new JobsRepo(db);
    const { id } = await repo.enqueue(db, { kind, key: `${kind}:1`, payload: { id: 42 } }, clock.now());
    await w.drain();
    expect(handler).not.toHaveBeenCalled();
    expect(await repo.find(id)).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('runs each of 200 jobs exactly once across two workers on two connections', async () => {
    const clock = { now: () => new Date() };
    const kind = kindOf('shared');
    const runs = new Map<string, number>();
    const byWorker = new Map<string, number>();
    const workers = [db, anotherDb()].map((on, index) => {
      const w = new JobWorker({
        repo: new JobsRepo(on),
        clock,
        log: quiet,
        pollMs: 20,
        concurrency: 4,
        workerId: `w${index}`,
      });
      w.handle(
        kind,
        async (job) => {
          runs.set(job.key, (runs.get(job.key) ?? 0) + 1);
          byWorker.set(w.workerId, (byWorker.get(w.workerId) ?? 0) + 1);
          // Handlers overlap, as real ones waiting on a model or a mail server do.
          await new Promise((resolve) => setTimeout(resolve, 1));
        },
        { maxAttempts: 3, backoff: () => 0, leaseMs: 30_000 },
      );
      return w;
    });
    const repo = new JobsRepo(db);
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 200; i++)
        await repo.enqueue(trx, { kind, key: `${kind}:${i}`, payload: i }, clock.now());
    });
    await Promise.all(workers.map((w) => w.drain()));

    expect(runs.size).toBe(200);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(byWorker.get('w0')).toBeGreaterThan(0);
    expect(byWorker.get('w1')).toBeGreaterThan(0);
    const statuses = await Promise.all(Array.from({ length: 200 }, (_, i) => repo.findByKey(`${kind}:${i}`)));
    expect(statuses.every((job) => job?.status === 'done' && job.attempts === 1)).toBe(true);
  });

  it('keeps its loop going when handlers throw or reject with anything', async () => {
    const kind = kindOf('throws');
    const errors: unknown[] = [];
    const w = new JobWorker({
      repo: new JobsRepo(db),
      clock: { now: () => new Date() },
      log: { info: () => {}, warn: () => {}, error: (entry: unknown) => errors.push(entry) },
      pollMs: 20,
      concurrency: 2,
    });
    const done: number[] = [];
    w.handle(
      kind,
      ((job: Job<number>) => {
        if (job.payload % 3 === 0) throw new Error('thrown before any await');
        if (job.payload % 3 === 1) return Promise.reject('a string, not an Error');
        done.push(job.payload);
        return Promise.resolve();
      }) as (job: Job<number>) => Promise<void>,
      { maxAttempts: 1, backoff: () => 0, leaseMs: 30_000 },
    );
    const repo = new JobsRepo(db);
    w.start();
    try {
      for (let i = 0; i < 12; i++) {
        await repo.enqueue(db, { kind, key: `${kind}:${i}`, payload: i }, new Date());
        w.wake();
      }
      await waitFor(
        async () => (await repo.findByKey(`${kind}:11`))?.status !== 'pending' && done.length === 4,
      );
      await waitFor(async () => {
        const jobs = await Promise.all(Array.from({ length: 12 }, (_, i) => repo.findByKey(`${kind}:${i}`)));
        return jobs.every((job) => job?.status !== 'pending');
      });
      expect(done.sort((a, b) => a - b)).toEqual([2, 5, 8, 11]);
      expect((await repo.findByKey(`${kind}:1`))?.last_error).toBe('a string, not an Error');
      expect(errors.length).toBe(8);
    } finally {
      await w.stop();
    }
  });

  it('runs no more of a kind than its cap, so hanging jobs of one kind leave slots to the others', async () => {
    const slow = kindOf('capped');
    const quick = kindOf('quick');
    const w = worker({ clock: { now: () => new Date() } });
    let slowRunning = 0;
    let mostSlow = 0;
    let release: () => void = () => {};
    const hung = new Promise<void>((resolve) => {
      release = resolve;
    });
    w.handle(
      slow,
      async () => {
        slowRunning++;
        mostSlow = Math.max(mostSlow, slowRunning);
        await hung;
        slowRunning--;
      },
      { maxAttempts: 1, backoff: () => 0, leaseMs: 30_000, maxRunning: 2 },
    );
    const quickDone: number[] = [];
    w.handle(
      quick,
      async (job: Job<number>) => {
        quickDone.push(job.payload);
      },
      { maxAttempts: 1, backoff: () => 0, leaseMs: 30_000 },
    );
    expect(() =>
      w.handle(kindOf('bad'), async () => {}, {
        maxAttempts: 1,
        backoff: () => 0,
        leaseMs: 1,
        maxRunning: 0,
      }),
    ).toThrow(/maxRunning/);
    const repo = new JobsRepo(db);
    for (let i = 0; i < 6; i++)
      await repo.enqueue(db, { kind: slow, key: `${slow}:${i}`, payload: i }, new Date());
    w.start();
    try {
      await waitFor(() => slowRunning === 2);
      for (let i = 0; i < 5; i++) {
        await repo.enqueue(db, { kind: quick, key: `${quick}:${i}`, payload: i }, new Date());
        w.wake();
      }
      // The quick kind runs beside the two hung ones, which never grow to take its slots.
      await waitFor(() => quickDone.length === 5);
      expect(mostSlow).toBe(2);
      release();
      await waitFor(async () => {
        const jobs = await Promise.all(Array.from({ length: 6 }, (_, i) => repo.findByKey(`${slow}:${i}`)));
        return jobs.every((job) => job?.status === 'done');
      });
      expect(mostSlow).toBe(2);
    } finally {
      release();
      await w.stop();
    }
  });

  it('leaves one slot to work a person waits on, however much background work is due (decision 581)', async () => {
    const reminders = kindOf('background-reminder');
    const syncs = kindOf('background-sync');
    const text = kindOf('text');
    const w = worker({ clock: { now: () => new Date() } });
    let running = 0;
    let most = 0;
    let release: () => void = () => {};
    const hung = new Promise<void>((resolve) => {
      release = resolve;
    });
    const hang = async () => {
      running++;
      most = Math.max(most, running);
      await hung;
      running--;
    };
    const background = { maxAttempts: 1, backoff: () => 0, leaseMs: 30_000, background: true };
    w.handle(reminders, hang, background);
    w.handle(syncs, hang, { ...background, maxRunning: 4 });
    const answered: number[] = [];
    w.handle(
      text,
      async (job: Job<number>) => {
        answered.push(job.payload);
      },
      { maxAttempts: 1, backoff: () => 0, leaseMs: 30_000 },
    );
    const repo = new JobsRepo(db);
    // Twenty background jobs due a minute before the texts: claimed by run_at alone, they would come first.
    const earlier = new Date(Date.now() - 60_000);
    for (let i = 0; i < 10; i++) {
      await repo.enqueue(db, { kind: reminders, key: `${reminders}:${i}`, payload: i }, earlier);
      await repo.enqueue(db, { kind: syncs, key: `${syncs}:${i}`, payload: i }, earlier);
    }
    w.start();
    try {
      await waitFor(() => running === 3);
      for (let i = 0; i < 3; i++) {
        await repo.enqueue(db, { kind: text, key: `${text}:${i}`, payload: i }, new Date());
        w.wake();
      }
      // Three slots of four hold hung background jobs; the fourth answers every text.
      await waitFor(() => answered.length === 3);
      expect(answered.sort()).toEqual([0, 1, 2]);
      expect(most).toBe(3);
      release();
      await waitFor(async () => {
        const keys = Array.from({ length: 10 }, (_, i) => [`${reminders}:${i}`, `${syncs}:${i}`]).flat();
        const jobs = await Promise.all(keys.map((key) => repo.findByKey(key)));
        return jobs.every((job) => job?.status === 'done');
      });
      expect(most).toBe(3);
    } finally {
      release();
      await w.stop();
    }
  });

  it('waits for running handlers on stop, and aborts those past the deadline', async () => {
    const kind = kindOf('stop');
    let aborted: unknown;
    const w = new JobWorker({
      repo: new JobsRepo(db),
      clock: { now: () => new Date() },
      log: quiet,
      pollMs: 20,
      concurrency: 2,
      stopTimeoutMs: 150,
    });
    let started = 0;
    w.handle(
      kind,
      async (job, { signal }) => {
        started += 1;
        if (job.payload === 'quick') return new Promise((resolve) => setTimeout(resolve, 50));
        await new Promise((resolve) => signal.addEventListener('abort', resolve));
        aborted = signal.reason;
      },
      { maxAttempts: 3, backoff: () => 0, leaseMs: 30_000 },
    );
    const repo = new JobsRepo(db);
    await repo.enqueue(db, { kind, key: `${kind}:quick`, payload: 'quick' }, new Date());
    await repo.enqueue(db, { kind, key: `${kind}:stuck`, payload: 'stuck' }, new Date());
    w.start();
    await waitFor(() => started === 2);
    const before = Date.now();
    await w.stop();
    expect(Date.now() - before).toBeGreaterThanOrEqual(140);
    expect((await repo.findByKey(`${kind}:quick`))?.status).toBe('done');
    await waitFor(() => aborted !== undefined);
    expect(String(aborted)).toContain('stopping');
    // The stuck job is not recorded as done; it stays claimed until its lease lapses.
    expect((await repo.findByKey(`${kind}:stuck`))?.status).toBe('pending');
  });

  it('renews the claim while a handler runs, and aborts a handler whose claim was taken', async () => {
    const kind = kindOf('renew');
    const repo = new JobsRepo(db);
    let signalOf: AbortSignal | undefined;
    const w = new JobWorker({
      repo,
      clock: { now: () => new Date() },
      log: quiet,
      pollMs: 20,
      concurrency: 1,
    });
    w.handle(
      kind,
      async (_job, { signal }) => {
        signalOf = signal;
        await new Promise((resolve) => signal.addEventListener('abort', resolve));
      },
      { maxAttempts: 3, backoff: () => 0, leaseMs: 300 },
    );
    const { id } = await repo.enqueue(db, { kind, key: `${kind}:1`, payload: 1 }, new Date());
    w.start();
    try {
      await waitFor(() => signalOf !== undefined);
      const first = (await repo.find(id))!.locked_until!;
      await waitFor(async () => (await repo.find(id))!.locked_until! > first, 2000);
      // Past its lease (as if the renewals had stopped), another worker takes it: the first one's
      // next renewal is refused and its handler is told to stop.
      const later = new Date(Date.now() + 10_000);
      const taken = await repo.claim({
        kinds: [kind],
        workerId: 'thief',
        now: later,
        leaseMs: 60_000,
        limit: 1,
      });
      expect(taken.map((job) => job.id)).toEqual([id]);
      await waitFor(() => signalOf!.aborted, 2000);
      expect((await repo.find(id))!.locked_by).toBe('thief');
    } finally {
      await w.stop();
    }
  });

  it('survives kill -9: a job claimed by a killed process is finished by another after the lease', async () => {
    const kind = kindOf('crash');
    const repo = new JobsRepo(db);
    const { id } = await repo.enqueue(
      db,
      { kind, key: `${kind}:1`, payload: { inbound: 'SM1' } },
      new Date(),
    );
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/helpers/jobs-child.ts'], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '',
        JOBS_TEST_DATABASE: JSON.stringify(database),
        JOBS_TEST_KIND: kind,
        JOBS_TEST_LEASE_MS: '600',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<NodeJS.Signals | null>((resolve) =>
      child.on('exit', (_code, signal) => resolve(signal)),
    );
    try {
      await waitFor(() => output.includes(`RUNNING ${id}`), 15_000);
    } catch (error) {
      child.kill('SIGKILL');
      throw new Error(`the child never ran the job: ${output}`, { cause: error });
    }
    const held = await repo.find(id);
    expect(held).toMatchObject({ status: 'pending', attempts: 1, locked_by: `child-${child.pid}` });
    // Its lease is being renewed while the handler runs.
    await waitFor(async () => (await repo.find(id))!.locked_until! > held!.locked_until!, 2000);

    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');
    const handled: string[] = [];
    let offsetMs = 0;
    const w = worker({ clock: { now: () => new Date(Date.now() + offsetMs) } });
    w.handle(
      kind,
      async (job: Job<{ inbound: string }>) => {
        handled.push(job.payload.inbound);
      },
      { maxAttempts: 3, backoff: () => 0, leaseMs: 600 },
    );
    // While the dead process's lease lasts, nobody takes the job...
    await w.drain();
    expect(handled).toEqual([]);
    // ...and once it has run out, the new worker does, exactly once.
    offsetMs = 700;
    await w.drain();
    expect(handled).toEqual(['SM1']);
    expect(await repo.find(id)).toMatchObject({ status: 'done', attempts: 2 });
  });

  it('purges jobs finished before a time, and keeps pending ones', async () => {
    const repo = new JobsRepo(db);
    const clock = testClock(Date.parse('2020-01-01T00:00:00.000Z'));
    const kind = kindOf('purge');
    const ids = [];
    for (const name of ['done', 'failed', 'pending']) {
      ids.push((await repo.enqueue(db, { kind, key: `${kind}:${name}`, payload: name }, clock.now())).id);
    }
    await repo.claim({ kinds: [kind], workerId: 'p', now: clock.now(), leaseMs: 1000, limit: 2 });
    await repo.complete(ids[0]!, 'p', clock.now());
    await repo.fail(ids[1]!, 'p', 'no', clock.now());
    expect(await repo.purgeDone(clock.now())).toBe(0);
    expect(await repo.purgeDone(new Date(clock.now().getTime() + 1))).toBe(2);
    expect(await repo.findByKey(`${kind}:done`)).toBeUndefined();
    expect(await repo.findByKey(`${kind}:pending`)).toMatchObject({ status: 'pending' });
  });

  it("purges a kind's done jobs by its own retention: other kinds and its failed jobs stay", async () => {
    const repo = new JobsRepo(db);
    const clock = testClock(Date.parse('2019-06-01T00:00:00.000Z'));
    const [daily, weekly] = [kindOf('purge-daily'), kindOf('purge-weekly')];
    const ids: Record<string, string> = {};
    for (const [name, kind] of [
      ['dailyDone', daily],
      ['dailyFailed', daily],
      ['weeklyDone', weekly],
    ] as const) {
      ids[name] = (await repo.enqueue(db, { kind, key: `${kind}:${name}`, payload: name }, clock.now())).id;
      await repo.claim({ kinds: [kind], workerId: 'p', now: clock.now(), leaseMs: 1000, limit: 1 });
    }
    await repo.complete(ids.dailyDone!, 'p', clock.now());
    await repo.fail(ids.dailyFailed!, 'p', 'no', clock.now());
    await repo.complete(ids.weeklyDone!, 'p', clock.now());
    const later = new Date(clock.now().getTime() + 1);
    expect(await repo.purgeDone(later, { kinds: [daily], finished: ['done'] })).toBe(1);
    expect(await repo.purgeDone(later, { kinds: [] })).toBe(0);
    expect(await repo.find(ids.dailyDone!)).toBeUndefined();
    expect(await repo.find(ids.dailyFailed!)).toMatchObject({ status: 'failed' });
    expect(await repo.find(ids.weeklyDone!)).toMatchObject({ status: 'done' });
  });

  it('purges in batches: every finished job in a call, no more batches than allowed', async () => {
    const repo = new JobsRepo(db);
    const clock = testClock(Date.parse('2019-01-01T00:00:00.000Z'));
    const kind = kindOf('purge-batches');
    for (let i = 0; i < 5; i++) {
      const { id } = await repo.enqueue(db, { kind, key: `${kind}:${i}`, payload: i }, clock.now());
      await repo.claim({ kinds: [kind], workerId: 'p', now: clock.now(), leaseMs: 1000, limit: 1 });
      await repo.complete(id, 'p', clock.now());
    }
    const before = new Date(clock.now().getTime() + 1);
    expect(await repo.purgeDone(before, { batch: 2, maxBatches: 1 })).toBe(2);
    expect(await repo.purgeDone(before, { batch: 2 })).toBe(3);
    expect(await repo.purgeDone(before, { batch: 2 })).toBe(0);
  });

  it('forgets the jobs, pending or finished, whose key part or payload value names an erased id', async () => {
    const repo = new JobsRepo(db);
    const clock = testClock();
    const kind = kindOf('forget');
    const gone = randomUUID();
    const kept = `${gone}-other`;
    const jobs = {
      inKey: { key: `${kind}:reply:${gone}:0`, payload: { messageId: randomUUID() } },
      inPayload: { key: `${kind}:${randomUUID()}`, payload: { messageId: gone } },
      nested: { key: `${kind}:${randomUUID()}`, payload: { reminder: { settingsId: gone, lead: 15 } } },
      finished: { key: `${kind}:done:${gone}`, payload: {} },
      // An id that merely contains the erased one, or a payload that is not an object.
      longer: { key: `${kind}:reply:${kept}:0`, payload: { messageId: kept, note: `about ${gone}` } },
      plain: { key: `${kind}:${randomUUID()}`, payload: 'text' },
    };
    const ids: Record<string, string> = {};
    for (const [name, job] of Object.entries(jobs))
      ids[name] = (await repo.enqueue(db, { kind, ...job }, clock.now())).id;
    const [claimed] = await repo.claim({
      kinds: [kind],
      workerId: 'f',
      now: clock.now(),
      leaseMs: 1000,
      limit: 6,
    });
    expect(claimed).toBeDefined();
    for (const id of Object.values(ids)) await repo.complete(id, 'f', clock.now());
    // One finished now; the rest go back to pending for the test.
    await db
      .updateTable('jobs')
      .set({ status: 'pending', locked_by: null })
      .where('id', '!=', ids.finished!)
      .where('kind', '=', kind)
      .execute();

    expect(await repo.forgetNaming([gone, ''])).toBe(4);
    for (const name of ['inKey', 'inPayload', 'nested', 'finished'])
      expect(await repo.find(ids[name]!)).toBeUndefined();
    for (const name of ['longer', 'plain']) expect(await repo.find(ids[name]!)).toMatchObject({ kind });
    expect(await repo.forgetNaming([])).toBe(0);
  });

  it('spreads back-off exponentially with jitter, capped', () => {
    const half = exponentialBackoff(1000, 60_000, () => 0.5);
    expect([1, 2, 3, 4].map(half)).toEqual([1000, 2000, 4000, 8000]);
    expect(half(20)).toBe(60_000);
    expect(exponentialBackoff(1000, 60_000, () => 0)(1)).toBe(800);
    expect(exponentialBackoff(1000, 60_000, () => 1)(1)).toBe(1200);
  });
});

describe('the jobs plugin', () => {
  it('runs an enqueued job at once, also from a transaction, and stops with the app', async () => {
    // The app registers the plugin itself (app.ts), as in production.
    const { app, close } = await build({ JOBS_POLL_INTERVAL_MS: '600000' });
    try {
      const ran: string[] = [];
      const pluginTest = defineJob({ kind: 'plugin-test', payload: z.string() });
      app.jobs.worker.register(
        pluginTest,
        async (job: Job<string>) => {
          ran.push(job.payload);
        },
        { maxAttempts: 1, backoff: () => 0, leaseMs: 10_000 },
      );
      // The poll is ten minutes apart: only the wake can run these within the test.
      const direct = await app.jobs.enqueue(app.db, pluginTest, { key: 'p:1', payload: 'direct' });
      await waitFor(() => ran.includes('direct'), 3000);
      await app.transaction((trx) => app.jobs.enqueue(trx, pluginTest, { key: 'p:2', payload: 'in-tx' }));
      await waitFor(() => ran.includes('in-tx'), 3000);
      expect(await app.jobs.enqueue(app.db, pluginTest, { key: 'p:1', payload: 'again' })).toEqual({
        id: direct.id,
        created: false,
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(ran.sort()).toEqual(['direct', 'in-tx']);
    } finally {
      await close();
    }
  });
});

describe('a job definition', () => {
  it('types enqueue by its payload, and refuses at enqueue a payload its schema does not match', async () => {
    const { app, close } = await build({ JOBS_POLL_INTERVAL_MS: '600000' });
    try {
      const typed = defineJob({ kind: 'typed-test', payload: z.object({ id: z.string() }) });
      const enqueueWrong = () =>
        // @ts-expect-error: the definition's payload is { id: string }.
        app.jobs.enqueue(app.db, typed, { key: 't:1', payload: { id: 1 } });
      await expect(enqueueWrong()).rejects.toThrow(/job typed-test: payload does not match/);
      expect(await app.jobs.repo.findByKey('t:1')).toBeUndefined();
      const stored = await app.jobs.enqueue(app.db, typed, { key: 't:2', payload: { id: 'a' } });
      expect(stored.created).toBe(true);
      const row = await app.jobs.repo.findByKey('t:2');
      expect(row).toMatchObject({ kind: 'typed-test', payload: JSON.stringify({ id: 'a' }) });
    } finally {
      await close();
    }
  });
});
