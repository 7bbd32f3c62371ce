// One reminder look, profiled (issue 31): N background people seeded as the live bench seeds
// them (bench/seed.mjs, task "background", every next look null: the cold start), the app built
// in this process on that SQLite file, then the scheduling pass's reminder looks run back to back
// until everyone has been looked at once, with each step timed: reading the due rows, whether the
// calendars are followed, the compare-and-set, listing the events, queueing the reminder.
//
//   npx tsx bench/reminder-looks.ts [--people 5000] [--delay-ms 0] [--at-once 8] [--one-by-one]
//
// `--delay-ms` adds that much latency to each provider listing (a real provider's HTTP round
// trip), to show what the pass reaches a minute when the provider, not the CPU, is the cost.
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { assistantDeps } from '../apps/server/src/modules/assistant/deps';
import { scheduleReminders } from '../apps/server/src/modules/assistant/reminder-looks';
import { appEnv } from './lib/processes.mjs';
import { seed } from './lib/seeding.mjs';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
};
const people = arg('people', 5000);
const delayMs = arg('delay-ms', 0);
/** Looks at once (the pass's default when 0); --one-by-one asks whether calendars are followed a person at a time. */
const atOnce = arg('at-once', 0);
const oneByOne = process.argv.includes('--one-by-one');

const dataDir = mkdtempSync(join('/dev/shm', 'relay-looks-'));
const timing = new Map<string, { ms: number; calls: number }>();
function timed<A extends unknown[], R>(name: string, fn: (...args: A) => Promise<R>) {
  return async (...args: A): Promise<R> => {
    const started = performance.now();
    try {
      return await fn(...args);
    } finally {
      const entry = timing.get(name) ?? { ms: 0, calls: 0 };
      entry.ms += performance.now() - started;
      entry.calls += 1;
      timing.set(name, entry);
    }
  };
}

try {
  const eventAt = new Date(Date.now() + 20 * 60_000).toISOString();
  const seeded = await seed([{ background: [0, people], eventAt }], { dataDir });
  console.log(`seeded ${people} people in ${seeded.seconds} s`);
  const env = appEnv({ port: 0, dataDir }) as Record<string, string>;
  const app = await buildApp(loadConfig({ ...env, LOG_LEVEL: 'silent', SERVE_WEB: 'false' }));
  await app.ready();
  const repo = app.assistantSettingsRepo;
  const base = assistantDeps(app);
  const apple = base.workspace.calendars.apple;
  const calendars = {
    ...base.workspace.calendars,
    apple: {
      ...apple,
      listEvents: timed('provider listEvents', async (...args: Parameters<typeof apple.listEvents>) => {
        if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
        return apple.listEvents(...args);
      }),
    },
  };
  const deps = {
    ...base,
    workspace: {
      ...base.workspace,
      calendars,
      connectionsRepo: Object.assign(Object.create(base.workspace.connectionsRepo), {
        listForUser: timed('connections listForUser', (id: string) =>
          base.workspace.connectionsRepo.listForUser(id),
        ),
        listServices: timed('connections listServices', (ids: string[]) =>
          base.workspace.connectionsRepo.listServices(ids),
        ),
      }),
    },
    assistantSettingsRepo: Object.assign(Object.create(repo), {
      remindersDue: timed('remindersDue (batch)', repo.remindersDue.bind(repo)),
      moveReminderLook: timed('moveReminderLook', repo.moveReminderLook.bind(repo)),
    }),
    jobs: { ...app.jobs, enqueue: timed('jobs.enqueue', app.jobs.enqueue.bind(app.jobs)) },
    db: app.db,
    log: app.log,
    calendarsFollowed: timed('calendarsFollowed', (id: string) => app.changeFeed.calendarsFollowed(id)),
    ...(oneByOne
      ? {}
      : {
          calendarsFollowedOf: timed('calendarsFollowedOf (batch)', (ids: string[]) =>
            app.changeFeed.calendarsFollowedOf(ids),
          ),
        }),
    ...(atOnce ? { reminderLooksAtOnce: atOnce } : {}),
    reminderLooks: app.config.reminderLooks,
  };
  const passes: number[] = [];
  const started = performance.now();
  for (;;) {
    const left = Number(
      (
        await app.db
          .selectFrom('assistant_settings')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('reminders_next_at', 'is', null)
          .executeTakeFirstOrThrow()
      ).n,
    );
    if (left === 0) break;
    const pass = performance.now();
    await scheduleReminders(deps as never, new Date());
    passes.push(performance.now() - pass);
  }
  const total = performance.now() - started;
  const reminders = Number(
    (
      await app.db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('kind', '=', 'assistant.reminder')
        .executeTakeFirstOrThrow()
    ).n,
  );
  console.log(
    `${people} looks in ${(total / 1000).toFixed(2)} s: ${(total / people).toFixed(3)} ms a look, ` +
      `${Math.round((people / total) * 3000)} looks per 3 s of pass; ${passes.length} passes, longest ${Math.round(Math.max(...passes))} ms; ${reminders} reminders queued` +
      (delayMs ? ` (provider latency ${delayMs} ms)` : ''),
  );
  for (const [name, { ms, calls }] of timing)
    console.log(
      `  ${name.padEnd(28)} ${calls} calls, ${(ms / 1000).toFixed(2)} s in all, ${(ms / calls).toFixed(3)} ms each (wall, overlapping)`,
    );
  await app.close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
