import { ROUTES } from '@app/contract/routes';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build } from './helpers/build';
import { EmptyDav } from './helpers/empty-dav';
import { caseArbitrary, toInject } from './helpers/fuzz-request';
import { FuzzWorld } from './helpers/fuzz-world';
import { freePort } from './helpers/process';

/**
 * Design §5: bad input gets a clear 4xx, never a 500. Every route of the contract (the route
 * table itself, so a new route is fuzzed without a word here) is sent generated requests, as
 * the person it expects, the service, nobody and a garbled credential: valid input, input with
 * one thing wrong (another type, huge or odd text, edge dates and numbers, a field missing or
 * added), bad JSON, other content types and odd path segments. Any answer >= 500 fails with the
 * route, the request and the answer.
 *
 * Deterministic by default; FUZZ_SEED varies the inputs, FUZZ_RUNS the number of requests
 * (about 10,000 across all routes), FUZZ_TIME_MS the time they may take in all (the runs stop
 * early rather than pass it), FUZZ_REPORT=1 prints what was answered.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 19);
const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const TIME_MS = Number(process.env.FUZZ_TIME_MS ?? 40_000);
const RUNS_PER_ROUTE = Math.ceil(TOTAL_RUNS / ROUTES.length);
const SERVICE_KEY = 'fuzz-service-key-0123456789-abcdefghijklmnopq';

let app: FastifyInstance;
let close: () => Promise<void>;
let world: FuzzWorld;
const dav = new EmptyDav();
/** What the server threw, by request id: a failure names it, not only the generic 500 body. */
const thrown = new Map<string, Error>();
const statuses = new Map<string, Map<number, number>>();
let requests = 0;
let deadline = 0;
let firstStart = 0;

beforeAll(async () => {
  await dav.start();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  ({ app, close } = await build(
    {
      PUBLIC_URL: base,
      ASSISTANT_API_KEY: SERVICE_KEY,
      APPLE_CALDAV_URL: dav.url,
      APPLE_CARDDAV_URL: dav.url,
    },
    (app) =>
      app.addHook('onError', async (request, _reply, error) => {
        thrown.set(String(request.id), error);
      }),
  ));
  await app.listen({ port, host: '127.0.0.1' });
  world = new FuzzWorld(app, base, dav, SERVICE_KEY);
});
afterAll(async () => {
  if (process.env.FUZZ_REPORT) report();
  await close?.();
  await dav.stop();
});

/** Each request its own address, so per-address limits count one request each and never mask a handler. */
function address(n: number): string {
  return n % 4 === 0
    ? `2001:db8:${(n >> 16).toString(16)}:${(n & 0xffff).toString(16)}::1`
    : `198.18.${(n >> 8) & 255}.${n & 255}`;
}

function describeFailure(route: string, request: InjectOptions, res: LightMyRequestResponse): string {
  const { authorization, ...headers } = (request.headers ?? {}) as Record<string, string>;
  const payload = typeof request.payload === 'string' ? request.payload : '';
  const requestId = (() => {
    try {
      return String(res.json().error?.requestId ?? '');
    } catch {
      return '';
    }
  })();
  const error = thrown.get(requestId);
  return [
    `${route} answered ${res.statusCode}`,
    `request: ${request.method} ${String(request.url).slice(0, 600)}`,
    // The scheme and length only: the session's token is no one's business in a test log.
    `headers: ${JSON.stringify(headers).slice(0, 400)} (authorization: ${authorization ? `${authorization.split(' ')[0]} + ${authorization.length} chars` : 'none'})`,
    `body: ${payload.length > 600 ? `${payload.slice(0, 600)}... (${payload.length} chars)` : payload}`,
    `answer: ${res.body.slice(0, 800)}`,
    ...(error ? [`thrown: ${error.stack?.split('\n').slice(0, 6).join('\n') ?? error.message}`] : []),
  ].join('\n');
}

function report(): void {
  const seconds = ((Date.now() - firstStart) / 1000).toFixed(1);
  console.info(`fuzz: ${requests} requests over ${ROUTES.length} routes in ${seconds} s (seed ${SEED})`);
  for (const [route, counts] of statuses) {
    const line = [...counts].sort(([a], [b]) => a - b).map(([status, n]) => `${status}:${n}`);
    console.info(`  ${route.padEnd(48)} ${line.join(' ')}`);
  }
}

describe('every route of the contract under generated input', () => {
  const hints = FuzzWorld.hints();
  /** The property run last started, settled or not. */
  let inFlight: Promise<unknown> = Promise.resolve(undefined);

  it.each(ROUTES.map((route, index) => [`${route.method} ${route.path}`, route, index] as const))(
    '%s never answers 5xx',
    { timeout: 60_000 },
    async (name, route, index) => {
      if (!firstStart) {
        firstStart = Date.now();
        deadline = firstStart + TIME_MS;
      }
      await world.connectAll();
      const counts = new Map<number, number>();
      statuses.set(name, counts);
      // What is left of the time, shared by the routes still to run.
      const budget = Math.max(250, (deadline - Date.now()) / (ROUTES.length - index));
      await fc.assert(
        fc.asyncProperty(caseArbitrary(route, hints), (input) => {
          const run = fuzzOnce(input);
          inFlight = run.then(
            () => undefined,
            (error: unknown) => error,
          );
          return run;
        }),
        {
          seed: SEED + index,
          numRuns: RUNS_PER_ROUTE,
          interruptAfterTimeLimit: budget,
          markInterruptAsFailure: false,
        },
      );
      // A run the time limit interrupted goes on in the background: the next route starts after
      // it, or a late account deletion pulls the person from under the next route's setup.
      // One the limit cut short still counts: a 5xx it met fails the route.
      const late = await inFlight;
      if (late) throw late;

      async function fuzzOnce(input: Parameters<typeof toInject>[1]): Promise<void> {
        await world.ready();
        requests += 1;
        const request = toInject(
          route,
          input,
          { token: world.token, serviceKey: SERVICE_KEY, ip: address(requests) },
          (text) => world.fill(text),
        );
        const res = await app.inject(request);
        counts.set(res.statusCode, (counts.get(res.statusCode) ?? 0) + 1);
        world.answered(route.method, res.statusCode, input.caller === 'user');
        // A per-session limit reached: the next request comes from a new session of the same person.
        if (res.statusCode === 429 && input.caller === 'user') await world.renewSession();
        if (res.statusCode >= 500) throw new Error(describeFailure(name, request, res));
      }
    },
  );
  // A run where authentication or a limit refused everything would pass while testing nothing.
  it('got past authentication and the limits on every route', () => {
    const blocked = ROUTES.map((route) => `${route.method} ${route.path}`).filter((name) => {
      const counts = statuses.get(name);
      return !counts || [...counts.keys()].every((status) => status === 401 || status === 429);
    });
    expect(blocked).toEqual([]);
  });
});
