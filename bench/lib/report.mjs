// bench/results.json (everything measured) and the tables in bench/README.md between the
// results markers; the text around them is written by hand.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './processes.mjs';

const START = '<!-- results:start (written by `npm run bench`; edit the text outside these markers) -->';
const END = '<!-- results:end -->';

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const num = (n) => (n === undefined || n === null ? '–' : Number(n).toLocaleString('en'));
const sec = (ms) => `${(ms / 1000).toFixed(1)} s`;
const verdict = (ok) => (ok ? 'met' : '**missed**');

function table(head, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

function statuses(result) {
  const codes = Object.entries(result.statuses ?? {})
    .map(([code, count]) => `${code}×${num(count)}`)
    .join(', ');
  return `${codes}${result.errors ? `, ${num(result.errors)} errors` : ''}${result.timeouts ? `, ${num(result.timeouts)} timeouts` : ''}`;
}

function loadRow(name, result, bare, target) {
  const ratio = result.requestsPerSecond / bare;
  const cells = [
    name,
    num(result.requestsPerSecond),
    ratio.toFixed(2),
    `${result.latencyMs.p50} ms`,
    `${result.latencyMs.p99} ms`,
    statuses(result),
  ];
  if (target) cells.push(verdict(ratio >= 0.5 && result.latencyMs.p99 < 25));
  else cells.push('');
  return cells;
}

function startupSection(r) {
  const s = r.startup;
  const rows = [];
  if (s) {
    rows.push([
      'ready (spawn to `/readyz` 200, fresh data dir)',
      `${num(s.readyMs)} ms`,
      '< 500 ms',
      verdict(s.readyMs < 500),
    ]);
    rows.push(['resident memory after start', `${num(s.rssAfterStartMb)} MB`, '', '']);
  }
  if (r.api?.rssAfterLoadMb !== undefined) {
    rows.push([
      'resident memory after the load run',
      `${num(r.api.rssAfterLoadMb)} MB`,
      '< 120 MB',
      verdict(r.api.rssAfterLoadMb < 120),
    ]);
  }
  if (r.api?.readyMs !== undefined)
    rows.push(['ready with the 1,000 people seeded', `${num(r.api.readyMs)} ms`, '', '']);
  return rows.length ? `### Start-up and memory\n\n${table(['', 'measured', 'target', ''], rows)}` : '';
}

function apiSection(r) {
  const a = r.api;
  if (!a?.routes) return '';
  const bare = r.bare.requestsPerSecond;
  const rows = [
    [
      'bare Fastify hello-world (reference)',
      num(bare),
      '1.00',
      '',
      '',
      `runs: ${r.bare.runs.map(num).join(', ')} req/s`,
      '',
    ],
    loadRow('`GET /healthz`', a.routes.healthz, bare),
    loadRow('`GET /v1/auth/me`', a.routes.me, bare, true),
    loadRow('`GET /v1/integrations/status`', a.routes.integrations, bare, true),
    loadRow('`GET /v1/billing/info`', a.routes.billing, bare, true),
    loadRow('`POST /v1/api/verify-code` (wrong codes)', a.routes.verifyCode, bare),
    loadRow('`POST /v1/internal/usage`', a.routes.usage, bare),
  ];
  return `### API load, SQLite, one instance\n\n${table(['route', 'req/s', 'of bare', 'p50', 'p99', 'answers', 'target ≥ 0.5 of bare, p99 < 25 ms'], rows)}`;
}

function postgresSection(r) {
  const p = r.postgres;
  if (!p) return '';
  if (p.skipped) return `### PostgreSQL + Redis\n\nSkipped: ${p.skipped}.`;
  const bare = r.bare.requestsPerSecond;
  const rows = ['me', 'integrations', 'billing'].map((key) => {
    const sqlite = r.api?.routes[key];
    const one = p.single[key];
    const two = p.cluster[key];
    return [
      {
        me: '`GET /v1/auth/me`',
        integrations: '`GET /v1/integrations/status`',
        billing: '`GET /v1/billing/info`',
      }[key],
      sqlite
        ? `${num(sqlite.requestsPerSecond)} (${(sqlite.requestsPerSecond / bare).toFixed(2)}), p99 ${sqlite.latencyMs.p99} ms`
        : '–',
      `${num(one.requestsPerSecond)} (${(one.requestsPerSecond / bare).toFixed(2)}), p99 ${one.latencyMs.p99} ms`,
      `${num(two.requestsPerSecond)} (${(two.requestsPerSecond / bare).toFixed(2)}), p99 ${two.latencyMs.p99} ms`,
      `× ${(two.requestsPerSecond / one.requestsPerSecond).toFixed(2)}`,
    ];
  });
  return `### Signed-in reads: SQLite, PostgreSQL${p.redis ? ' + Redis' : ''}, and two instances\n\nreq/s (share of bare), p99.\n\n${table(['route', 'SQLite, 1 instance', `PostgreSQL${p.redis ? ' + Redis' : ''}, 1 instance`, '2 instances (node:cluster)', '2 vs 1'], rows)}`;
}

function pagesSection(r) {
  const pages = r.pages;
  if (!pages) return '';
  const rows = pages.map((p) => [
    `\`${p.path}\`${p.signedIn ? ' (signed in)' : ''}`,
    kb(p.bytes.js),
    kb(p.bytes.css),
    kb(p.bytes.total),
    num(p.requests),
    p.chartCodeIn.length ? p.chartCodeIn.map((f) => `\`${f.replace('assets/', '')}\``).join(', ') : 'no',
    p.phoneMetadataIn.length
      ? p.phoneMetadataIn.map((f) => `\`${f.replace('assets/', '')}\``).join(', ')
      : 'no',
    p.path === '/login' ? `${verdict(p.bytes.js <= 150 * 1024)} (≤ 150 KB JS)` : '',
  ]);
  const login = pages.find((p) => p.path === '/login');
  const biggest = login
    ? [...login.scripts]
        .sort((a, b) => b.transferred - a.transferred)
        .slice(0, 6)
        .map((s) => [
          `\`${s.file.replace('assets/', '')}\``,
          kb(s.transferred),
          kb(s.rawBytes),
          s.top
            .slice(0, 4)
            .map((o) => `${o.owner} ${kb(o.bytes)}`)
            .join(', '),
        ])
    : [];
  return [
    '### Page weight (first load, phone-sized Chromium, cache off, bytes as transferred with headers)',
    table(
      ['page', 'JS', 'CSS', 'total', 'requests', 'chart code (recharts) in', 'phone metadata in', 'budget'],
      rows,
    ),
    biggest.length
      ? `The largest scripts of \`/login\` and what they hold (from their source maps, bytes before compression):\n\n${table(['script', 'transferred', 'raw', 'largest parts'], biggest)}`
      : '',
  ].join('\n\n');
}

function lighthouseSection(r) {
  const lh = r.lighthouse;
  if (!lh?.length) return '';
  const rows = lh.map((p) => [
    `\`${p.path}\`${p.signedIn ? ' (signed in)' : ''}`,
    `${p.performance}${p.performance >= 95 ? '' : ' **(missed)**'}`,
    `${p.accessibility}${p.accessibility === 100 ? '' : ' **(missed)**'}`,
    p.bestPractices,
    sec(p.fcpMs),
    sec(p.lcpMs),
    `${num(p.tbtMs)} ms`,
    p.cls,
    `${p.performanceOfEachRun.join(', ')}`,
  ]);
  return `### Lighthouse ${lh[0]?.lighthouseVersion ?? ''}, mobile (median run by performance; target performance ≥ 95, accessibility 100)\n\n${table(['page', 'performance', 'accessibility', 'best practices', 'FCP', 'LCP', 'TBT', 'CLS', 'performance of each run'], rows)}`;
}

function scaleSection(r) {
  const s = r.scale;
  if (!s) return '';
  const before = s.controlBefore?.requestsPerSecond;
  const after = s.controlAfter?.requestsPerSecond;
  const row = (name, result, control) => [
    name,
    num(result.requestsPerSecond),
    control ? (result.requestsPerSecond / control).toFixed(3) : '–',
    `${result.latencyMs.p50} ms`,
    `${result.latencyMs.p99} ms`,
    statuses(result),
  ];
  const small = s.users.toLocaleString('en');
  const large = s.scaleUsers.toLocaleString('en');
  const rows = [
    row('`GET /v1/billing/info`, a person with 1 day of usage (24 events)', s.billingOneDay, before),
    row('`GET /v1/billing/info`, a person with 1 month of usage (720 events)', s.billingOneMonth, before),
    row('`GET /v1/billing/info`, a person with 1 year of usage (8,760 events)', s.billingOneYear, before),
    row(`\`GET /v1/integrations/status\`, ${small} people`, s.integrationsSmall, before),
    row(`\`POST /v1/api/verify-code\` (wrong code), ${small} people`, s.verifySmall, before),
    row(`\`GET /v1/integrations/status\`, ${large} people`, s.integrationsLarge, after),
    row(`\`POST /v1/api/verify-code\` (wrong code), ${large} people`, s.verifyLarge, after),
    row(`\`GET /v1/billing/info\`, 1 year of usage, ${large} people`, s.billingOneYearLarge, after),
  ];
  return `### Scale (SQLite)\n\nThe bare reference as a control: ${num(before)} req/s before the first case, ${num(after)} after the last (the database grew from ${small} to ${large} people in between, in ${s.seedSeconds} s).\n\n${table(['case', 'req/s', 'of bare (control)', 'p50', 'p99', 'answers'], rows)}`;
}

export function markdown(r) {
  const m = r.machine;
  const head = [
    `Measured ${r.date} on ${m.cores} cores (${m.cpu}), Node ${m.node}, ${m.platform}${r.settings.quick ? ' — **BENCH_QUICK smoke run: rough figures**' : ''}.`,
    `Load: autocannon from the benchmark's own process, ${r.settings.connections} connections, ${r.settings.seconds} s per measurement after a ${r.settings.warmupSeconds} s warm-up, against \`node scripts/start.mjs\` (production build, local stand-ins, \`LOG_LEVEL=warn\`, rate limits raised) with ${num(r.settings.users)} seeded people. The whole run took ${sec(r.durationMs)}.`,
  ].join(' ');
  const errors = r.errors?.length
    ? `**Sections that failed in this run:**\n\n${r.errors.map((e) => `- ${e.section}: ${e.message.split('\n')[0]}`).join('\n')}`
    : '';
  return [
    head,
    errors,
    startupSection(r),
    apiSection(r),
    postgresSection(r),
    pagesSection(r),
    lighthouseSection(r),
    scaleSection(r),
  ]
    .filter(Boolean)
    .join('\n\n');
}

const ms = (value) => (value === null || value === undefined ? '–' : `${value} ms`);

function assistantApp(name, app) {
  if (!app) return null;
  if (app.skipped) return { name, skipped: app.skipped };
  return { name, ...app };
}

/** The assistant's tables (issue 21), in a block of their own: its section can run alone. */
export function assistantMarkdown(a) {
  const m = a.machine;
  const apps = [
    assistantApp('SQLite', a.sqlite),
    assistantApp(`PostgreSQL${a.postgres?.redis ? ' + Redis' : ''}`, a.postgres),
  ].filter(Boolean);
  const measured = apps.filter((app) => !app.skipped);
  const head = `Measured ${a.date} on ${m.cores} cores (${m.cpu}), Node ${m.node}, ${m.platform}${a.quick ? ' — **BENCH_QUICK smoke run: rough figures**' : ''}. \`node scripts/start.mjs\` (production build, \`LOG_LEVEL=warn\`, the job queue's defaults: 4 jobs at once per instance) with Twilio on a loopback fake in the benchmark's process; ${num(a.people)} people signed up through the API (code, trial, Google through the local issuer).${a.bare ? ` The bare Fastify reference in this run: ${a.bare.runs.map(num).join(' and ')} req/s (before and after), ${num(a.bare.requestsPerSecond)} on average.` : ''}`;
  const bare = a.bare?.requestsPerSecond;
  const webhook = table(
    ['database', 'req/s', 'of bare', 'p50', 'p99', 'answers', 'target p99 < 50 ms'],
    measured.map((app) => [
      app.name,
      num(app.webhook.requestsPerSecond),
      bare ? (app.webhook.requestsPerSecond / bare).toFixed(2) : '–',
      ms(app.webhook.latencyMs.p50),
      ms(app.webhook.latencyMs.p99),
      statuses(app.webhook),
      verdict(app.webhook.latencyMs.p99 < 50),
    ]),
  );
  const turns = table(
    [
      'database',
      'turns a second',
      'p50 (webhook post to reply at Twilio)',
      'p99',
      'turns',
      'unexpected replies',
    ],
    measured.map((app) => [
      app.name,
      app.turns.turnsPerSecond,
      ms(app.turns.latencyMs.p50),
      ms(app.turns.latencyMs.p99),
      `${num(app.turns.turns)} in ${app.turns.seconds} s, ${num(app.turns.people)} people`,
      num(app.turns.unexpected),
    ]),
  );
  const p = a.pipeline;
  const pipeline = p
    ? table(
        ['per turn (SQLite, one at a time)', 'median', 'p99'],
        [
          [
            '**the pipeline without the model**: text stored to reply queued, less model time',
            ms(p.ownMs.p50),
            ms(p.ownMs.p99),
          ],
          [
            'text stored to reply queued (database timestamps, ms)',
            ms(p.storedToQueuedMs.p50),
            ms(p.storedToQueuedMs.p99),
          ],
          [
            `the model's own time, ${p.modelRequestsPerTurn.join('/')} requests`,
            ms(p.modelMs.p50),
            ms(p.modelMs.p99),
          ],
          [
            'webhook post to reply at Twilio, less model time',
            ms(p.endToEndOwnMs.p50),
            ms(p.endToEndOwnMs.p99),
          ],
          ['webhook post to reply at Twilio', ms(p.endToEndMs.p50), ms(p.endToEndMs.p99)],
        ],
      )
    : '';
  const skipped = apps.filter((app) => app.skipped).map((app) => `${app.name} skipped: ${app.skipped}.`);
  return [
    head,
    `#### Twilio's webhook: signed form posts from ${num(a.connections)} concurrent senders, a new MessageSid each (${num(a.seconds)} s after a warm-up)`,
    webhook,
    '#### Turns a second, end to end (the stand-in model, "what\'s on tomorrow?": one calendar tool call)',
    turns,
    p
      ? `#### The pipeline's own time per turn (${num(p.turns)} turns; ${p.toolCallsPerTurn.join('/')} tool calls each against the sample workspace; a loopback model that answers at once)`
      : '',
    pipeline,
    ...skipped,
  ]
    .filter(Boolean)
    .join('\n\n');
}

const ASSISTANT_START =
  '<!-- assistant-results:start (written by `npm run bench`; edit the text outside these markers) -->';
const ASSISTANT_END = '<!-- assistant-results:end -->';

const BACKGROUND_START =
  '<!-- background-results:start (written by `npm run bench`; edit the text outside these markers) -->';
const BACKGROUND_END = '<!-- background-results:end -->';

/** The background benchmark (issue 31): one row per database and N, then the targets. */
function backgroundMarkdown(b) {
  const ms = (n) => (n === null || n === undefined ? '–' : `${num(n)} ms`);
  const head = `Run ${b.date} on ${b.machine.cores} cores (${b.machine.cpu}), Node ${b.machine.node}${b.quick ? ', quick mode' : ''}; the meeting ${b.settings.eventMinutes} min after start, idle CPU over ${b.settings.cpuSeconds} s after ${b.settings.settleSeconds} s, ${b.settings.texters} people texting for ${b.settings.textSeconds} s.`;
  const rows = b.cases.map((c) =>
    c.skipped || c.error
      ? [
          c.db,
          num(c.people),
          c.start ?? '',
          c.skipped ?? `failed: ${c.error.slice(0, 120)}`,
          '',
          '',
          '',
          '',
          '',
          '',
          '',
        ]
      : [
          `${c.db} (${c.instances} instance${c.instances > 1 ? 's' : ''})`,
          num(c.people),
          c.start ?? 'cold',
          `${c.seedSeconds} s${c.settleSeconds !== undefined ? ` + ${c.settleSeconds} s settling` : ''}`,
          `${c.cpuPerMinute} s`,
          `${num(c.passes.count)}: median ${ms(c.passes.p50Ms)}, longest ${ms(c.passes.maxMs)}`,
          num(c.passes.over),
          `${c.reminders.share} % (${num(c.reminders.enqueued)})`,
          `${ms(c.roundTripMs.p50)} / ${ms(c.roundTripMs.p99)} / ${ms(c.roundTripMs.max)}`,
          `${num(c.roundTripMs.texts)}${c.roundTripMs.unanswered ? ` (${num(c.roundTripMs.unanswered)} unanswered)` : ''}`,
          c.load ? c.load.map((n) => n.toFixed(1)).join(' / ') : '–',
        ],
  );
  const cases = table(
    [
      'database',
      'people',
      'start',
      'seeded in',
      'idle CPU a minute',
      'scheduling passes',
      'passes over 6 s',
      'reminders enqueued before their time',
      'text round trip p50 / p99 / max',
      'texts',
      'load average (1 min) at idle CPU / round trip',
    ],
    rows,
  );
  const targets = table(
    [
      'database',
      'from → to people',
      'idle CPU ratio (target ≤ 2)',
      'round trip p99 ratio (target ≤ 1.5)',
      'every reminder on time',
      'longest pass (target ≤ 6 s)',
      'cold start: reminders on time at the largest N',
    ],
    Object.entries(b.verdicts ?? {}).map(([db, v]) => [
      db,
      `${num(v.from)} → ${num(v.to)}`,
      `${v.cpuRatio ?? '–'} (${verdict(v.cpuRatio !== null && v.cpuRatio <= 2)})`,
      `${v.p99Ratio ?? '–'} (${verdict(v.p99Ratio !== null && v.p99Ratio <= 1.5)})`,
      verdict(v.everyReminderOnTime),
      `${ms(v.longestPassMs)} (${verdict(v.longestPassMs <= 6000)})`,
      v.coldReminderShare === null || v.coldReminderShare === undefined ? '–' : `${v.coldReminderShare} %`,
    ]),
  );
  return [head, cases, '#### Targets (steady start)', targets].join('\n\n');
}

/** `text` with the block between `start` and `end` replaced, or appended under `heading`. */
function replaceBlock(text, start, end, content, heading) {
  const block = `${start}\n\n${content}\n\n${end}`;
  const from = text.indexOf(start.slice(0, 25));
  const to = text.indexOf(end);
  return from >= 0 && to > from
    ? `${text.slice(0, from)}${block}${text.slice(to + end.length)}`
    : `${text.trimEnd()}\n\n${heading}\n\n${block}\n`;
}

/** The sections written in the main block; a run of the assistant's alone leaves it as it was. */
const MAIN_SECTIONS = ['startup', 'api', 'postgres', 'pages', 'lighthouse', 'scale'];

/** Writes results.json, and the tables into README.md (between the markers, added if missing). */
export function writeResults(results) {
  const resultsFile = join(root, 'bench/results.json');
  const ranMain = MAIN_SECTIONS.some((key) => results[key] !== undefined);
  let json = { ...results, lighthouse: results.lighthouse?.map(({ report, ...rest }) => rest) };
  if (!ranMain) {
    // Only the assistant ran: the other figures of the last full run stay.
    let previous = {};
    try {
      previous = JSON.parse(readFileSync(resultsFile, 'utf8'));
    } catch {}
    json = {
      ...previous,
      assistant: results.assistant ?? previous.assistant,
      background: results.background ?? previous.background,
    };
  }
  writeFileSync(resultsFile, `${JSON.stringify(json, null, 2)}\n`);
  const readmeFile = join(root, 'bench/README.md');
  let readme = readFileSync(readmeFile, 'utf8');
  if (ranMain) readme = replaceBlock(readme, START, END, markdown(json), '## Latest results');
  if (results.assistant)
    readme = replaceBlock(
      readme,
      ASSISTANT_START,
      ASSISTANT_END,
      assistantMarkdown(results.assistant),
      '## The assistant: latest results',
    );
  if (results.background)
    readme = replaceBlock(
      readme,
      BACKGROUND_START,
      BACKGROUND_END,
      backgroundMarkdown(results.background),
      '## Background work: latest results',
    );
  writeFileSync(readmeFile, readme);
  return json;
}
