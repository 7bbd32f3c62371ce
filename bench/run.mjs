// `npm run bench`: load and page-weight benchmarks (not timed tests). Starts the real app on a
// loopback port with a throwaway data dir, measures, writes bench/results.json, stops the app.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { startApp } from './start-app.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.BENCH_PORT ?? 3200);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
function load(path) {
  return new Promise((resolve, reject) => {
    autocannon({ url: `${base}${path}`, connections: 20, duration: seconds }, (err, result) => {
      if (err) return reject(err);
      resolve({
        path,
        requestsPerSecond: Math.round(result.requests.average),
        latencyMs: { p50: result.latency.p50, p99: result.latency.p99 },
        non2xx: result.non2xx,
        errors: result.errors,
      });
    });
  });
}

/** What a phone downloads before the first screen: the HTML, its entry script and styles, gzipped. */
function pageWeight() {
  const dist = join(root, 'apps/web/dist');
  const html = readFileSync(join(dist, 'index.html'));
  const refs = [...String(html).matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  const files = [
    { file: 'index.html', bytes: html },
    ...refs.map((ref) => ({ file: ref, bytes: readFileSync(join(dist, ref)) })),
  ];
  const rows = files.map(({ file, bytes }) => ({ file, raw: bytes.length, gzip: gzipSync(bytes).length }));
  return { files: rows, totalGzipBytes: rows.reduce((sum, r) => sum + r.gzip, 0) };
}

const { base, stop } = await startApp(port);
try {
  const results = {
    date: new Date().toISOString(),
    node: process.version,
    secondsPerRun: seconds,
    load: [await load('/healthz'), await load('/v1/config'), await load('/privacy')],
    initialPageWeight: pageWeight(),
  };
  writeFileSync(join(root, 'bench/results.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log(JSON.stringify(results, null, 2));
} finally {
  stop();
}
