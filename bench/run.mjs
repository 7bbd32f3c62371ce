// `npm run bench`: every benchmark of issue 12 in one run, then bench/results.json and the tables
// in bench/README.md. Benchmarks, not tests: nothing here fails on a slow figure. The knobs
// (BENCH_QUICK, BENCH_SECONDS, BENCH_ONLY, LH_RUNS, ...) are in bench/lib/config.mjs and the README.
//
// The order keeps measurements apart: start-up first on an idle machine; then the SQLite app
// with the bare Fastify reference beside it (API load; page weight and Lighthouse while nothing
// else of ours runs; scale last, as it grows the database); then PostgreSQL + Redis; then the
// assistant (issue 21), on apps of its own; last the background work (issue 31), on data of its own.
import { spawnSync } from 'node:child_process';
import { measureBare, measureRoutes } from './lib/api.mjs';
import { measureAssistant } from './lib/assistant.mjs';
import { measureBackground } from './lib/background.mjs';
import { config, machine } from './lib/config.mjs';
import { DAY_USER, YEAR_USER } from './lib/identities.mjs';
import { runLighthouse } from './lib/lighthouse.mjs';
import { pageWeight } from './lib/page-weight.mjs';
import { measurePostgres } from './lib/postgres.mjs';
import { root, rssMb, startApp, startBare, tempDir } from './lib/processes.mjs';
import { writeResults } from './lib/report.mjs';
import { measureScale } from './lib/scale.mjs';
import { seed } from './lib/seeding.mjs';
import { signedInStorage } from './lib/signed-in.mjs';
import { measureStartup } from './lib/startup.mjs';

const started = performance.now();
const wants = (section) => config.only.includes(section);
const ports = {
  app: config.basePort,
  bare: config.basePort + 1,
  postgres: config.basePort + 2,
  cluster: config.basePort + 3,
};
const results = {
  date: new Date().toISOString(),
  machine: machine(),
  settings: {
    quick: config.quick,
    connections: config.connections,
    seconds: config.seconds,
    warmupSeconds: config.warmupSeconds,
    users: config.users,
    lighthouseRuns: config.lighthouseRuns,
  },
};
const bareRuns = [];
const step = (title) => console.log(`\n== ${title} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
results.errors = [];

/** One section's failure is recorded and reported; the others still run. */
async function section(name, work) {
  try {
    return await work();
  } catch (error) {
    console.error(`  ${name} failed: ${error.stack ?? error}`);
    results.errors.push({ section: name, message: String(error.message ?? error).slice(0, 2000) });
    return undefined;
  }
}

step('Building the web app and the server when their sources changed');
const build = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], {
  cwd: root,
  stdio: 'inherit',
});
if (build.status !== 0) process.exit(build.status ?? 1);

if (wants('startup')) {
  step('Start-up and memory');
  results.startup = await section('startup', () => measureStartup(ports.app));
}

const pages = [
  { path: '/login' },
  { path: '/integrations', signedIn: true },
  { path: '/billing', signedIn: true },
  { path: '/assistant', signedIn: true },
  { path: '/account', signedIn: true },
  { path: '/contact', signedIn: true },
];
const storageFor = (page) => (page.signedIn ? { storage: signedInStorage(0) } : {});
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

async function pageWeights(app) {
  const out = [];
  for (const page of pages) {
    const weight = await pageWeight(app.base, page.path, storageFor(page));
    out.push({ ...weight, signedIn: Boolean(page.signedIn) });
    console.log(
      `  ${page.path}: JS ${kb(weight.bytes.js)}, CSS ${kb(weight.bytes.css)}, total ${kb(weight.bytes.total)} in ${weight.requests} requests; chart code in ${weight.chartCodeIn.join(', ') || 'none'}; phone metadata in ${weight.phoneMetadataIn.join(', ') || 'none'}`,
    );
  }
  return out;
}

async function lighthouseRuns(app) {
  const out = [];
  for (const page of [pages[0], { path: '/privacy' }, ...pages.slice(1)]) {
    const lh = await section(`lighthouse ${page.path}`, () =>
      runLighthouse(`${app.base}${page.path}`, storageFor(page)),
    );
    if (!lh) continue;
    out.push({ path: page.path, signedIn: Boolean(page.signedIn), ...lh });
    console.log(
      `  ${page.path}: performance ${lh.performance} (${lh.performanceOfEachRun.join(', ')}), accessibility ${lh.accessibility}, best practices ${lh.bestPractices}, FCP ${lh.fcpMs} ms, LCP ${lh.lcpMs} ms, TBT ${lh.tbtMs} ms, CLS ${lh.cls}`,
    );
  }
  return out;
}

const bare = await startBare(ports.bare);
try {
  if (['api', 'pages', 'lighthouse', 'scale'].some(wants)) {
    await section('sqlite', async () => {
      step(`Seeding ${config.users.toLocaleString('en')} people (SQLite)`);
      const dataDir = tempDir();
      const seeded = await seed(
        [
          { users: [0, config.users], usageDays: config.usageDays, eventsPerDay: 8 },
          { users: [DAY_USER, YEAR_USER + 1] },
        ],
        { dataDir },
      );
      console.log(`  ${JSON.stringify(seeded.seeded)} in ${seeded.seconds} s`);
      const app = await startApp({ port: ports.app, dataDir });
      try {
        results.api = { readyMs: app.readyMs, rssAfterStartMb: rssMb(app.pid), seeded: seeded.seeded };
        if (wants('api')) {
          step('API load, SQLite');
          await section('api', async () => {
            bareRuns.push((await measureBare(bare)).requestsPerSecond);
            results.api.routes = await measureRoutes(app, config.users);
            bareRuns.push((await measureBare(bare)).requestsPerSecond);
            results.api.rssAfterLoadMb = rssMb(app.pid);
            console.log(`  resident memory after the load run: ${results.api.rssAfterLoadMb} MB`);
          });
        }
        if (wants('pages')) {
          step('Page weight');
          results.pages = await section('pages', () => pageWeights(app));
        }
        if (wants('lighthouse')) {
          step(`Lighthouse (${config.lighthouseRuns} run(s) a page)`);
          results.lighthouse = await lighthouseRuns(app);
        }
        if (wants('scale')) {
          step('Scale');
          results.scale = await section('scale', () => measureScale(app, { bare, dataDir }));
          for (const control of [results.scale?.controlBefore, results.scale?.controlAfter]) {
            if (control) bareRuns.push(control.requestsPerSecond);
          }
        }
      } finally {
        await app.stop();
      }
    });
  }
  if (wants('postgres')) {
    step('PostgreSQL + Redis: one instance and two');
    results.postgres = await section('postgres', () =>
      measurePostgres({ bare, port: ports.postgres, clusterPort: ports.cluster }),
    );
    if (results.postgres?.bare) bareRuns.push(results.postgres.bare.requestsPerSecond);
  }
  if (wants('assistant')) {
    step('The assistant: turns a second and the webhook (SQLite, PostgreSQL + Redis), the pipeline per turn');
    const measured = await section('assistant', () =>
      measureAssistant({ port: ports.app, postgresPort: ports.postgres, bare }),
    );
    // Its own date and machine: a run of this section alone leaves the other tables as they were.
    if (measured)
      results.assistant = { date: results.date, machine: results.machine, quick: config.quick, ...measured };
  }
  if (wants('background')) {
    step(
      'Background work (issue 31): N people seeded, idle CPU, pass times, reminders on time, a text round trip',
    );
    const measured = await section('background', () =>
      measureBackground({ port: ports.app, clusterPort: ports.cluster }),
    );
    if (measured)
      results.background = { date: results.date, machine: results.machine, quick: config.quick, ...measured };
  }
} finally {
  await bare.stop();
}

// The reference is the mean of the bare runs spread over the run (the machine's load moves).
results.bare = {
  runs: bareRuns,
  requestsPerSecond: bareRuns.length ? Math.round(bareRuns.reduce((a, b) => a + b, 0) / bareRuns.length) : 0,
};
results.durationMs = Math.round(performance.now() - started);
writeResults(results);
step('Done: bench/results.json and the tables in bench/README.md');
