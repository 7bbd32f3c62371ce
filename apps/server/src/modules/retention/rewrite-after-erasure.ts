import { z } from 'zod';
import { defineJob } from '../../lib/jobs/definition';

/** The job that rewrites the database's files after accounts were erased (decision 351). */
export const REWRITE_ERASED_JOB = 'retention.rewrite-erased';

/** Rewrites the database's files (`app.rewriteErased`, registered in plugin.ts). */
export const rewriteErasedJob = defineJob({ kind: REWRITE_ERASED_JOB, payload: z.object({}) });

/**
 * The rewrite's job for an erasure at `now`: due at the end of the `delayMs` window it falls in,
 * and keyed by that moment, so every erasure of one window shares one job (one VACUUM), and
 * instances enqueueing together enqueue it once.
 */
export function rewriteErasedRequest(now: Date, delayMs: number) {
  const due = Math.ceil((now.getTime() + 1) / delayMs) * delayMs;
  const runAt = new Date(due);
  return { key: `rewrite-erased:${runAt.toISOString()}`, payload: {}, runAt };
}
