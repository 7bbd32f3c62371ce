import { type Selectable, sql } from 'kysely';
import type { Db } from '../../db/database';
import { isPostgres } from '../../db/dialect';
import { Repo } from '../../db/repo';
import type { JobsTable } from '../../db/schema';
import { newId } from '../ids';

export type JobRow = Selectable<JobsTable>;

export interface NewJob {
  kind: string;
  /** Idempotency key: a second enqueue with the same key is the same job (`created: false`). */
  key: string;
  /** Anything JSON can hold; the handler's schema checks it when the job runs. */
  payload: unknown;
  /** Not before this time; now when left out. */
  runAt?: Date;
}

export interface ClaimRequest {
  kinds: readonly string[];
  workerId: string;
  now: Date;
  leaseMs: number;
  limit: number;
}

/** Errors are kept for whoever looks at a failed job, not whole stack dumps. */
const MAX_ERROR_CHARS = 1000;

/**
 * The SQL of the durable job queue. Every write after a claim names the worker that holds it:
 * a worker whose lease lapsed (and whose job another worker took) changes nothing.
 */
export class JobsRepo extends Repo {
  /**
   * Stores a job through `db`: pass the transaction that stores what the job is about, and both
   * commit or neither does. A key already stored is not an error: that job is the answer.
   */
  async enqueue(db: Db, job: NewJob, now: Date): Promise<{ id: string; created: boolean }> {
    const payload = JSON.stringify(job.payload);
    if (payload === undefined) throw new TypeError(`job ${job.kind}: the payload cannot be stored as JSON`);
    const at = now.toISOString();
    const inserted = await db
      .insertInto('jobs')
      .values({
        id: newId(),
        kind: job.kind,
        key: job.key,
        payload,
        status: 'pending',
        attempts: 0,
        run_at: (job.runAt ?? now).toISOString(),
        locked_by: null,
        locked_until: null,
        last_error: null,
        created_at: at,
        updated_at: at,
        done_at: null,
      })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (inserted) return { id: inserted.id, created: true };
    const existing = await db
      .selectFrom('jobs')
      .select('id')
      .where('key', '=', job.key)
      .executeTakeFirstOrThrow();
    return { id: existing.id, created: false };
  }

  /**
   * Takes up to `limit` due jobs of these kinds in one statement, oldest `run_at` first: pending,
   * due, and either never claimed or claimed by a worker whose lease ran out. Each taken job
   * counts one more attempt.
   *
   * The candidates are a materialized CTE so the LIMIT is evaluated once. On PostgreSQL they are
   * locked `FOR UPDATE SKIP LOCKED`, so instances claiming at the same moment take different
   * jobs instead of waiting for each other; on SQLite the UPDATE holds the one write lock from
   * its first step, so the choice and the claim cannot be split by another process.
   */
  async claim(request: ClaimRequest): Promise<JobRow[]> {
    if (request.kinds.length === 0 || request.limit <= 0) return [];
    const now = request.now.toISOString();
    const until = new Date(request.now.getTime() + request.leaseMs).toISOString();
    const rows = await this.db
      .with(
        (cte) => cte('next').materialized(),
        (db) => {
          const due = db
            .selectFrom('jobs')
            .select('id')
            .where('status', '=', 'pending')
            .where('kind', 'in', [...request.kinds])
            .where('run_at', '<=', now)
            .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
            .orderBy('run_at')
            .orderBy('id')
            .limit(request.limit);
          return isPostgres(this.db) ? due.forUpdate().skipLocked() : due;
        },
      )
      .updateTable('jobs')
      .set((eb) => ({
        locked_by: request.workerId,
        locked_until: until,
        attempts: eb('attempts', '+', 1),
        updated_at: now,
      }))
      .where('id', 'in', (eb) => eb.selectFrom('next').select('next.id'))
      .returningAll()
      .execute();
    // RETURNING promises no order.
    return rows.sort((a, b) => (a.run_at === b.run_at ? compare(a.id, b.id) : compare(a.run_at, b.run_at)));
  }

  /** The handler succeeded. False when this worker no longer holds the job. */
  async complete(id: string, workerId: string, now: Date): Promise<boolean> {
    const at = now.toISOString();
    return this.updateHeld(id, workerId, {
      status: 'done',
      locked_until: null,
      done_at: at,
      updated_at: at,
    });
  }

  /** Gives the job back to run again from `runAt` (the back-off). False when not held. */
  async retry(
    id: string,
    workerId: string,
    retry: { error: string; runAt: Date; now: Date },
  ): Promise<boolean> {
    return this.updateHeld(id, workerId, {
      run_at: retry.runAt.toISOString(),
      locked_by: null,
      locked_until: null,
      last_error: retry.error.slice(0, MAX_ERROR_CHARS),
      updated_at: retry.now.toISOString(),
    });
  }

  /** Gives the job up for good. False when not held. */
  async fail(id: string, workerId: string, error: string, now: Date): Promise<boolean> {
    const at = now.toISOString();
    return this.updateHeld(id, workerId, {
      status: 'failed',
      locked_until: null,
      last_error: error.slice(0, MAX_ERROR_CHARS),
      done_at: at,
      updated_at: at,
    });
  }

  /** Keeps a long handler's claim alive. False when the claim was lost (another worker has it). */
  async extendLease(id: string, workerId: string, until: Date, now: Date): Promise<boolean> {
    return this.updateHeld(id, workerId, {
      locked_until: until.toISOString(),
      updated_at: now.toISOString(),
    });
  }

  /**
   * Deletes jobs finished (done or failed) before `before`. Their keys become free again, so the
   * window must outlast any redelivery of what enqueued them. Read by the (status, done_at) index
   * and deleted `batch` at a time, each batch its own statement, so a purge after a busy week
   * never holds the table in one long delete; at most `maxBatches` a call, the next call goes on.
   * `kinds` and `finished` narrow it to some kinds and statuses (a kind's shorter retention).
   */
  async purgeDone(
    before: Date,
    {
      batch = 1000,
      maxBatches = 100,
      kinds,
      finished = ['done', 'failed'],
    }: { batch?: number; maxBatches?: number; kinds?: string[]; finished?: ('done' | 'failed')[] } = {},
  ): Promise<number> {
    if (kinds?.length === 0) return 0;
    let purged = 0;
    for (let round = 0; round < maxBatches; round++) {
      const ids = (
        await this.db
          .selectFrom('jobs')
          .select('id')
          .where('status', 'in', finished)
          .where('done_at', '<', before.toISOString())
          .$if(kinds !== undefined, (query) => query.where('kind', 'in', kinds ?? []))
          .limit(batch)
          .execute()
      ).map((row) => row.id);
      if (ids.length === 0) break;
      const result = await this.db
        .deleteFrom('jobs')
        .where('id', 'in', ids)
        .where('status', 'in', finished)
        .executeTakeFirst();
      purged += Number(result.numDeletedRows);
      if (ids.length < batch) break;
    }
    return purged;
  }

  /**
   * Deletes every job, pending or finished, whose key or payload names one of `ids` (an account
   * erased: its messages' send jobs, its mails', its reminders'...). A key names an id as one of
   * its `:`-separated parts, a payload as one of its JSON string values. Read a page at a time:
   * the queue holds a week of finished jobs, and this runs once per deleted account.
   */
  async forgetNaming(ids: string[]): Promise<number> {
    const wanted = new Set(ids.filter(Boolean));
    if (wanted.size === 0) return 0;
    const PAGE = 1000;
    const doomed: string[] = [];
    let after = '';
    for (;;) {
      const page = await this.db
        .selectFrom('jobs')
        .select(['id', 'key', 'payload'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(PAGE)
        .execute();
      for (const job of page) if (names(job, wanted)) doomed.push(job.id);
      if (page.length < PAGE) break;
      after = page.at(-1)!.id;
    }
    for (let i = 0; i < doomed.length; i += 500) {
      await this.db
        .deleteFrom('jobs')
        .where('id', 'in', doomed.slice(i, i + 500))
        .execute();
    }
    return doomed.length;
  }

  /**
   * Withdraws the pending jobs of `kind` whose key starts with `keyPrefix` (an event's reminders,
   * its start moved or the event cancelled), but those in `keep` (still right) and any a worker
   * holds right now: that one runs and decides for itself. The number withdrawn.
   */
  async cancelPending(
    kind: string,
    keyPrefix: string,
    now: Date,
    keep: readonly string[] = [],
  ): Promise<number> {
    const at = now.toISOString();
    let doomed = this.db.deleteFrom('jobs');
    if (keep.length > 0) doomed = doomed.where('key', 'not in', [...keep]);
    const result = await doomed
      .where('status', '=', 'pending')
      .where('kind', '=', kind)
      // Compared as a prefix, not with LIKE: an id may hold `_` or `%`.
      .where(sql<string>`substr(key, 1, ${keyPrefix.length})`, '=', keyPrefix)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', at)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  findByKey(key: string): Promise<JobRow | undefined> {
    return this.db.selectFrom('jobs').selectAll().where('key', '=', key).executeTakeFirst();
  }

  find(id: string): Promise<JobRow | undefined> {
    return this.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
  }

  private async updateHeld(
    id: string,
    workerId: string,
    values: Partial<Omit<JobRow, 'id' | 'kind' | 'key' | 'payload' | 'attempts' | 'created_at'>>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('jobs')
      .set(values)
      .where('id', '=', id)
      .where('locked_by', '=', workerId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}

/** Whether a job's key (one of its `:` parts) or payload (one of its string values) is in `ids`. */
function names(job: { key: string; payload: string }, ids: Set<string>): boolean {
  if (job.key.split(':').some((part) => ids.has(part))) return true;
  const found = (value: unknown): boolean =>
    typeof value === 'string'
      ? ids.has(value)
      : typeof value === 'object' && value !== null && Object.values(value).some(found);
  try {
    return found(JSON.parse(job.payload));
  } catch {
    return false;
  }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
