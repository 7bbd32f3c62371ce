// Starting and stopping what the benchmarks measure, each in its own process: the production app
// (`node scripts/start.mjs`), two of it under node:cluster, and the bare Fastify reference.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));

/** The assistant service's key for POST /v1/internal/usage, and one master key for every instance. */
export const ASSISTANT_API_KEY = 'relay-bench-assistant-key-0123456789abcdef';
export const APP_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');

/**
 * The Node flags and script of `npm start`, read from package.json, so that what is measured is
 * what `npm start` runs (its V8 flags included), not a copy of it.
 */
export const startCommand = (() => {
  const [node, ...args] = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts.start.split(
    /\s+/,
  );
  if (node !== 'node') throw new Error(`npm start is not a plain node command: ${node} ${args.join(' ')}`);
  const script = args.findIndex((arg) => !arg.startsWith('-'));
  return { nodeFlags: args.slice(0, script), args: args.slice(script) };
})();

export function tempDir(prefix = 'relay-bench-') {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** Resident memory of a process in MB (Linux /proc), or null where that is not available. */
export function rssMb(pid) {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : null;
  } catch {
    return null;
  }
}

/**
 * What every benchmarked instance runs with: the production build on loopback, local stand-ins,
 * warnings only in the log, per-address limits out of the way (TRUST_PROXY=1 lets the load
 * generator spread the routes with fixed limits over many client addresses).
 */
export function appEnv({ port, dataDir, database, env = {} }) {
  return {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000000',
    // The internal API's budget is per service key, so it cannot be spread over addresses.
    ASSISTANT_API_RATE_LIMIT_PER_MINUTE: '100000000',
    TRUST_PROXY: '1',
    ASSISTANT_API_KEY,
    APP_ENCRYPTION_KEY,
    ...(database?.url
      ? {
          DATABASE_URL: database.url,
          DATABASE_SCHEMA: database.schema,
          ...(database.redisUrl ? { REDIS_URL: database.redisUrl } : {}),
        }
      : { DATABASE_URL: `sqlite:${join(dataDir, 'app.db')}` }),
    // A benchmark's own settings last (the assistant's: Twilio and the model on loopback fakes).
    ...env,
  };
}

async function waitReady(url, child, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the process exited with ${child.exitCode} before ${url} answered`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

function stopper(child, cleanup) {
  return async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    }
    cleanup?.();
  };
}

/** Fails early when something else listens on the port (it would answer the readiness checks). */
function assertPortFree(port) {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', () => reject(new Error(`port ${port} is in use: set BENCH_PORT to a free range`)));
    probe.listen(port, '127.0.0.1', () => probe.close(resolve));
  });
}

/**
 * Starts a process and waits for `readyPath` to answer 200. `readyMs` runs from the spawn to
 * that answer (polled every 5 ms). Output goes to a log file, shown if the start fails.
 */
export async function startProcess({
  args,
  env,
  port,
  readyPath = '/readyz',
  readyLine,
  logName,
  timeoutMs = 240_000,
}) {
  await assertPortFree(port);
  const logFile = join(tmpdir(), `relay-bench-${logName}-${process.pid}.log`);
  const log = createWriteStream(logFile);
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const base = `http://127.0.0.1:${port}`;
  // A process that says when it is ready (the cluster, once every instance listens) is waited for.
  const announced = readyLine
    ? new Promise((resolve) => {
        let seen = '';
        child.stdout.on('data', (chunk) => {
          seen += chunk;
          if (seen.includes(readyLine)) resolve();
        });
      })
    : Promise.resolve();
  try {
    let timer;
    await Promise.race([
      announced,
      new Promise((_, reject) => {
        timer = setTimeout(
          () => reject(new Error(`no "${readyLine}" within ${timeoutMs / 1000} s`)),
          timeoutMs,
        );
      }),
    ]).finally(() => clearTimeout(timer));
    await waitReady(`${base}${readyPath}`, child, timeoutMs);
  } catch (error) {
    await stopper(child)();
    const output = existsSync(logFile) ? readFileSync(logFile, 'utf8').slice(-4000) : '';
    throw new Error(`${logName}: ${error.message}\n${output}`);
  }
  const readyMs = Math.round(performance.now() - started);
  return {
    base,
    port,
    pid: child.pid,
    readyMs,
    child,
    /** The process's output so far (removed on stop). */
    logFile,
    stop: stopper(child, () => rmSync(logFile, { force: true })),
  };
}

/** The production app, as `npm start` runs it. `dataDir` is removed on stop unless `keepData`. */
export async function startApp({ port, dataDir, database, env, keepData = false, logName = 'app' }) {
  const app = await startProcess({
    args: [...startCommand.nodeFlags, ...startCommand.args],
    env: appEnv({ port, dataDir, database, env }),
    port,
    logName,
  });
  const stop = app.stop;
  return {
    ...app,
    stop: async () => {
      await stop();
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `instances` copies of the app behind one port (node:cluster hands each connection to one). */
export function startCluster({ port, dataDir, database, instances = 2, env, logName = 'cluster' }) {
  return startProcess({
    args: ['bench/cluster.mjs', String(instances)],
    env: appEnv({ port, dataDir, database, env }),
    port,
    readyLine: 'cluster ready',
    logName,
  });
}

export function startBare(port) {
  return startProcess({
    args: ['bench/bare-fastify.mjs', String(port)],
    env: process.env,
    port,
    readyPath: '/',
    logName: 'bare',
  });
}
