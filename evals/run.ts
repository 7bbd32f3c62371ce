/**
 * `npm run eval`: runs the assistant's scenarios (evals/*.yaml) against a model and prints a
 * table, then the injection benchmark (evals/lib/injection-cases.ts) against a model that obeys
 * every planted instruction and against the same model as the scenarios, and prints the attack
 * success rate. docs/evals.md explains the options, the scenario format and the metrics.
 *
 *   npx tsx evals/run.ts [--model stand-in|configured] [--misbehave] [--scenario <name>]... [--dir <folder>]
 *                        [--injections | --skip-injections] [--case <part of a case id>]... [--verbose]
 *
 * Exits 1 when a scenario fails, an attack succeeds or something crashed, 2 on a usage error.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runBenchmark } from './lib/benchmark';
import { benchmarkPassed, formatBenchmark } from './lib/benchmark-report';
import { formatReport } from './lib/report';
import { runEvals } from './lib/runner';

const USAGE =
  'usage: npx tsx evals/run.ts [--model stand-in|configured] [--misbehave] [--scenario <name>]... [--dir <folder>] [--injections | --skip-injections] [--case <id part>]... [--verbose]';

async function main(): Promise<number> {
  let values: {
    model?: string;
    misbehave?: boolean;
    scenario?: string[];
    dir?: string;
    injections?: boolean;
    'skip-injections'?: boolean;
    case?: string[];
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
        injections: { type: 'boolean', default: false },
        'skip-injections': { type: 'boolean', default: false },
        case: { type: 'string', multiple: true },
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
  if (values.injections && values['skip-injections']) {
    console.error(`--injections and --skip-injections exclude each other\n${USAGE}`);
    return 2;
  }
  // Progress on stderr, so stdout is the report alone.
  const log = values.verbose
    ? (line: string) => console.error(line)
    : (line: string) => line.startsWith('▸') && console.error(line);
  let passed = true;
  if (!values.injections) {
    const report = await runEvals({
      model: values.model,
      misbehave: values.misbehave ?? false,
      ...(values.scenario ? { scenarios: values.scenario } : {}),
      // Scenarios kept elsewhere: a bug's reproduction before it is fixed, a model's own set.
      ...(values.dir ? { dir: resolve(values.dir) } : {}),
      log,
    });
    console.log(formatReport(report));
    passed &&= report.passed;
  }
  if (!values['skip-injections']) {
    if (!values.injections) console.log('');
    const runs = await runBenchmark({
      models: ['obedient', values.model],
      ...(values.case ? { only: values.case } : {}),
      log: values.verbose ? (line) => console.error(line) : () => undefined,
    });
    console.log(formatBenchmark(runs));
    passed &&= benchmarkPassed(runs);
  }
  return passed ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  },
);
