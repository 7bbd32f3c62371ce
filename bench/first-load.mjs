// `npm run bench:first-load`: one page's first visit on its own, for digging into it: bytes as
// transferred from a real page load in Chromium (with what each script holds) and Lighthouse's
// mobile scores. Starts the production app on a throwaway data dir unless FIRST_LOAD_URL points
// at a running one. `npm run bench` measures the pages the same way (bench/lib/).
//   FIRST_LOAD_URL    page to measure on a running app (default: start one, measure /login)
//   BENCH_PORT        port for the app this script starts (default 3300)
//   LH_RUNS           Lighthouse runs; the median by performance score is reported (default 3)
//   FIRST_LOAD_OUT    write the numbers as JSON to this file
//   FIRST_LOAD_REPORT write the median run's full Lighthouse report (JSON) to this file
import { writeFileSync } from 'node:fs';
import { runLighthouse } from './lib/lighthouse.mjs';
import { pageWeight } from './lib/page-weight.mjs';
import { startApp, tempDir } from './lib/processes.mjs';

const app = process.env.FIRST_LOAD_URL
  ? undefined
  : await startApp({ port: Number(process.env.BENCH_PORT ?? 3300), dataDir: tempDir() });
const url = new URL(process.env.FIRST_LOAD_URL ?? `${app?.base}/login`);
try {
  const { files, scripts, ...transfer } = await pageWeight(url.origin, url.pathname);
  const { report, ...lighthouse } = await runLighthouse(url.href, { runs: Number(process.env.LH_RUNS ?? 3) });
  const results = {
    date: new Date().toISOString(),
    node: process.version,
    url: url.href,
    transfer: { ...transfer, files, scripts },
    lighthouse,
  };
  if (process.env.FIRST_LOAD_OUT)
    writeFileSync(process.env.FIRST_LOAD_OUT, `${JSON.stringify(results, null, 2)}\n`);
  if (process.env.FIRST_LOAD_REPORT) writeFileSync(process.env.FIRST_LOAD_REPORT, JSON.stringify(report));
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.table(files.map((f) => ({ ...f, bytes: kb(f.bytes) })));
  console.table(
    scripts.map((s) => ({
      file: s.file,
      transferred: kb(s.transferred),
      holds: s.top
        .slice(0, 3)
        .map((o) => o.owner)
        .join(', '),
    })),
  );
  console.log(
    JSON.stringify({
      transferKB: Object.fromEntries(Object.entries(transfer.bytes).map(([k, v]) => [k, kb(v)])),
    }),
  );
  console.log(JSON.stringify(lighthouse, null, 2));
} finally {
  await app?.stop();
}
