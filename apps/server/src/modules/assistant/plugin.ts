import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { exponentialBackoff } from '../../lib/jobs/worker';
import { runPeriodically } from '../../lib/periodic-job';
import { assistantDeps } from './deps';
import { apologise, handleInbound } from './handle-inbound';
import { INBOUND_JOB, inboundReceiver } from './receive-message';
import { SEND_JOB, sendQueued } from './replies';
import { devSmsRoutes, twilioWebhookRoutes } from './routes';

const DAY_MS = 24 * 60 * 60_000;

/**
 * The assistant (issue 21, design §9): Twilio's webhooks and the dev phone store texts and queue
 * a job; the job runs the gate, the approval or the agent, and queues the replies; a second kind
 * sends each reply through the SMS port. Conversations are kept ASSISTANT_RETENTION_DAYS.
 */
export const assistantPlugin = fp(
  async (app: FastifyInstance) => {
    const deps = {
      ...assistantDeps(app),
      jobs: app.jobs,
      log: app.log,
      db: app.db,
      leaseMarginMs: app.config.assistantLeaseMarginMs,
    };
    app.jobs.worker.handle(INBOUND_JOB, (job) => handleInbound(deps, job.payload.messageId), {
      payload: z.object({ messageId: z.string() }),
      // A failing model or provider backs off; after the last try the person gets one apology.
      maxAttempts: 6,
      backoff: exponentialBackoff(app.config.assistantRetryBaseMs, 30 * app.config.assistantRetryBaseMs),
      // The same span as the person's run lock (handle-inbound.ts): the deadline and room to queue replies.
      leaseMs: deps.turnDeadlineMs + deps.leaseMarginMs,
      onGiveUp: (job) => apologise(deps, job.payload.messageId),
    });
    app.jobs.worker.handle(SEND_JOB, (job) => sendQueued(deps, job.payload), {
      payload: z.object({ messageId: z.string(), carrier: z.boolean().optional() }),
      maxAttempts: 8,
      backoff: exponentialBackoff(2000, 5 * 60_000),
      leaseMs: 60_000,
    });
    const inbound = inboundReceiver(deps);
    // Texts still being written when the app closes are committed (and answered) before the database closes.
    app.addHook('onClose', async () => inbound.drain());
    await app.register(async (scope) => twilioWebhookRoutes(scope, { ...deps, inbound }));
    await app.register(async (scope) => devSmsRoutes(scope, { ...deps, inbound }));
    runPeriodically(app, {
      everyMs: 60 * 60_000,
      failure: 'assistant retention pass failed',
      run: async () => {
        const now = app.clock.now();
        await deps.assistantRepo.expireApprovals(now.toISOString());
        const before = new Date(now.getTime() - app.config.assistantRetentionDays * DAY_MS).toISOString();
        await deps.assistantRepo.purgeBefore(before);
      },
    });
  },
  { name: 'assistant', dependencies: ['jobs', 'assistant-repo', 'llm', 'workspace-adapters', 'connections'] },
);
