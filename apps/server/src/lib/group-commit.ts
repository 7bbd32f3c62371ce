import type { Db, RunInTransaction } from '../db/database';

export interface GroupCommitOptions<I, R> {
  /** Opens the transaction a batch is written in (`app.transaction`). */
  transaction: RunInTransaction;
  /**
   * Writes one item through the batch's transaction. Items of a batch are written one after
   * another, in the order they were submitted, so an item sees the ones before it (a repeated
   * key in one batch is found as the conflict it is).
   */
  write: (trx: Db, item: I) => Promise<R>;
  /** The most items one transaction holds; more wait for the next. */
  maxBatch?: number;
}

interface Waiting<I, R> {
  item: I;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

const DEFAULT_MAX_BATCH = 200;

/**
 * Group commit: items submitted while a transaction is being written and committed wait, and
 * are then written together in the next one, so many concurrent writers pay for one commit (on
 * SQLite with `synchronous = FULL`, one fsync) instead of one each. `submit` resolves only after
 * the transaction holding the item has committed: whatever a caller acknowledges is durable.
 *
 * A batch that fails (one bad item, a conflict, a lost connection) is rolled back whole and
 * written again one transaction per item, so only the item that fails on its own is rejected.
 * `write` must therefore be safe to run again after a rollback, as any transaction body is.
 */
export class GroupCommit<I, R> {
  private readonly maxBatch: number;
  private waiting: Waiting<I, R>[] = [];
  private writing: Promise<void> | undefined;
  private scheduled = false;

  constructor(private readonly options: GroupCommitOptions<I, R>) {
    this.maxBatch = options.maxBatch ?? DEFAULT_MAX_BATCH;
    if (!(this.maxBatch >= 1)) throw new RangeError('maxBatch must be at least 1');
  }

  /** Resolves with the item's result once its transaction has committed; rejects if it cannot be written. */
  submit(item: I): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /** Resolves once everything submitted so far has been committed or rejected (shutdown, tests). */
  async drain(): Promise<void> {
    while (this.writing || this.waiting.length > 0 || this.scheduled) {
      if (this.writing) await this.writing;
      else await new Promise<void>((resolve) => setImmediate(resolve));
    }
  }

  /**
   * The first item of an idle period waits one turn of the event loop (`setImmediate`), so the
   * requests read in the same turn join it; items that come while a batch is writing form the
   * next batch as soon as it has committed.
   */
  private schedule(): void {
    if (this.scheduled || this.writing) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      const batch = this.waiting.splice(0, this.maxBatch);
      this.writing = this.writeBatch(batch).finally(() => {
        this.writing = undefined;
        if (this.waiting.length > 0) this.schedule();
      });
    });
  }

  private async writeBatch(batch: Waiting<I, R>[]): Promise<void> {
    let results: R[];
    try {
      results = await this.options.transaction(async (trx) => {
        const out: R[] = [];
        for (const { item } of batch) out.push(await this.options.write(trx, item));
        return out;
      });
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      // Nothing of the batch was kept: each item alone, so one bad item fails only itself.
      for (const waiting of batch) {
        try {
          waiting.resolve(await this.options.transaction((trx) => this.options.write(trx, waiting.item)));
        } catch (itemError) {
          waiting.reject(itemError);
        }
      }
      return;
    }
    for (const [index, waiting] of batch.entries()) waiting.resolve(results[index] as R);
  }
}
