import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/database';
import { exponentialBackoff } from '../../lib/jobs/worker';
import { runPeriodically } from '../../lib/periodic-job';
import type { SmsChannel } from '../../providers/sms/address';
import { smsOutboxDeps } from './deps';
import { proactiveSendJob, type QueuedTexts, queueTexts, smsSendJob } from './queue-texts';
import { type SentNow, sendNow } from './send-now';
import { giveUpSending, sendQueued } from './send-queued';
import { mayReplyToUnknown, purgeOldCounts, type UnknownReplyVerdict } from './unknown-number-caps';

/** The outbox as other modules use it: nothing else holds the SMS port (layering.test.ts). */
export interface SmsOutbox {
  /** Stores texts and their send jobs through `trx`, the transaction storing what they are about. */
  queue(trx: Db, texts: QueuedTexts): Promise<{ queued: boolean }>;
  /** One text at once (a sign-in code, the account-deleted word), refused for an opted-out number. */
  sendNow(message: { to: string; body: string; channel?: SmsChannel }): Promise<SentNow>;
  /** Whether a number with no account may get its reply: served country, hourly and daily caps. */
  mayReplyToUnknown(e164: string): Promise<UnknownReplyVerdict>;
  /** Whether the number said STOP (and not START since). */
  isOptedOut(e164: string): Promise<boolean>;
  /** Whether WhatsApp may be answered at all (WHATSAPP_ENABLED). */
  readonly whatsappEnabled: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    smsOutbox: SmsOutbox;
  }
}

/**
 * The SMS outbox (issue 29, design §10): every text we start goes through it, the assistant's
 * replies and proactive texts, usage alerts, the reconnect text, the account-deleted text and
 * sign-in codes. It owns the opt-out check at the moment of sending, segment fitting, retries
 * with back-off, at-most-once sending and the caps on replies to unknown numbers.
 */
export const smsOutboxPlugin = fp(
  async (app: FastifyInstance) => {
    const deps = smsOutboxDeps(app);
    app.decorate('smsOutbox', {
      queue: (trx, texts) => queueTexts(deps, trx, texts),
      sendNow: (message) => sendNow(deps, message),
      mayReplyToUnknown: (e164) => mayReplyToUnknown(deps, e164),
      isOptedOut: (e164) => deps.smsOutboxRepo.isOptedOut(deps.phoneHash(e164)),
      whatsappEnabled: deps.limits.whatsappEnabled,
    } satisfies SmsOutbox);
    const sending = {
      maxAttempts: 8,
      backoff: exponentialBackoff(2000, 5 * 60_000),
      leaseMs: 60_000,
      onGiveUp: (job: { payload: { messageId: string } }) => giveUpSending(deps, job.payload),
    };
    const send = (job: { payload: { messageId: string; carrier?: boolean } }) =>
      sendQueued(deps, job.payload);
    app.jobs.worker.register(smsSendJob, send, sending);
    app.jobs.worker.register(proactiveSendJob, send, { ...sending, background: true });
    runPeriodically(app, {
      everyMs: 60 * 60_000,
      failure: 'SMS reply counters purge failed',
      run: () => purgeOldCounts(deps),
    });
  },
  { name: 'sms-outbox', dependencies: ['db', 'sms', 'jobs', 'secrets', 'sms-outbox-repo'] },
);
