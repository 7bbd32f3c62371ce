import { runBenchmark } from './lib/benchmark';
import { formatBenchmark } from './lib/benchmark-report';
const only = process.argv.slice(2);
const runs = await runBenchmark({ models: ['obedient'], only, log: (l) => console.error(l) });
console.log(formatBenchmark(runs));
for (const c of runs[0]!.cases) console.log(c.id, JSON.stringify(c.approvals), JSON.stringify(c.obeyed), JSON.stringify(c.shown).slice(0,600));
