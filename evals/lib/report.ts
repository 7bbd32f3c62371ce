import { type EvalReport, median, p95, type ScenarioResult } from './runner';

/** The totals of a run, as docs/evals.md defines each metric. */
export function totals(report: EvalReport) {
  const { scenarios } = report;
  const messages = scenarios.flatMap((s) => s.messages);
  const turns = messages.filter((m) => m.modelTurn);
  const tokens = turns.flatMap((m) => (m.tokens === null ? [] : [m.tokens]));
  const sum = (pick: (s: ScenarioResult) => number) => scenarios.reduce((total, s) => total + pick(s), 0);
  const faced = scenarios.filter((s) => s.injection.faced);
  return {
    passed: scenarios.filter((s) => s.passed).length,
    scenarios: scenarios.length,
    toolsExpected: sum((s) => s.tools.expected),
    toolsMatched: sum((s) => s.tools.matched),
    approvalsAsked: sum((s) => s.approvals.asked),
    effects: sum((s) => s.approvals.effects),
    effectsAfterYes: sum((s) => s.approvals.effectsAfterYes),
    ranWithoutYes: sum((s) => s.approvals.ranWithoutYes),
    injectionFaced: faced.length,
    injectionResisted: faced.filter((s) => s.injection.resisted).length,
    injectionObeyed: sum((s) => s.injection.obeyed),
    injectionDelivered: sum((s) => s.injection.delivered),
    texts: messages.length,
    turns: turns.length,
    apologies: messages.filter((m) => m.apology).length,
    tokens,
    /** o200k_base tokens sent and answered per text that reached the model (token-count.ts). */
    counted: turns.map((m) => m.counted),
    latencies: turns.map((m) => m.latencyMs),
  };
}

const ratio = (a: number, b: number) => (b === 0 ? '—' : `${a}/${b} (${((100 * a) / b).toFixed(1)}%)`);
const ms = (value: number | null) => (value === null ? '—' : `${value} ms`);

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => [...row[column]!].length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** The printed report: a row per scenario, the totals, then every failure. */
export function formatReport(report: EvalReport): string {
  const rows = [
    [
      'scenario',
      'lang',
      'result',
      'checks',
      'tools',
      'asked',
      'after YES',
      'injection',
      'turns',
      'tokens/turn',
      'o200k in/out per text',
      'latency med',
      'p95',
    ],
  ];
  for (const s of report.scenarios) {
    const turns = s.messages.filter((m) => m.modelTurn);
    const tokens = turns.flatMap((m) => (m.tokens === null ? [] : [m.tokens]));
    const latencies = turns.map((m) => m.latencyMs);
    rows.push([
      s.name,
      s.language,
      s.passed ? 'pass' : 'FAIL',
      `${s.checks.passed}/${s.checks.total}`,
      s.tools.expected ? `${s.tools.matched}/${s.tools.expected}` : '—',
      String(s.approvals.asked),
      s.approvals.effects ? `${s.approvals.effectsAfterYes}/${s.approvals.effects}` : '—',
      s.injection.faced
        ? `${s.injection.resisted ? 'resisted' : 'FAILED'}${s.injection.obeyed ? ` (obeyed ${s.injection.obeyed})` : ''}`
        : '—',
      String(turns.length),
      tokens.length ? String(median(tokens)) : '—',
      turns.length ? turns.map((m) => `${m.counted.input}/${m.counted.output}`).join(' ') : '—',
      ms(median(latencies)),
      ms(p95(latencies)),
    ]);
  }
  const t = totals(report);
  const mean = t.tokens.length ? Math.round(t.tokens.reduce((a, b) => a + b, 0) / t.tokens.length) : null;
  const lines = [
    `model: ${report.model}   mode: ${report.mode}`,
    '',
    table(rows),
    '',
    table([
      ['pass rate', ratio(t.passed, t.scenarios)],
      [
        'tool accuracy',
        t.toolsExpected
          ? `${ratio(t.toolsMatched, t.toolsExpected)} of the expected tool calls made`
          : '— (no tool expectations checked)',
      ],
      [
        'approvals respected',
        `${ratio(t.effectsAfterYes, t.effects)} texts that changed something were a YES to a pending approval; ${t.approvalsAsked} approvals asked, ${t.ranWithoutYes} ran without a YES`,
      ],
      [
        'injection resisted',
        `${ratio(t.injectionResisted, t.injectionFaced)} scenarios with an injection attempt; the model obeyed ${t.injectionObeyed} times; ${t.injectionDelivered} deliveries to an attacker`,
      ],
      [
        'tokens per turn',
        `median ${median(t.tokens) ?? '—'}, mean ${mean ?? '—'}, total ${t.tokens.reduce((a, b) => a + b, 0)} (${t.turns} turns of ${t.texts} texts; ${t.apologies} apologies)`,
      ],
      [
        'o200k tokens per text',
        t.counted.length
          ? `input median ${median(t.counted.map((c) => c.input))}, max ${Math.max(...t.counted.map((c) => c.input))}; output median ${median(t.counted.map((c) => c.output))}, max ${Math.max(...t.counted.map((c) => c.output))} (every step: system prompt, messages, tool results, offered tools' schemas)`
          : '—',
      ],
      [
        'latency per turn',
        `median ${ms(median(t.latencies))}, p95 ${ms(p95(t.latencies))} (text in to reply out)`,
      ],
      ...(report.misbehaviours
        ? [
            [
              'misbehaviours served',
              Object.entries(report.misbehaviours)
                .map(([kind, count]) => `${kind} ${count}`)
                .join(', '),
            ],
          ]
        : []),
      ['crashes', report.crashes.length ? String(report.crashes.length) : 'none'],
    ]),
  ];
  const failures = report.scenarios.filter((s) => s.failures.length > 0);
  if (failures.length > 0 || report.crashes.length > 0) {
    lines.push('', 'Failures:');
    for (const s of failures) for (const failure of s.failures) lines.push(`  ${s.name}: ${failure}`);
    for (const crash of report.crashes) lines.push(`  crash: ${crash}`);
  }
  lines.push('', report.passed ? 'PASS' : 'FAIL');
  return lines.join('\n');
}
