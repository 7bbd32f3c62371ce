import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { createDb, type Db, migrateToLatest } from '../db/database';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/** Opens the database, migrates it before any route can run, and closes it with the app. */
export const dbPlugin = fp(async (app: FastifyInstance, opts: { database: Config['database'] }) => {
  const db = createDb(opts.database);
  try {
    const applied = await migrateToLatest(db, opts.database);
    if (applied.length > 0) app.log.info({ migrations: applied }, 'database migrated');
  } catch (error) {
    await db.destroy();
    throw error;
  }
  app.decorate('db', db);
  app.addHook('onClose', async () => {
    await db.destroy();
  });
});
