// A simulated day of background work (issue 31, benchmark section); see bench/simulated-day.md.
//
//   npx tsx bench/simulated-day.ts [--people 1000] [--only day|providers] [--json out.json]
//
// The people's day (bench/lib/simulated-day.ts): N people on the sample workspace walked through
// 24 simulated hours; the provider days (bench/lib/provider-day.ts): one person on the loopback
// Google fake, idle and with changes, push (https) and none (http). The live bench imports
// `simulatedDay` and `providerDay` from here or from bench/lib.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { graphDay } from './lib/graph-day';
import { providerDay } from './lib/provider-day';
import { simulatedDay } from './lib/simulated-day';

export { graphDay } from './lib/graph-day';
export { providerDay } from './lib/provider-day';
export { simulatedDay } from './lib/simulated-day';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      people: { type: 'string', default: '1000' },
      // Which parts: the people's day, the provider requests, or both.
      only: { type: 'string' },
      json: { type: 'string' },
    },
  });
  const log = (line: string) => console.error(line);
  const result: Record<string, unknown> = {};
  if (values.only !== 'providers') {
    result.day = await simulatedDay({ people: Number(values.people), log });
    console.log(JSON.stringify({ day: result.day }, null, 2));
  }
  if (values.only !== 'day') {
    const cases = [
      { publicUrl: 'https', eventChanges: 0, mails: 0 },
      { publicUrl: 'https', eventChanges: 5, mails: 20 },
      { publicUrl: 'http', eventChanges: 0, mails: 0 },
      { publicUrl: 'http', eventChanges: 5, mails: 20 },
    ] as const;
    const days = [];
    for (const options of cases) {
      log(`provider day on the Google fake: ${JSON.stringify(options)}`);
      const day = await providerDay(options);
      days.push(day);
      console.log(JSON.stringify({ providerDay: day }, null, 2));
    }
    result.providerDays = days;
    const graphDays = [];
    for (const options of cases) {
      log(`provider day on the Graph fake: ${JSON.stringify(options)}`);
      const day = await graphDay(options);
      graphDays.push(day);
      console.log(JSON.stringify({ graphDay: day }, null, 2));
    }
    result.graphDays = graphDays;
  }
  if (values.json) writeFileSync(values.json, JSON.stringify(result, null, 2));
}

// Run as a script (not when imported by the live bench).
if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
