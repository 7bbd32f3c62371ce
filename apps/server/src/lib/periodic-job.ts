import type { FastifyInstance } from 'fastify';

export interface PeriodicJob {
  everyMs: number;
  /** One pass; it logs what it did itself. */
  run: () => Promise<void>;
  /** Logged (as a warning) when a pass fails; the next pass tries again. */
  failure: string;
  /**
   * Run a first pass before the app serves, and wait for it: its writes then never race a
   * request's. Otherwise the first pass comes one interval after start.
   */
  firstPassBeforeServing?: boolean;
}

/**
 * A job every instance runs on a timer from ready to close. A pass still going at close is
 * waited for, so it never writes to a database that is being closed; the timer never keeps the
 * process alive.
 */
export function runPeriodically(app: FastifyInstance, job: PeriodicJob): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  // Returns its pass, which a timer ignores and a simulated clock awaits (bench/simulated-day.ts).
  const tick = () => {
    running = job.run().catch((error) => app.log.warn({ err: error }, job.failure));
    return running;
  };
  app.addHook('onReady', async () => {
    timer = setInterval(tick, job.everyMs);
    timer.unref();
    if (job.firstPassBeforeServing) {
      tick();
      await running;
    }
  });
  app.addHook('preClose', async () => {
    clearInterval(timer);
    await running;
  });
}
