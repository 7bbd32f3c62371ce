import { userInfo } from 'node:os';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  type Kysely as KyselyType,
  type MigrationLockOptions,
  Migrator,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  sql,
} from 'kysely';
import type pg from 'pg';
import type { Config } from '../config';
import { ensurePrivateDir, ensurePrivateFile } from '../lib/private-files';
import { migrations } from './migrations/index';
import { nameHotStatements } from './pg-named-statements';
import type { Database } from './schema';

export type Db = Kysely<Database>;

/** Runs `work` in one transaction; repositories join it through `repo.with(trx)`. */
export type RunInTransaction = <T>(work: (trx: Db) => Promise<T>) => Promise<T>;

/**
 * Like libpq, a URL without a user means the operating-system user; node-pg instead sends
 * an empty name, which PostgreSQL refuses.
 */
export function withDefaultUser(url: string): string {
  const parsed = new URL(url);
  if (!parsed.username) parsed.username = process.env.PGUSER ?? userInfo().username;
  return parsed.toString();
}

export function createDb(database: Config['database']): Db {
  if (database.kind === 'postgres') {
    // pg is loaded with the first query, so a server on SQLite never loads it.
    const pool = async (): Promise<pg.Pool> => {
      const created = new (await import('pg')).default.Pool({
        connectionString: withDefaultUser(database.url),
        max: 10,
        ...(database.schema ? { options: `-c search_path=${database.schema}` } : {}),
      });
      created.on('connect', nameHotStatements);
      return created;
    };
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  ensurePrivateDir(dirname(database.file));
  ensurePrivateFile(database.file);
  const sqlite = new SQLite(database.file);
  // WAL lets reads run beside a write; the busy timeout makes a second writer wait instead of failing.
  sqlite.pragma('journal_mode = WAL');
  // FULL: a write acknowledged to a client survives a power cut, not only a crash
  // (docs/decisions/062-sqlite-synchronous-full.md).
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  // A deleted row's bytes are overwritten, not left in a free page of the file (an erased account).
  sqlite.pragma('secure_delete = ON');
  sqlite.pragma('busy_timeout = 5000');
  // SQLite's own default page cache, 2 MB, instead of the 16 MB better-sqlite3 compiles in: the
  // file's pages stay in the kernel's page cache anyway, and a larger cache of our own only kept
  // a second copy of them resident (about 8 MB more after the billing reads, no faster;
  // docs/decisions/271-sqlite-page-cache-default-size.md).
  sqlite.pragma('cache_size = -2000');
  return new Kysely<Database>({
    dialect: new LockingSqliteDialect({ database: withStatementCache(sqlite) }),
  });
}

/**
 * The SQLite database as Kysely sees it, with its prepared statements kept: Kysely prepares each
 * query again on every execution, which on a signed-in read cost as much CPU as running the
 * queries (bench/README.md). The most recently used statements are kept, keyed by their SQL; a
 * statement still busy (a streamed query reading) is not handed out twice.
 */
function withStatementCache(sqlite: SQLite.Database, size = 500) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => void sqlite.close(),
    prepare(text: string): SQLite.Statement {
      const cached = cache.get(text);
      if (cached && !cached.busy) {
        // Map order is the eviction order: a statement just used moves to the back.
        cache.delete(text);
        cache.set(text, cached);
        return cached;
      }
      const statement = sqlite.prepare(text);
      if (!cached) {
        cache.set(text, statement);
        if (cache.size > size) cache.delete(cache.keys().next().value as string);
      }
      return statement;
    },
  };
}

/**
 * Kysely assumes one process per SQLite file and takes no migration lock. Two processes
 * started together (two `npm start`s, a test beside a dev server) would both migrate, so
 * the lock here is a write to the lock row: SQLite lets one writer in and the busy
 * timeout queues the other, which then sees the migrations done.
 */
class LockingSqliteAdapter extends SqliteAdapter {
  override async acquireMigrationLock(db: KyselyType<unknown>, opt: MigrationLockOptions): Promise<void> {
    await sql`update ${sql.table(opt.lockTable)} set is_locked = 1 where id = ${opt.lockRowId}`.execute(db);
  }
}

/**
 * How long statements may run back to back before requests waiting to be read get a turn
 * (decision 213): short against a webhook's 50 ms, long against one statement.
 */
const SQLITE_SLICE_MS = 5;

/**
 * better-sqlite3 runs each statement synchronously, so a chain of queries that awaits nothing
 * else (a job handler doing only database work) runs start to finish in microtasks and holds the
 * event loop: requests waiting to be read wait for all of it. So taking the connection first
 * looks at how long the loop has been busy with statements without coming round (a slice starts
 * with its first statement and ends when the loop reaches its check phase again); past the
 * slice, it waits for the loop's next turn. A chain shorter than that runs as before, at full
 * speed.
 */
class TakeTurnsSqliteDriver extends SqliteDriver {
  #sliceStart: number | undefined;

  override async acquireConnection() {
    if (this.#sliceStart !== undefined && performance.now() - this.#sliceStart > SQLITE_SLICE_MS) {
      // The slice's end, queued when it started, runs first.
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    if (this.#sliceStart === undefined) {
      this.#sliceStart = performance.now();
      setImmediate(() => {
        this.#sliceStart = undefined;
      });
    }
    return super.acquireConnection();
  }
}

class LockingSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createAdapter() {
    return new LockingSqliteAdapter();
  }

  override createDriver() {
    return new TakeTurnsSqliteDriver(this.settings);
  }
}

/**
 * Brings the schema up to date. On PostgreSQL, Kysely runs every pending migration in one
 * transaction under an advisory lock, so instances can start together.
 *
 * On SQLite Kysely would run each statement as a transaction of its own: on a fresh database
 * about 60 commits, each waiting for the disk (`synchronous = FULL`), which was a third of the
 * time to start (bench/README.md). Here the whole run is one transaction, begun IMMEDIATE so it
 * holds the write lock from its first statement: a second process starting at the same moment
 * waits (busy timeout) and then finds the migrations done, and a failed run leaves nothing behind.
 */
export async function migrateToLatest(db: Db, database: Config['database']): Promise<string[]> {
  const run = async (on: Db, options: { disableTransactions?: boolean }) => {
    const schema = database.kind === 'postgres' ? database.schema : undefined;
    const migrator = new Migrator({
      db: on,
      provider: { getMigrations: async () => migrations },
      ...(schema ? { migrationTableSchema: schema } : {}),
      ...options,
    });
    const { error, results } = await migrator.migrateToLatest();
    if (error) throw error instanceof Error ? error : new Error(String(error));
    return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
  };
  if (database.kind === 'postgres') return run(db, {});
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const applied = await run(connection, { disableTransactions: true });
      await sql`commit`.execute(connection);
      return applied;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}

/**
 * After an erasure: the WAL still holds the pages as they were before the delete until a
 * checkpoint copies the new ones back and truncates it. PostgreSQL's dead rows are reclaimed by
 * its own autovacuum; there is nothing to ask of it here.
 */
export async function flushErased(db: Db, database: Config['database']): Promise<void> {
  if (database.kind === 'sqlite') await sql`pragma wal_checkpoint(TRUNCATE)`.execute(db);
}

/**
 * The maintenance step after erasures (decision 351): `flushErased` leaves no deleted row in a
 * page's live cells or in the WAL, but SQLite's B-tree pages can keep stale bytes of deleted keys
 * where `secure_delete` does not reach (the unallocated space of a page rebuilt by a balance, an
 * index's interior page). VACUUM writes every table and index into fresh pages; the checkpoint
 * then moves them into the file and empties the WAL. A reader still holding a snapshot of the
 * old pages keeps them in the WAL: that throws, for the job to run again later.
 * On PostgreSQL the rows are already unreadable; see the decision record for what holds there.
 */
export async function rewriteErased(db: Db, database: Config['database']): Promise<void> {
  if (database.kind !== 'sqlite') return;
  await sql`vacuum`.execute(db);
  const result = await sql<{
    busy: number;
    log: number;
    checkpointed: number;
  }>`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  const row = result.rows[0];
  if (row && row.busy !== 0)
    throw new Error('the WAL could not be emptied after the rewrite (a reader held it)');
}

export async function pingDb(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
