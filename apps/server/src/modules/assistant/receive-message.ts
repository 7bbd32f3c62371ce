import { z } from 'zod';
import type { Db } from '../../db/database';
import { GroupCommit } from '../../lib/group-commit';
import { newId } from '../../lib/ids';
import { defineJob } from '../../lib/jobs/definition';
import type { Jobs } from '../../lib/jobs/plugin';
import type { SmsAddress } from '../../providers/sms/address';
import type { AssistantDeps } from './deps';

export const INBOUND_JOB = 'assistant.inbound';

/** Answers a person's unanswered texts (`handleInbound`, registered in plugin.ts). */
export const inboundJob = defineJob({ kind: INBOUND_JOB, payload: z.object({ messageId: z.string() }) });

export interface InboundText {
  from: SmsAddress;
  body: string;
  /** Twilio's MessageSid; the dev phone makes one up. Unique: a retried webhook is one message. */
  providerSid: string;
}

export interface Received {
  id: string;
  duplicate: boolean;
}

type ReceiveDeps = Pick<AssistantDeps, 'assistantRepo' | 'transaction' | 'clock'> & {
  jobs: Pick<Jobs, 'enqueue'>;
};

/**
 * Stores one inbound text and its job through `trx`, so a crash can lose neither one without
 * the other. A MessageSid seen before (in an earlier transaction or earlier in this one) stores
 * nothing and queues nothing: Twilio retries, we answer once.
 */
async function storeInbound(deps: ReceiveDeps, trx: Db, text: InboundText): Promise<Received> {
  const id = newId();
  const fresh = await deps.assistantRepo.insertInbound(trx, {
    id,
    user_id: null,
    direction: 'in',
    channel: text.from.channel,
    phone: text.from.e164,
    body: text.body,
    provider_sid: text.providerSid,
    turn_id: null,
    status: null,
    kind: 'text',
    created_at: deps.clock.now().toISOString(),
  });
  if (fresh) await deps.jobs.enqueue(trx, inboundJob, { key: `inbound:${id}`, payload: { messageId: id } });
  return { id, duplicate: !fresh };
}

/** Receives inbound texts: `receive` resolves once the text and its job are committed. */
export type InboundReceiver = Pick<GroupCommit<InboundText, Received>, 'submit' | 'drain'>;

/**
 * Texts that arrive together are stored in one transaction (lib/group-commit.ts): at many
 * senders a commit each was the webhook's whole cost on SQLite (one fsync per text). Each
 * webhook still answers only after the transaction holding its text has committed.
 */
export function inboundReceiver(deps: ReceiveDeps, options: { concurrency: number }): InboundReceiver {
  return new GroupCommit<InboundText, Received>({
    transaction: deps.transaction,
    write: (trx, text) => storeInbound(deps, trx, text),
    concurrency: options.concurrency,
  });
}
