// API load: each route against the bare Fastify reference measured in the same run, on SQLite
// (one instance) and on PostgreSQL + Redis (one instance, then two behind one port).
import { config } from './config.mjs';
import { measure } from './load.mjs';
import { signedIn, usageReports, wrongCodes } from './scenarios.mjs';

const log = (line) => console.log(`  ${line}`);

export function describe(name, result) {
  const { requestsPerSecond, latencyMs, statuses, errors, timeouts } = result;
  const codes = Object.entries(statuses)
    .map(([code, count]) => `${code}:${count}`)
    .join(' ');
  log(
    `${name.padEnd(34)} ${String(requestsPerSecond).padStart(6)} req/s  p50 ${latencyMs.p50} ms  p99 ${latencyMs.p99} ms  [${codes}${errors ? ` errors:${errors}` : ''}${timeouts ? ` timeouts:${timeouts}` : ''}]`,
  );
  return result;
}

/** The bare Fastify hello-world: the most this machine, client and server together, can do. */
export async function measureBare(bare) {
  return describe('bare Fastify GET /', await measure({ url: `${bare.base}/` }));
}

/** The issue's route list against one app seeded with people [0, users). */
export async function measureRoutes(app, users) {
  const people = [0, users];
  const results = {};
  results.healthz = describe('GET /healthz', await measure({ url: `${app.base}/healthz` }));
  results.me = describe('GET /v1/auth/me', await measure(signedIn(app.base, '/v1/auth/me', people)));
  results.integrations = describe(
    'GET /v1/integrations/status',
    await measure(signedIn(app.base, '/v1/integrations/status', people)),
  );
  results.billing = describe(
    'GET /v1/billing/info',
    await measure(signedIn(app.base, '/v1/billing/info', people)),
  );
  results.verifyCode = describe(
    'POST /v1/api/verify-code (wrong)',
    await measure(wrongCodes(app.base, people)),
  );
  results.usage = describe('POST /v1/internal/usage', await measure(usageReports(app.base, people)));
  return results;
}

/** The three signed-in reads only (PostgreSQL, the cluster). */
export async function measureReads(app, users) {
  const people = [0, users];
  return {
    me: describe('GET /v1/auth/me', await measure(signedIn(app.base, '/v1/auth/me', people))),
    integrations: describe(
      'GET /v1/integrations/status',
      await measure(signedIn(app.base, '/v1/integrations/status', people)),
    ),
    billing: describe('GET /v1/billing/info', await measure(signedIn(app.base, '/v1/billing/info', people))),
  };
}

export const loadSettings = () => ({
  connections: config.connections,
  seconds: config.seconds,
  warmupSeconds: config.warmupSeconds,
});
