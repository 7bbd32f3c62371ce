/**
 * `npm run eval`: runs the assistant's scenarios (evals/*.yaml) against a model and prints a
 * table. docs/evals.md explains the options, the scenario format and the metrics.
 *
 *   npx tsx evals/run.ts [--model stand-in|configured] [--misbehave] [--scenario <name>]... [--dir <folder>] [--verbose]
 *
 * Exits 1 when a scenario fails or something crashed, 2 on a usage error.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { formatReport } from './lib/report';
import { runEvals } from './lib/runner';

const USAGE =
  'usage: npx tsx evals/run.ts [--model stand-in|configured] [--misbehave] [--scenario <name>]... [--dir <folder>] [--verbose]';

async function main(): Promise<number> {
  let values: {
    model?: string;
    misbehave?: boolean;
    scenario?: string[];
    dir?: string;
    verbose?: boolean;
    help?: boolean;
  };
  try {
    ({ values } = parseArgs({
      options: {
        model: { type: 'string', default: 'configured' },
        misbehave: { type: 'boolean', default: false },
        scenario: { type: 'string', multiple: true },
        dir: { type: 'string' },
        verbose: { type: 'boolean', short: 'v', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      allowPositionals: false,
    }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  if (values.model !== 'stand-in' && values.model !== 'configured') {
    console.error(`--model is stand-in or configured, not ${values.model}\n${USAGE}`);
    return 2;
  }
  const report = await runEvals({
    model: values.model,
    misbehave: values.misbehave ?? false,
    ...(values.scenario ? { scenarios: values.scenario } : {}),
    // Scenarios kept elsewhere: a bug's reproduction before it is fixed, a model's own set.
    ...(values.dir ? { dir: resolve(values.dir) } : {}),
    // Progress on stderr, so stdout is the report alone.
    log: values.verbose
      ? (line) => console.error(line)
      : (line) => line.startsWith('▸') && console.error(line),
  });
  console.log(formatReport(report));
  return report.passed ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
