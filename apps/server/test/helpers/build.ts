import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/app';
import { type Config, type Env, loadConfig } from '../../src/config';
import { withDefaultUser } from '../../src/db/database';

export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

/**
 * Config for one test app: its own temp data dir and SQLite file, or its own PostgreSQL
 * schema when TEST_DATABASE_URL is set, so test files never see each other's rows.
 */
export function testConfig(overrides: Env = {}): { config: Config; cleanup: () => Promise<void> } {
  const dataDir = mkdtempSync(join(tmpdir(), 'relay-test-'));
  const schema = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const env: Record<string, string | undefined> = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    SERVE_WEB: 'false',
    ...(usingPostgres ? { DATABASE_URL: process.env.TEST_DATABASE_URL, DATABASE_SCHEMA: schema } : {}),
    ...overrides,
  };
  const config = loadConfig(env);
  return {
    config,
    cleanup: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      if (config.database.kind === 'postgres' && config.database.schema) {
        const client = new pg.Client({ connectionString: withDefaultUser(config.database.url) });
        await client.connect();
        await client.query(`drop schema if exists ${config.database.schema} cascade`);
        await client.end();
      }
    },
  };
}

/** Builds a fresh app for a test and closes it (and its database) afterwards. */
export async function build(
  overrides: Env = {},
  prepare?: (app: FastifyInstance) => void,
): Promise<{
  app: FastifyInstance;
  close: () => Promise<void>;
}> {
  const { config, cleanup } = testConfig(overrides);
  const app = await buildApp(config);
  prepare?.(app);
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await cleanup();
    },
  };
}

/** One app shared by the tests of a file. */
export function useApp(
  overrides: Env = {},
  prepare?: (app: FastifyInstance) => void,
): { readonly app: FastifyInstance } {
  const holder = {} as { app: FastifyInstance; close: () => Promise<void> };
  beforeAll(async () => {
    Object.assign(holder, await build(overrides, prepare));
  });
  afterAll(async () => {
    await holder.close?.();
  });
  return {
    get app() {
      return holder.app;
    },
  };
}
