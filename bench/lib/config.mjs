// Every knob of `npm run bench`, read once from the environment (bench/README.md lists them).
import { cpus } from 'node:os';

const env = process.env;
const number = (name, fallback) => (env[name] ? Number(env[name]) : fallback);

/** BENCH_QUICK=1: a smoke run of every section in about two minutes; the figures are rough. */
export const quick = env.BENCH_QUICK === '1';

export const config = {
  quick,
  /** Seconds each load measurement runs, after its warm-up. */
  seconds: number('BENCH_SECONDS', quick ? 2 : 5),
  warmupSeconds: number('BENCH_WARMUP', quick ? 0.5 : 1),
  connections: number('BENCH_CONNECTIONS', 50),
  /** Seeded people with sessions, connected accounts and usage (the 1,000). */
  users: number('BENCH_USERS', 1000),
  /** Days of usage each of them has (the 15), at eight events a day. */
  usageDays: number('BENCH_USAGE_DAYS', 15),
  /** The larger population of the scale cases (the 100,000). */
  scaleUsers: number('BENCH_SCALE_USERS', quick ? 10_000 : 100_000),
  /** Fresh-data-dir starts measured; the median is reported. */
  startRuns: number('BENCH_START_RUNS', quick ? 1 : 3),
  lighthouseRuns: number('LH_RUNS', quick ? 1 : 3),
  /** Ports from here up: app, bare Fastify, PostgreSQL app, cluster. */
  basePort: number('BENCH_PORT', 3300),
  postgresUrl: env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  /** A Redis database of the benchmark's own (13), so its rate-limit counters meet nobody's. */
  redisUrl: env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/13',
  /** People texting the assistant at once in its turns-a-second case (each made through the API). */
  assistantPeople: number('BENCH_ASSISTANT_PEOPLE', quick ? 20 : 50),
  /** Turns, one at a time, behind the assistant pipeline's median and p99. */
  pipelineTurns: number('BENCH_PIPELINE_TURNS', quick ? 60 : 300),
  /** The background benchmark's populations (issue 31), each on every database of `backgroundDbs`. */
  backgroundPeople: (env.BENCH_BACKGROUND_PEOPLE ?? (quick ? '1000,10000' : '1000,10000,100000'))
    .split(',')
    .map(Number),
  /** sqlite (one instance), postgres (two instances + Redis). */
  backgroundDbs: (env.BENCH_BACKGROUND_DBS ?? 'sqlite,postgres').split(',').map((s) => s.trim()),
  /** Minutes from the server's start to the seeded meeting (its reminder is due 15 before). */
  backgroundEventMinutes: number('BENCH_BACKGROUND_EVENT_MINUTES', 20),
  /**
   * How the background cases start (decision 576): `steady` (every person's next look at its point
   * of the interval, the earlier looks' reminders queued) for every population; `cold` (every next
   * look null, as right after migration 0025 or a restore) for the largest population only.
   */
  backgroundStarts: (env.BENCH_BACKGROUND_STARTS ?? 'steady,cold').split(',').map((s) => s.trim()),
  /** Comma-separated sections to run (default all): startup, api, postgres, pages, lighthouse, scale, assistant, background. */
  only: (env.BENCH_ONLY ?? 'startup,api,postgres,pages,lighthouse,scale,assistant,background')
    .split(',')
    .map((s) => s.trim()),
};

export const machine = () => ({
  cores: cpus().length,
  cpu: cpus()[0]?.model ?? 'unknown',
  node: process.version,
  platform: `${process.platform} ${process.arch}`,
});
