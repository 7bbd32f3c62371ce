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
