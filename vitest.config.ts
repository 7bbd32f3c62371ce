import { defineConfig } from 'vitest/config';

/**
 * One `npm test` runs every project: contract and server in Node, web in jsdom.
 * The server project runs again against PostgreSQL when TEST_DATABASE_URL is set.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          // One module graph per worker, not per file: importing the server once per file was
          // ~38 % of this project's wall time (decisions 565, 566, 592). The helpers keep no
          // state one file could see from another (numbers drawn per module, env and globals
          // restored), and each file builds its own app on its own database.
          isolate: false,
          // Two files at once, not Vitest's one on 2 cores (availableParallelism() - 1): most of
          // a server test's time is waiting (the job queue's polls, a model's deadline, a child
          // process starting), and 16 files ran in 69 s against 96 s (decision 595). A project
          // of its own worker count needs a group of its own: it runs after contract and web.
          // On PostgreSQL one: Kysely's migrator lists the tables of every schema before taking
          // its lock, and a file's schema dropped by the other worker at that moment fails it
          // ("schema … does not exist", the first CI run with two).
          maxWorkers: process.env.TEST_DATABASE_URL ? 1 : 2,
          sequence: { groupOrder: 1 },
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      './apps/web/vite.config.ts',
    ],
  },
});
