/**
 * A worker process for the queue's crash test (jobs.test.ts): it claims jobs of one kind from the
 * database in JOBS_TEST_DATABASE (a Config['database'] as JSON), prints `RUNNING <id>` when a
 * handler starts, and the handler never ends, so the test can `kill -9` it mid-job.
 */
import type { Config } from '../../src/config';
import { createDb } from '../../src/db/database';
import { JobsRepo } from '../../src/lib/jobs/repo';
import { JobWorker } from '../../src/lib/jobs/worker';

const database = JSON.parse(process.env.JOBS_TEST_DATABASE ?? '') as Config['database'];
const kind = process.env.JOBS_TEST_KIND ?? 'crash';
const leaseMs = Number(process.env.JOBS_TEST_LEASE_MS ?? 1000);

const repo = new JobsRepo(createDb(database));
const worker = new JobWorker({
  repo,
  clock: { now: () => new Date() },
  log: { info: () => {}, warn: () => {}, error: (...args: unknown[]) => console.error(...args) },
  pollMs: 50,
  concurrency: 1,
  workerId: `child-${process.pid}`,
});
worker.handle(
  kind,
  async (job) => {
    process.stdout.write(`RUNNING ${job.id}\n`);
    // Holds the event loop open (the worker's timers are unref'd) until the test kills us.
    await new Promise(() => setInterval(() => {}, 60_000));
  },
  { maxAttempts: 3, backoff: () => 0, leaseMs },
);
worker.start();
