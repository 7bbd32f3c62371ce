import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  createDb,
  type Db,
  flushErased,
  migrateToLatest,
  type RunInTransaction,
  rewriteErased,
} from '../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /**
     * The one way to run repository calls together: `transaction((trx) => repo.with(trx).x())`.
     * Everything inside commits or rolls back as one.
     */
    transaction: RunInTransaction;
    /** Leaves no copy of erased rows in the database's files (db/database.ts flushErased). */
    flushErased: () => Promise<void>;
    /** Rewrites the database's files so no stale byte of an erased row is left (db/database.ts rewriteErased). */
    rewriteErased: () => Promise<void>;
  }
}

/** Opens the database, migrates it before any route can run, and closes it with the app. */
export const dbPlugin = fp(
  async (app: FastifyInstance) => {
    const { database } = app.config;
    const db = createDb(database);
    try {
      const applied = await migrateToLatest(db, database);
      if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
    } catch (error) {
      await db.destroy();
      throw error;
    }
    app.decorate('db', db);
    app.decorate('transaction', <T>(work: (trx: Db) => Promise<T>) => db.transaction().execute(work));
    app.decorate('flushErased', () => flushErased(db, database));
    app.decorate('rewriteErased', () => rewriteErased(db, database));
    app.addHook('onClose', async () => {
      await db.destroy();
    });
  },
  { name: 'db', dependencies: ['config'] },
);
