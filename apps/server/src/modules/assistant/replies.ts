import type { MESSAGE_KINDS } from '@app/contract/assistant/screen';
import type { TLanguage } from '@app/contract/messages';
import { newId } from '../../lib/ids';
import type { Jobs } from '../../lib/jobs/plugin';
import type { SmsAddress } from '../../providers/sms/address';
import { fitReply } from '../../providers/sms/segments';
import type { AssistantDeps } from './deps';
import { say } from './texts';

export const SEND_JOB = 'assistant.send';
/** The most segments one reply part costs (design §9). */
export const REPLY_SEGMENTS = 3;
/**
 * How long after the one before it each further part of one answer is sent: send jobs run
 * concurrently, and the order matters (the model's words, then the approval request, which the
 * person answers). Carriers do not promise order either; a gap keeps it in practice.
 */
export const PART_GAP_MS = 1500;

type TMessageKind = (typeof MESSAGE_KINDS)[number];
export type TOutboundKind = Exclude<TMessageKind, 'text'>;

/**
 * One text to send. `whole`: what it said before something else shortened it, for the screen;
 * `kind`: when it differs from the rest (the model's words beside an approval request);
 * `approvalId`: the approval this text asks for (a YES counts only once it was sent).
 */
export interface TReplyPart {
  text: string;
  whole?: string;
  kind?: TOutboundKind;
  approvalId?: string;
}

type ReplyDeps = Pick<AssistantDeps, 'assistantRepo' | 'transaction' | 'clock' | 'publicUrl'> & {
  jobs: Pick<Jobs, 'enqueue'>;
};

/**
 * Queues the answers to one inbound text, each part as its own outbound row and send job keyed
 * by the inbound message and the part: a job that runs twice (a crash after the model answered)
 * queues nothing new, so the person gets each part once. A part longer than 3 segments is cut at
 * a sentence and says where the rest is (design §9).
 */
export async function queueReplies(
  deps: ReplyDeps,
  input: {
    inboundId: string;
    userId: string | null;
    to: SmsAddress;
    language: TLanguage;
    turnId: string | null;
    /**
     * The texts to send, one part each; `whole`: what a part said before something else shortened
     * it (an approval request's note cut to leave its request room), for the screen to show.
     */
    parts: (string | TReplyPart)[];
    /** A reply carriers require whatever the opt-out (the STOP confirmation, HELP). */
    carrier?: boolean;
    /** What the screen calls it (a reply, an approval request, a notice, a briefing...). */
    kind: TOutboundKind;
    /** Segments a part may take: 3 for answers, fewer for what the assistant starts itself. */
    maxSegments?: number;
    /** The send key's prefix; `reply:<inboundId>` for answers to a text. */
    key?: string;
  },
): Promise<{ queued: boolean }> {
  const more = say(input.language, 'more', { url: `${deps.publicUrl}/assistant` });
  let queuedAny = false;
  await deps.transaction(async (tx) => {
    for (const [index, given] of input.parts.entries()) {
      const part: TReplyPart = typeof given === 'string' ? { text: given } : given;
      const fitted = fitReply(part.text, { maxSegments: input.maxSegments ?? REPLY_SEGMENTS, more });
      const body = fitted.text;
      if (!body) continue;
      const messageId = newId();
      const queued = await deps.jobs.enqueue(tx, {
        kind: SEND_JOB,
        key: `${input.key ?? `reply:${input.inboundId}`}:${index}`,
        payload: { messageId, ...(input.carrier ? { carrier: true } : {}) },
        ...(index > 0 ? { runAt: new Date(deps.clock.now().getTime() + index * PART_GAP_MS) } : {}),
      });
      if (!queued.created) continue;
      queuedAny = true;
      await deps.assistantRepo.insertOutbound(tx, {
        id: messageId,
        user_id: input.userId,
        direction: 'out',
        channel: input.to.channel,
        phone: input.to.e164,
        body,
        provider_sid: null,
        turn_id: input.turnId,
        status: 'queued',
        kind: part.kind ?? input.kind,
        // The screen shows what the SMS could not hold.
        full_body: part.whole ?? (fitted.cut ? part.text : null),
        approval_id: part.approvalId ?? null,
        created_at: deps.clock.now().toISOString(),
      });
    }
  });
  return { queued: queuedAny };
}

/**
 * The send job: one queued text through the SMS port. Checked against the opt-out list at the
 * moment of sending, whatever was decided when it was queued: nothing reaches a number that
 * said STOP.
 */
export async function sendQueued(
  deps: Pick<AssistantDeps, 'assistantRepo' | 'sms' | 'phoneHash' | 'clock'>,
  job: { messageId: string; carrier?: boolean | undefined },
): Promise<void> {
  const message = await deps.assistantRepo.findMessage(job.messageId);
  if (!message || message.status !== 'queued') return;
  if (!job.carrier && (await deps.assistantRepo.isOptedOut(deps.phoneHash(message.phone)))) {
    await deps.assistantRepo.setOutboundSent(message.id, null, 'suppressed');
    return;
  }
  // When it was handed to the provider: an approval's request counts for a YES that arrived
  // after this (approvals.ts). Taken before the call, as the phone may show it before the call returns.
  const handedAt = deps.clock.now().toISOString();
  const sent = await deps.sms.send({ to: message.phone, body: message.body, channel: message.channel });
  await deps.assistantRepo.setOutboundSent(message.id, sent.id, 'sent', handedAt);
}
