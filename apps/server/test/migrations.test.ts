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
});
