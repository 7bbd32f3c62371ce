import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Clock } from '../clock';
import type { JobDefinition } from './definition';
import type { JobRow, JobsRepo } from './repo';

/** A claimed job as its handler sees it. */
export interface Job<T = unknown> {
  id: string;
  kind: string;
  key: string;
  payload: T;
  /** 1 on the first run; counts runs cut off by a crash too. */
  attempt: number;
  createdAt: string;
  /** What the previous attempt failed with, if it did. */
  lastError: string | null;
}

export interface JobContext {
  attempt: number;
  /** Aborted when the claim is lost (another worker took the job) or when stop's deadline passes. */
  signal: AbortSignal;
}

export type JobHandler<T> = (job: Job<T>, context: JobContext) => Promise<void>;

export interface JobKindOptions<T> {
  /** Runs in all, the first included; after the last one fails the job is given up. */
  maxAttempts: number;
  /** Delay before the next run after attempt `attempt` failed (see `exponentialBackoff`). */
  backoff: (attempt: number) => number;
  /** How long a claim lasts without renewal: a dead worker's job is taken again after this. */
  leaseMs: number;
  /**
   * Told once the job is given up, before that is recorded: if the process dies in between it is
   * told again after the lease, so make it idempotent (an outbox key) rather than best-effort.
   */
  onGiveUp?: (job: Job<T>, error: unknown) => Promise<void>;
  /**
   * Checks the stored payload; one that does not match is a bug in whoever enqueued it, so the
   * job fails at once, with no retry and no onGiveUp (there is no typed job to hand over).
   */
  payload?: z.ZodType<T>;
  /**
   * At most this many of the kind run at once in this worker, so a slow outside service (a mail
   * server near its timeouts) cannot take every slot from the kinds a person waits on.
   */
  maxRunning?: number;
  /**
   * Done jobs of the kind are deleted after this long instead of the queue's week (failed ones
   * are kept the week, to be looked at): for kinds that come by the thousand a day and whose key
   * cannot be enqueued again once the job is done (decision 580).
   */
  keepDoneMs?: number;
  /**
   * Work no person waits on at this moment (a reminder, a briefing, a sync): the background
   * kinds together run in at most `concurrency - 1` slots (at least 1) and are claimed after the
   * others, so a burst of them leaves a slot for a person's text (decision 581).
   */
  background?: boolean;
}

export interface JobWorkerOptions {
  repo: JobsRepo;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** How often due jobs are looked for when nobody calls `wake`. */
  pollMs: number;
  /** Jobs run at once by this worker. */
  concurrency: number;
  /** Unique per process: what a claim is held by. */
  workerId?: string;
  /** How long `stop` waits for running handlers before aborting them. */
  stopTimeoutMs?: number;
}

/** Doubling from `baseMs`, capped at `maxMs`, with ±20% jitter so instances do not retry in step. */
export function exponentialBackoff(
  baseMs: number,
  maxMs: number,
  random: () => number = Math.random,
): (attempt: number) => number {
  return (attempt) => {
    const exponential = Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));
    return Math.round(exponential * (0.8 + 0.4 * random()));
  };
}

/**
 * After a wake the job may still be in an uncommitted transaction (PostgreSQL: invisible to the
 * worker's connection), so a wake that finds nothing looks again a few times soon after, instead
 * of leaving the job to the next poll.
 */
const WAKE_FOLLOW_UPS_MS = [20, 80, 250];

interface Registered {
  kind: string;
  handler: JobHandler<unknown>;
  options: JobKindOptions<unknown>;
}

interface Running {
  kind: string;
  done: Promise<void>;
  controller: AbortController;
  renewal: NodeJS.Timeout;
}

/**
 * Runs the jobs of the kinds it handles: claims due jobs (up to `concurrency` at once), renews a
 * claim while its handler runs, and records success, a retry with back-off, or giving up.
 * Nothing a handler does (throw, hang past stop's deadline) stops the loop.
 */
export class JobWorker {
  readonly workerId: string;
  private readonly kinds = new Map<string, Registered>();
  private readonly running = new Map<string, Running>();
  private timer: NodeJS.Timeout | undefined;
  private followUp: NodeJS.Timeout | undefined;
  private filling: Promise<number> | undefined;
  private again = false;
  private started = false;
  private stopped = false;

  constructor(private readonly options: JobWorkerOptions) {
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  }

  /**
   * Runs the jobs of a definition (`defineJob`) with `handler`: the payload is checked with the
   * definition's schema, the rest of `options` (attempts, back-off, lease, cap) given here, where
   * the deps they depend on are at hand.
   */
  register<T>(
    definition: JobDefinition<T>,
    handler: JobHandler<T>,
    options: Omit<JobKindOptions<T>, 'payload'>,
  ): void {
    this.handle(definition.kind, handler, { ...options, payload: definition.payload });
  }

  /** Runs the jobs of `kind` with `handler`; the modules' jobs use `register` and a definition. */
  handle<T>(kind: string, handler: JobHandler<T>, options: JobKindOptions<T>): void {
    if (this.kinds.has(kind)) throw new Error(`job kind ${kind} already has a handler`);
    if (!(options.maxAttempts >= 1)) throw new Error(`job kind ${kind}: maxAttempts must be at least 1`);
    if (!(options.leaseMs > 0)) throw new Error(`job kind ${kind}: leaseMs must be positive`);
    if (options.maxRunning !== undefined && !(options.maxRunning >= 1))
      throw new Error(`job kind ${kind}: maxRunning must be at least 1`);
    this.kinds.set(kind, {
      kind,
      handler: handler as JobHandler<unknown>,
      options: options as JobKindOptions<unknown>,
    });
  }

  /** The kinds registered with a shorter retention for their done jobs, by that retention. */
  shortRetention(): Map<number, string[]> {
    const byKeep = new Map<number, string[]>();
    for (const { kind, options } of this.kinds.values())
      if (options.keepDoneMs !== undefined)
        byKeep.set(options.keepDoneMs, [...(byKeep.get(options.keepDoneMs) ?? []), kind]);
    return byKeep;
  }

  start(): void {
    if (this.started && !this.stopped) return;
    this.started = true;
    this.stopped = false;
    this.timer = setInterval(() => void this.fill(), this.options.pollMs);
    this.timer.unref();
    void this.fill();
  }

  /** Looks for due jobs now (after an enqueue), and a few times soon after. */
  wake(): void {
    if (!this.started || this.stopped) return;
    void this.fill();
    clearTimeout(this.followUp);
    const next = (index: number) => {
      const delay = WAKE_FOLLOW_UPS_MS[index];
      if (delay === undefined) return;
      this.followUp = setTimeout(() => {
        void this.fill().then((claimed) => {
          if (claimed === 0) next(index + 1);
        });
      }, delay);
      this.followUp.unref();
    };
    next(0);
  }

  /**
   * Stops claiming and waits for running handlers until the deadline; those still running then
   * are aborted and their claims left to lapse, so another worker takes them after the lease.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearTimeout(this.followUp);
    await this.filling;
    if (this.running.size === 0) return;
    const all = Promise.all([...this.running.values()].map((run) => run.done));
    let deadline: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      all.then(() => true),
      new Promise<boolean>((resolve) => {
        deadline = setTimeout(() => resolve(false), this.options.stopTimeoutMs ?? 10_000);
      }),
    ]);
    clearTimeout(deadline);
    if (finished) return;
    this.options.log.warn(
      { jobs: [...this.running.keys()] },
      'jobs still running at shutdown; another worker takes them after their lease',
    );
    for (const run of this.running.values()) {
      clearInterval(run.renewal);
      run.controller.abort(new Error('the worker is stopping'));
    }
  }

  /** For tests: claims and runs jobs until none is due (at the clock's now) and none is running. */
  async drain(): Promise<void> {
    for (;;) {
      const claimed = await this.fill();
      if (claimed === 0 && this.running.size === 0) return;
      if (this.running.size > 0) await Promise.race([...this.running.values()].map((run) => run.done));
    }
  }

  /** One claiming pass at a time; a call during a pass makes it go round once more. */
  private fill(): Promise<number> {
    if (this.filling) {
      this.again = true;
      return this.filling;
    }
    this.filling = (async () => {
      let claimed = 0;
      do {
        this.again = false;
        claimed += await this.claimAndRun();
      } while (this.again && !this.stopped);
      return claimed;
    })()
      .catch((error) => {
        this.options.log.error({ err: error }, 'claiming jobs failed; trying again at the next poll');
        return 0;
      })
      .finally(() => {
        this.filling = undefined;
      });
    return this.filling;
  }

  private async claimAndRun(): Promise<number> {
    let free = this.options.concurrency - this.running.size;
    if (free <= 0 || this.stopped) return 0;
    // One claim per lease length and side: kinds sharing both (most) are claimed together, by
    // run_at. A kind with a cap of its own is claimed on its own, no more than its room.
    // Background kinds are claimed last, within the slots they share (decision 581).
    const claims: { kinds: string[]; leaseMs: number; room: number; background: boolean }[] = [];
    const uncapped = new Map<string, { kinds: string[]; leaseMs: number; background: boolean }>();
    for (const { kind, options } of this.kinds.values()) {
      const background = options.background === true;
      const { leaseMs } = options;
      if (options.maxRunning === undefined) {
        const group = `${background}:${leaseMs}`;
        const found = uncapped.get(group);
        if (found) found.kinds.push(kind);
        else uncapped.set(group, { kinds: [kind], leaseMs, background });
      } else
        claims.push({ kinds: [kind], leaseMs, room: options.maxRunning - this.runningOf(kind), background });
    }
    for (const group of uncapped.values()) claims.push({ ...group, room: Number.POSITIVE_INFINITY });
    claims.sort((a, b) => Number(a.background) - Number(b.background));
    let backgroundRoom = Math.max(1, this.options.concurrency - 1) - this.runningInBackground();
    let claimed = 0;
    for (const { kinds, leaseMs, room, background } of claims) {
      if (free <= 0) break;
      const limit = Math.min(free, room, background ? backgroundRoom : free);
      if (limit <= 0) continue;
      const rows = await this.options.repo.claim({
        kinds,
        workerId: this.workerId,
        now: this.options.clock.now(),
        leaseMs,
        limit,
      });
      for (const row of rows) this.spawn(row);
      free -= rows.length;
      if (background) backgroundRoom -= rows.length;
      claimed += rows.length;
    }
    return claimed;
  }

  private spawn(row: JobRow): void {
    const registered = this.kinds.get(row.kind);
    if (!registered) return; // cannot happen: only handled kinds are claimed
    const controller = new AbortController();
    const { leaseMs } = registered.options;
    const renewal = setInterval(
      () => void this.renew(row.id, leaseMs, controller),
      Math.max(10, leaseMs / 3),
    );
    renewal.unref();
    const done = this.execute(row, registered, controller.signal)
      .catch((error) =>
        this.options.log.error({ err: error, jobId: row.id, kind: row.kind }, 'job bookkeeping failed'),
      )
      .finally(() => {
        clearInterval(renewal);
        this.running.delete(row.id);
        // A slot is free: the next due job need not wait for the poll.
        if (this.started && !this.stopped) void this.fill();
      });
    this.running.set(row.id, { kind: row.kind, done, controller, renewal });
  }

  private runningOf(kind: string): number {
    let count = 0;
    for (const run of this.running.values()) if (run.kind === kind) count++;
    return count;
  }

  private runningInBackground(): number {
    let count = 0;
    for (const run of this.running.values()) if (this.kinds.get(run.kind)?.options.background) count++;
    return count;
  }

  private async renew(id: string, leaseMs: number, controller: AbortController): Promise<void> {
    if (controller.signal.aborted) return;
    try {
      const now = this.options.clock.now();
      const held = await this.options.repo.extendLease(
        id,
        this.workerId,
        new Date(now.getTime() + leaseMs),
        now,
      );
      if (!held) {
        this.options.log.warn({ jobId: id }, 'job claim lost to another worker; aborting its handler');
        controller.abort(new Error('the job was claimed by another worker'));
      }
    } catch (error) {
      // The next renewal tries again; the lease is long enough to miss one.
      this.options.log.warn({ err: error, jobId: id }, 'renewing a job claim failed');
    }
  }

  private async execute(row: JobRow, registered: Registered, signal: AbortSignal): Promise<void> {
    const { options, handler } = registered;
    const attempt = row.attempts;
    const parsed = parsePayload(row.payload, options.payload);
    if (!parsed.ok) {
      this.options.log.error(
        { jobId: row.id, kind: row.kind },
        'job payload does not match its schema; failing it',
      );
      await this.options.repo.fail(row.id, this.workerId, parsed.error, this.options.clock.now());
      return;
    }
    const job: Job<unknown> = {
      id: row.id,
      kind: row.kind,
      key: row.key,
      payload: parsed.value,
      attempt,
      createdAt: row.created_at,
      lastError: row.last_error,
    };
    if (attempt > options.maxAttempts) {
      // The last attempt's worker died mid-run (or during the give-up): that attempt counts.
      await this.giveUp(job, options, new Error(`attempt ${attempt - 1} was cut off: its worker stopped`));
      return;
    }
    let outcome: { ok: true } | { ok: false; error: unknown };
    try {
      await handler(job, { attempt, signal });
      outcome = { ok: true };
    } catch (error) {
      outcome = { ok: false, error };
    }
    if (signal.aborted) {
      // Told to stop (shutdown, or another worker holds it now): whether it finished is unknown,
      // so nothing is recorded and the job runs again after the lease. Handlers are idempotent.
      this.options.log.warn({ jobId: row.id, kind: row.kind }, 'aborted job left for its lease to lapse');
      return;
    }
    if (!outcome.ok) {
      await this.failed(job, options, outcome.error);
      return;
    }
    if (!(await this.options.repo.complete(row.id, this.workerId, this.options.clock.now()))) {
      this.options.log.warn({ jobId: row.id, kind: row.kind }, 'job finished after its claim was lost');
    }
  }

  private async failed(job: Job<unknown>, options: JobKindOptions<unknown>, error: unknown): Promise<void> {
    if (job.attempt >= options.maxAttempts) {
      await this.giveUp(job, options, error);
      return;
    }
    const now = this.options.clock.now();
    const runAt = new Date(now.getTime() + Math.max(0, options.backoff(job.attempt)));
    this.options.log.warn(
      { jobId: job.id, kind: job.kind, attempt: job.attempt, retryAt: runAt.toISOString(), err: error },
      'job failed; will retry',
    );
    await this.options.repo.retry(job.id, this.workerId, { error: errorText(error), runAt, now });
  }

  private async giveUp(job: Job<unknown>, options: JobKindOptions<unknown>, error: unknown): Promise<void> {
    this.options.log.error(
      { jobId: job.id, kind: job.kind, attempt: job.attempt, err: error },
      'job failed for the last time; giving up',
    );
    if (options.onGiveUp) {
      try {
        await options.onGiveUp(job, error);
      } catch (hookError) {
        this.options.log.error({ err: hookError, jobId: job.id, kind: job.kind }, 'onGiveUp failed');
      }
    }
    await this.options.repo.fail(job.id, this.workerId, errorText(error), this.options.clock.now());
  }
}

function parsePayload(
  text: string,
  schema: z.ZodType<unknown> | undefined,
): { ok: true; value: unknown } | { ok: false; error: string } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, error: 'payload is not JSON' };
  }
  if (!schema) return { ok: true, value };
  const result = schema.safeParse(value);
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, error: `payload does not match: ${result.error.message}` };
}

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
