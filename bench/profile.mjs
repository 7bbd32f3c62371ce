// Where a route's time goes, and whether a change moved it: the production server under
// `node --cpu-prof`, one route loaded as the API benchmark loads it, then the profile's self time
// summed by function and by package; or, with several builds, the same routes on each in turn.
//
//   node bench/profile.mjs [options] <what> [<what> ...]
//     what: /healthz, /v1/auth/me, /v1/integrations/status, /v1/billing/info (signed in as the
//     seeded people in turn), /v1/internal/usage (the API benchmark's reports), /v1/api/verify-code (its wrong codes),
//     bare (the bare Fastify reference, profiled the same way) or start
//     (a fresh start to /readyz, no load)
//   --no-profile   measure only (the profiler itself costs a tenth to a fifth of the throughput)
//   --rounds <n>   repeat everything n times, interleaved (default 1)
//   BENCH_SERVERS=<a.mjs>,<b.mjs>   compiled servers to compare, each in a copy of the repository
//                  layout (see bench/README.md, "Profiles, and comparing two builds"); default: this checkout's
//                  build, started as `npm start` starts it
//   BENCH_NODE_FLAGS='<flags>'  Node flags for the server instead of `npm start`'s (package.json)
//   BENCH_PROFILE_DATA=<dir>  reuse a data dir seeded by an earlier run (printed at the end)
//   BENCH_PROFILE_POSTGRES=1  the app on PostgreSQL + Redis (BENCH_DATABASE_URL, BENCH_REDIS_URL), seeded
//                  into a schema of its own that is dropped at the end; or =<schema> to reuse one kept
//                  by an earlier run with BENCH_PROFILE_KEEP=1
//   BENCH_PROFILE_TOP=<n>     functions listed (default 25)
//   BENCH_PORT, BENCH_SECONDS, BENCH_WARMUP, BENCH_CONNECTIONS as for `npm run bench`
// The .cpuprofile files stay in the printed directory (open them in Chrome's DevTools).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { config } from './lib/config.mjs';
import { measure } from './lib/load.mjs';
import { clearRedis, query, redisReachable } from './lib/postgres.mjs';
import { appEnv, root, rssMb, startCommand, startProcess, tempDir } from './lib/processes.mjs';
import { signedIn, usageReports, wrongCodes } from './lib/scenarios.mjs';
import { seed } from './lib/seeding.mjs';

const args = process.argv.slice(2);
const profiling = !args.includes('--no-profile');
const roundsAt = args.indexOf('--rounds');
const rounds = roundsAt >= 0 ? Number(args[roundsAt + 1]) : 1;
const wanted = args.filter((arg, i) => !arg.startsWith('--') && (roundsAt < 0 || i !== roundsAt + 1));
if (wanted.length === 0) {
  console.error(
    'usage: node bench/profile.mjs [--no-profile] [--rounds n] </healthz | /v1/auth/me | ... | bare | start> ...',
  );
  process.exit(2);
}
// `npm start`'s V8 flags, or others to compare (BENCH_NODE_FLAGS='' for none).
const nodeFlags = process.env.BENCH_NODE_FLAGS?.split(/\s+/).filter(Boolean) ?? startCommand.nodeFlags;
const top = Number(process.env.BENCH_PROFILE_TOP ?? 25);
const port = config.basePort;
const out = tempDir('relay-profile-');
const servers = process.env.BENCH_SERVERS?.split(',').filter(Boolean) ?? [null];

if (servers.includes(null)) {
  const build = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// On PostgreSQL the seeded rows live in a schema; the data dir then holds only the app's keys.
const postgres = process.env.BENCH_PROFILE_POSTGRES;
const database = postgres
  ? {
      url: config.postgresUrl,
      schema: postgres === '1' ? `profile_${Date.now().toString(36)}_${process.pid}` : postgres,
      redisUrl: (await redisReachable(config.redisUrl)) ? config.redisUrl : undefined,
    }
  : undefined;
let dataDir = process.env.BENCH_PROFILE_DATA;
const seeded = postgres && postgres !== '1' ? true : dataDir && existsSync(join(dataDir, 'app.db'));
if (wanted.some((w) => w.startsWith('/')) && !seeded) {
  dataDir ??= tempDir();
  const result = await seed([{ users: [0, config.users], usageDays: config.usageDays, eventsPerDay: 8 }], {
    dataDir,
    database,
  });
  console.log(
    `seeded ${JSON.stringify(result.seeded)} in ${result.seconds} s into ${database ? `schema ${database.schema}` : dataDir}`,
  );
}

/** Self time (ms) by function and by where it lives, from one .cpuprofile. */
function summarize(file) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfUs = new Map();
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const byFunction = new Map();
  const byPlace = new Map();
  let total = 0;
  let idle = 0;
  for (const [id, us] of selfUs) {
    const { callFrame } = byId.get(id);
    const name = callFrame.functionName || '(anonymous)';
    if (name === '(idle)') {
      idle += us;
      continue;
    }
    total += us;
    const url = callFrame.url.replace(/^file:\/\//, '').replace(root, '');
    const place =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1] ??
      (url.includes('dist/') ? 'app bundle' : url.startsWith('node:') ? 'node' : url || name);
    const key = `${name}  ${url.split('/').slice(-2).join('/')}:${callFrame.lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
    byPlace.set(place, (byPlace.get(place) ?? 0) + us);
  }
  const ms = (us) => (us / 1000).toFixed(0).padStart(6);
  const pct = (us) => `${((100 * us) / total).toFixed(1).padStart(5)}%`;
  const list = (map, n) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, us]) => `  ${ms(us)} ms ${pct(us)}  ${key}`)
      .join('\n');
  return `busy ${ms(total)} ms, idle ${ms(idle)} ms\nby place:\n${list(byPlace, 12)}\nby function (self time):\n${list(byFunction, top)}`;
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc; clock ticks of 10 ms). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Starts one server (or the bare reference) on a copy of the seeded data, or a fresh data dir. */
async function start(what, server, dir) {
  const cpuProf = profiling ? ['--cpu-prof', '--cpu-prof-dir', dir] : [];
  if (what === 'bare') {
    return startProcess({
      args: [...cpuProf, 'bench/bare-fastify.mjs', String(port)],
      env: process.env,
      port,
      readyPath: '/',
      logName: 'profile-bare',
    });
  }
  // Each start gets its own copy, so one server's writes (sessions extended) never reach the next.
  const data = tempDir();
  if (what !== 'start' && dataDir) cpSync(dataDir, data, { recursive: true });
  const proc = await startProcess({
    args: [...cpuProf, ...nodeFlags, server ?? 'scripts/start.mjs'],
    env: appEnv({ port, dataDir: data, database }),
    port,
    logName: 'profile',
  });
  const stop = async () => {
    await proc.stop();
    rmSync(data, { recursive: true, force: true });
  };
  return { ...proc, stop };
}

const table = [];
for (let round = 1; round <= rounds; round++) {
  for (const what of wanted) {
    for (const server of what === 'bare' ? [null] : servers) {
      const label = `${what}${server ? ` [${server}]` : ''}`;
      const dir = join(out, `${round}-${label.replace(/\W+/g, '-').replace(/^-|-$/g, '')}`);
      mkdirSync(dir, { recursive: true });
      const proc = await start(what, server, dir);
      // CPU time to ready moves less than the wall-clock time on a shared machine.
      const row = { round, what, server, readyMs: proc.readyMs, readyCpuMs: cpuMs(proc.pid) };
      if (what !== 'start') {
        const target =
          what === 'bare' || what === '/healthz'
            ? { url: `${proc.base}${what === 'bare' ? '/' : what}` }
            : what === '/v1/internal/usage'
              ? usageReports(proc.base, [0, config.users])
              : what === '/v1/api/verify-code'
                ? wrongCodes(proc.base, [0, config.users])
                : signedIn(proc.base, what, [0, config.users]);
        let cpuBefore = 0;
        const result = await measure(target, { afterWarmup: () => (cpuBefore = cpuMs(proc.pid)) });
        Object.assign(row, {
          cpuUs: Math.round((1000 * (cpuMs(proc.pid) - cpuBefore)) / result.requests),
          rps: result.requestsPerSecond,
          p50: result.latencyMs.p50,
          p99: result.latencyMs.p99,
          statuses: result.statuses,
        });
      }
      row.rssMb = rssMb(proc.pid);
      await proc.stop();
      table.push(row);
      const file = profiling && readdirSync(dir).find((name) => name.endsWith('.cpuprofile'));
      console.log(
        `\n== ${label}: ready ${row.readyMs} ms (${row.readyCpuMs} ms CPU)${row.rps ? `, ${row.rps} req/s, ${row.cpuUs} µs CPU a request, p50 ${row.p50} ms, p99 ${row.p99} ms, ${JSON.stringify(row.statuses)}` : ''}, ${row.rssMb} MB resident`,
      );
      if (file) console.log(`${summarize(join(dir, file))}\nprofile: ${dir}`);
    }
  }
}

// Each route against the bare reference of its own round, when there is one.
if (wanted.includes('bare')) {
  console.log(
    '\nround  what                                   req/s  of bare  CPU µs/req  of bare  p99 ms  ready ms',
  );
  for (const row of table) {
    const bare = table.find((r) => r.round === row.round && r.what === 'bare');
    const name = `${row.what}${row.server ? ` ${row.server.split('/').slice(-5, -4)[0] ?? row.server}` : ''}`;
    const ratio = (a, b) => (a && b ? (a / b).toFixed(2) : '').padStart(7);
    console.log(
      `${String(row.round).padStart(5)}  ${name.padEnd(36)} ${String(row.rps ?? '').padStart(6)}  ${ratio(row.rps, bare?.rps)}  ${String(row.cpuUs ?? '').padStart(10)}  ${ratio(row.cpuUs, bare?.cpuUs)}  ${String(row.p99 ?? '').padStart(6)}  ${String(row.readyMs).padStart(8)}`,
    );
  }
}
if (database && postgres === '1' && !process.env.BENCH_PROFILE_KEEP) {
  await query(config.postgresUrl, `drop schema if exists ${database.schema} cascade`);
  if (database.redisUrl) await clearRedis(database.redisUrl).catch(() => {});
} else if (database)
  console.log(`\nseeded data: BENCH_PROFILE_POSTGRES=${database.schema} BENCH_PROFILE_DATA=${dataDir}`);
else if (dataDir) console.log(`\nseeded data: BENCH_PROFILE_DATA=${dataDir}`);
