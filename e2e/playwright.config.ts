import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { chromiumArgs, chromiumPath } from '../scripts/chromium.mjs';
import { E2E_ASSISTANT_KEY } from './keys';

const root = fileURLToPath(new URL('..', import.meta.url));
const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = process.env.E2E_BASE_URL ?? `http://localhost:${port}`;

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: './.artifacts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'phone',
      use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
    },
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  ],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        // The real `npm start`: builds the web app if needed and serves everything from one process.
        command: 'node scripts/start.mjs',
        cwd: root,
        url: `${baseURL}/readyz`,
        reuseExistingServer: false,
        timeout: 240_000,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          PORT: String(port),
          DATA_DIR: mkdtempSync(join(tmpdir(), 'relay-e2e-')),
          // Apple is the local stand-in, as on a newcomer's `npm start`: it refuses a password
          // not shaped like an app-specific one (the wrong-password journey, integrations.spec.ts),
          // and with every service a stand-in the screens drawn at build time are served.
          // The internal API exists only with a key: the usage journey records tokens through it.
          ASSISTANT_API_KEY: E2E_ASSISTANT_KEY,
          LOG_LEVEL: 'warn',
          // Each test comes from its own address (X-Forwarded-For), so per-IP limits hold per test.
          TRUST_PROXY: '1',
          // The tests are those "other addresses", so the dev outbox must answer them too.
          ALLOW_STAND_INS: 'true',
          SUPPORT_EMAIL: 'help@relay.test',
          // The pass that checks due follow-ups and greets newly linked numbers runs every 5 s,
          // not every minute: the follow-ups journey waited out a whole minute for it, four
          // times a run (decision 595). What it does is the same; a journey that counts the
          // texts to a new number allows for the greeting.
          ASSISTANT_SCHEDULE_INTERVAL_MS: '5000',
        },
      },
});
