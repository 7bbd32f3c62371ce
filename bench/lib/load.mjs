// One load measurement with autocannon (as a library, in this process; the server runs in its
// own): a warm-up that is thrown away, then `seconds` of `connections` keeping one request each
// in flight. Reports requests per second, latency percentiles and what came back.
import autocannon from 'autocannon';
import { config } from './config.mjs';

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

/**
 * `target`: { url, method?, headers?, body?, setupRequest? } where setupRequest(request) returns
 * the request to send next (a different session, body or client address each time).
 */
export async function measure(
  target,
  { seconds = config.seconds, connections = config.connections, afterWarmup } = {},
) {
  const { url, setupRequest, ...request } = target;
  const options = {
    url,
    connections,
    pipelining: 1,
    timeout: 10,
    ...(setupRequest ? { requests: [{ ...request, setupRequest }] } : request),
  };
  if (config.warmupSeconds > 0) await run({ ...options, duration: config.warmupSeconds });
  afterWarmup?.();
  const result = await run({ ...options, duration: seconds });
  const statuses = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]),
  );
  return {
    requestsPerSecond: Math.round(result.requests.average),
    latencyMs: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    requests: result.requests.total,
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

/** Round-robin over a list, shared by every connection of a run. */
export function rotate(list) {
  let next = 0;
  return () => {
    const item = list[next];
    next = (next + 1) % list.length;
    return item;
  };
}

/** A different client address (10.x.y.z) per request, for routes whose limits are per address. */
export function clientAddresses() {
  let n = 0;
  return () => {
    n = (n + 1) % 16_777_216;
    return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
  };
}
