import type { MESSAGE_KINDS } from '@app/contract/assistant/screen';
import { z } from 'zod';
import type { Db } from '../../db/database';
import { newId } from '../../lib/ids';
import { defineJob } from '../../lib/jobs/definition';
import type { SmsAddress } from '../../providers/sms/address';
import { fitReply } from '../../providers/sms/segments';
import type { SmsOutboxDeps } from './deps';

/** The send job's kind; its old name, so texts queued before the outbox moved still go out. */
export const SMS_SEND_JOB = 'assistant.send';

const sendPayload = z.object({ messageId: z.string(), carrier: z.boolean().optional() });

/** Sends one queued text (`sendQueued`, registered in plugin.ts): answers, approvals, notices. */
export const smsSendJob = defineJob({ kind: SMS_SEND_JOB, payload: sendPayload });

/**
 * The same send for a text the assistant starts, which no one is waiting on at that moment: a
 * background kind, so ten thousand reminders due in one minute leave a slot for an answer
 * (decision 581).
 */
export const proactiveSendJob = defineJob({ kind: 'assistant.send.proactive', payload: sendPayload });

/** The kinds of text the assistant starts on its own. */
const PROACTIVE: ReadonlySet<TOutboundKind> = new Set(['briefing', 'reminder', 'greeting', 'help']);

type TMessageKind = (typeof MESSAGE_KINDS)[number];
/** What the screen calls an outbound text. */
export type TOutboundKind = Exclude<TMessageKind, 'text'>;

/**
 * How long after the one before it each further part of one answer is sent: send jobs run
 * concurrently, and the order matters (the model's words, then the approval request, which the
 * person answers). Carriers do not promise order either; a gap keeps it in practice.
 */
export const PART_GAP_MS = 1500;

/**
 * One text to send. `kind`: when it differs from the rest (the model's words beside an approval
 * request);
 * `approvalId`: the approval this text asks for (a YES counts only once it was sent).
 */
export interface TReplyPart {
  text: string;
  kind?: TOutboundKind;
  approvalId?: string;
}

export interface QueuedTexts {
  /** The person the texts are for, when there is one: the screen shows them in their conversation. */
  userId: string | null;
  to: SmsAddress;
  /** The turn that wrote them, if any. */
  turnId: string | null;
  /** The texts, one SMS (of up to `maxSegments` segments) each, sent in this order. */
  parts: (string | TReplyPart)[];
  kind: TOutboundKind;
  /** Segments a part may take (3 for answers). */
  maxSegments: number;
  /** Said at the end of a part that had to be cut: where to read the rest. */
  more: string;
  /** The send key's prefix: a part is queued once per key, however often this runs. */
  key: string;
  /** A text carriers require whatever the opt-out (the STOP confirmation, HELP). */
  carrier?: boolean;
}

/**
 * Queues texts through `trx`, each part as an outbound row of the conversation and a send job
 * keyed by `key` and the part: run twice (a crash, a retried job), it queues nothing new, so
 * each part leaves once. A part longer than `maxSegments` is cut at a sentence and says where the
 * rest is; the screen keeps it whole.
 */
export async function queueTexts(
  deps: Pick<SmsOutboxDeps, 'smsOutboxRepo' | 'jobs' | 'clock'>,
  trx: Db,
  input: QueuedTexts,
): Promise<{ queued: boolean }> {
  let queuedAny = false;
  for (const [index, given] of input.parts.entries()) {
    const part: TReplyPart = typeof given === 'string' ? { text: given } : given;
    const fitted = fitReply(part.text, { maxSegments: input.maxSegments, more: input.more });
    const body = fitted.text;
    if (!body) continue;
    const messageId = newId();
    const kind = part.kind ?? input.kind;
    const queued = await deps.jobs.enqueue(trx, PROACTIVE.has(kind) ? proactiveSendJob : smsSendJob, {
      key: `${input.key}:${index}`,
      payload: { messageId, ...(input.carrier ? { carrier: true } : {}) },
      ...(index > 0 ? { runAt: new Date(deps.clock.now().getTime() + index * PART_GAP_MS) } : {}),
    });
    if (!queued.created) continue;
    queuedAny = true;
    // Through `trx`: the row and its job are committed together or not at all.
    await deps.smsOutboxRepo.with(trx).insertOutbound({
      id: messageId,
      user_id: input.userId,
      direction: 'out',
      channel: input.to.channel,
      phone: input.to.e164,
      body,
      provider_sid: null,
      turn_id: input.turnId,
      status: 'queued',
      kind,
      full_body: fitted.cut ? part.text : null,
      approval_id: part.approvalId ?? null,
      created_at: deps.clock.now().toISOString(),
    });
  }
  return { queued: queuedAny };
}
