// Start-up and memory: `node scripts/start.mjs` (the web and server already built) on a fresh
// data dir, from the spawn to /readyz answering 200, and its resident memory once settled.
import { config } from './config.mjs';
import { rssMb, startApp, tempDir } from './processes.mjs';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];

export async function measureStartup(port, runs = config.startRuns) {
  const each = [];
  for (let i = 0; i < runs; i++) {
    const app = await startApp({ port, dataDir: tempDir(), logName: 'startup' });
    try {
      // What it holds once the start-up work is done and the collector has run a little.
      await new Promise((resolve) => setTimeout(resolve, 1000));
      each.push({ readyMs: app.readyMs, rssMb: rssMb(app.pid) });
    } finally {
      await app.stop();
    }
  }
  const result = {
    runs: each,
    readyMs: median(each.map((r) => r.readyMs)),
    rssAfterStartMb: median(each.map((r) => r.rssMb)),
  };
  console.log(
    `  ready in ${result.readyMs} ms (median of ${runs}: ${each.map((r) => r.readyMs).join(', ')}), ${result.rssAfterStartMb} MB resident after start`,
  );
  return result;
}
