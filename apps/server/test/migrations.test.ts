import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDb, migrateToLatest } from '../src/db/database';
import { migrations } from '../src/db/migrations/index';
import { testConfig, usingPostgres } from './helpers/build';

describe(`migrations on ${usingPostgres ? 'PostgreSQL' : 'SQLite'}`, () => {
  it('creates every table, and a second run changes nothing', async () => {
    const { config, cleanup } = testConfig();
    const db = createDb(config.database);
    try {
      const applied = await migrateToLatest(db, config.database);
      expect(applied).toEqual(Object.keys(migrations));
      expect(await migrateToLatest(db, config.database)).toEqual([]);

      const tables = (await db.introspection.getTables()).map((t) => t.name);
      expect(tables).toContain('dev_outbox');
      // The schema is usable, not just present.
      await sql`insert into dev_outbox (id, channel, recipient, subject, body, created_at)
                values ('a', 'sms', '+61400000000', null, 'hi', '2026-01-01T00:00:00.000Z')`.execute(db);
      const rows = await db.selectFrom('dev_outbox').selectAll().execute();
      expect(rows).toHaveLength(1);
    } finally {
      await db.destroy();
      await cleanup();
    }
  });

  it.runIf(!usingPostgres)(
    'opens SQLite durable, with its own 2 MB page cache rather than the 16 MB better-sqlite3 compiles in',
    async () => {
      const { config, cleanup } = testConfig();
      const db = createDb(config.database);
      try {
        const pragma = async (name: string) =>
          Object.values((await sql.raw(`pragma ${name}`).execute(db)).rows[0] as object)[0];
        expect(await pragma('cache_size')).toBe(-2000);
        expect(await pragma('journal_mode')).toBe('wal');
        expect(await pragma('synchronous')).toBe(2); // FULL
      } finally {
        await db.destroy();
        await cleanup();
      }
    },
  );

  // better-sqlite3 is synchronous, so two connections in one process cannot interleave the
  // way two processes do; SQLite's cross-process lock is covered by LockingSqliteAdapter.
  it.runIf(usingPostgres)('lets two instances migrate the same database at once', async () => {
    const { config, cleanup } = testConfig();
    const first = createDb(config.database);
    const second = createDb(config.database);
    try {
      const [a, b] = await Promise.all([
        migrateToLatest(first, config.database),
        migrateToLatest(second, config.database),
      ]);
      expect([...a, ...b].sort()).toEqual(Object.keys(migrations).sort());
    } finally {
      await first.destroy();
      await second.destroy();
      await cleanup();
    }
  });

  it.runIf(!usingPostgres)(
    'runs as one transaction: a migration that fails leaves no table behind',
    async () => {
      const { config, cleanup } = testConfig();
      const db = createDb(config.database);
      try {
        // A table in the way of migration 0005 makes it fail after 0001 to 0004 ran.
        await sql`create table connections (id text)`.execute(db);
        await expect(migrateToLatest(db, config.database)).rejects.toThrow(/already exists/);
        const tables = (await db.introspection.getTables({ withInternalKyselyTables: true })).map(
          (t) => t.name,
        );
        expect(tables.sort()).toEqual(['connections']);
      } finally {
        await db.destroy();
        await cleanup();
      }
    },
  );

  it.runIf(!usingPostgres)('lets two processes migrate the same fresh SQLite file at once', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'relay-migrate-')), 'app.db');
    const serverDir = fileURLToPath(new URL('..', import.meta.url));
    const script = `
      const { createDb, migrateToLatest } = await import('./src/db/database.ts');
      const database = { kind: 'sqlite', file: ${JSON.stringify(file)} };
      const db = createDb(database);
      console.log(JSON.stringify(await migrateToLatest(db, database)));
      await db.destroy();`;
    const run = () =>
      new Promise<string[]>((resolve, reject) => {
        const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
          cwd: serverDir,
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let out = '';
        let err = '';
        child.stdout.on('data', (chunk) => (out += chunk));
        child.stderr.on('data', (chunk) => (err += chunk));
        child.on('exit', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(err))));
      });
    const [a, b] = await Promise.all([run(), run()]);
    expect([...a, ...b].sort()).toEqual(Object.keys(migrations).sort());
  });
});
