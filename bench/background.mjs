// The background benchmark (issue 31) on its own, without the rest of `npm run bench` and without
// writing bench/results.json: its figures as JSON on stdout. The same knobs as `npm run bench`:
//   BENCH_BACKGROUND_PEOPLE=1000,10000 BENCH_BACKGROUND_DBS=sqlite BENCH_PORT=3500 node bench/background.mjs
// (`BENCH_ONLY=background npm run bench` runs it and writes the results and the README's table.)
import { measureBackground } from './lib/background.mjs';
import { config } from './lib/config.mjs';

const result = await measureBackground({ port: config.basePort, clusterPort: config.basePort + 3 });
for (const c of result.cases) if (c.passes) c.passes.all = c.passes.all.join(' ');
console.log(JSON.stringify(result, null, 2));
