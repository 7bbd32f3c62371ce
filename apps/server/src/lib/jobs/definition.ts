import type { z } from 'zod';

/**
 * A kind of job, declared once beside its handler: the kind stored in `jobs.kind` and the schema
 * of its payload. `enqueue` takes the definition, so a payload that does not match is a type
 * error (and is refused when enqueued), and `worker.register` takes it too, so "go to
 * definition" leads from either end to the other (decision 360).
 */
export interface JobDefinition<T> {
  /** Stored with every job: never rename one that jobs already in a database carry. */
  readonly kind: string;
  /** Checked when the job is enqueued and again when it runs. */
  readonly payload: z.ZodType<T>;
}

/** What is enqueued of a defined job: its idempotency key, its payload, when it is due. */
export interface JobRequest<T> {
  /** Idempotency key: a second enqueue with the same key is the same job (`created: false`). */
  key: string;
  payload: T;
  /** Not before this time; now when left out. */
  runAt?: Date;
}

export function defineJob<T>(definition: { kind: string; payload: z.ZodType<T> }): JobDefinition<T> {
  return Object.freeze({ kind: definition.kind, payload: definition.payload });
}
