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
    parts: string[];
    /** A reply carriers require whatever the opt-out (the STOP confirmation, HELP). */
    carrier?: boolean;
  },
): Promise<void> {
  const more = say(input.language, 'more', { url: `${deps.publicUrl}/assistant` });
  await deps.transaction(async (tx) => {
    for (const [index, part] of input.parts.entries()) {
      const body = fitReply(part, { maxSegments: REPLY_SEGMENTS, more }).text;
      if (!body) continue;
      const messageId = newId();
      const queued = await deps.jobs.enqueue(tx, {
        kind: SEND_JOB,
        key: `reply:${input.inboundId}:${index}`,
        payload: { messageId, ...(input.carrier ? { carrier: true } : {}) },
      });
      if (!queued.created) continue;
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
        created_at: deps.clock.now().toISOString(),
      });
    }
  });
}

/**
 * The send job: one queued text through the SMS port. Checked against the opt-out list at the
 * moment of sending, whatever was decided when it was queued: nothing reaches a number that
 * said STOP.
 */
export async function sendQueued(
  deps: Pick<AssistantDeps, 'assistantRepo' | 'sms' | 'phoneHash'>,
  job: { messageId: string; carrier?: boolean | undefined },
): Promise<void> {
  const message = await deps.assistantRepo.findMessage(job.messageId);
  if (!message || message.status !== 'queued') return;
  if (!job.carrier && (await deps.assistantRepo.isOptedOut(deps.phoneHash(message.phone)))) {
    await deps.assistantRepo.setOutboundSent(message.id, null, 'suppressed');
    return;
  }
  const sent = await deps.sms.send({ to: message.phone, body: message.body, channel: message.channel });
  await deps.assistantRepo.setOutboundSent(message.id, sent.id, 'sent');
}
