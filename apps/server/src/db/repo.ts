import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from './database';

/**
 * Base of every repository: built over the app's database, and `with(trx)` gives the same
 * repository bound to a transaction (see `app.transaction`), so use cases never pass a
 * transaction through each method.
 */
export abstract class Repo {
  constructor(protected readonly db: Db) {}

  with(trx: Db): this {
    return new (this.constructor as new (db: Db) => this)(trx);
  }
}

/** The plugin that decorates the app with one repository, built over the app's database. */
export function repoPlugin<K extends keyof FastifyInstance>(
  decorator: K,
  Repository: new (db: Db) => FastifyInstance[K],
  name: string,
) {
  return fp(
    async (app: FastifyInstance) => {
      app.decorate(decorator as string, new Repository(app.db) as unknown);
    },
    { name, dependencies: ['db'] },
  );
}
