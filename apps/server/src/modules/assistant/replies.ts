import type { TLanguage } from '@app/contract/messages';
import type { SmsAddress } from '../../providers/sms/address';
import type { TOutboundKind } from '../sms-outbox/queue-texts';
import type { AssistantDeps } from './deps';
import { say } from './texts';

export type { TOutboundKind } from '../sms-outbox/queue-texts';

/** The most segments one reply part costs (design §9). */
export const REPLY_SEGMENTS = 3;

type ReplyDeps = Pick<AssistantDeps, 'smsOutbox' | 'transaction' | 'publicUrl'>;

/**
 * Queues the answers to one inbound text in the SMS outbox, each part as its own outbound row and
 * send job keyed by the inbound message and the part: a job that runs twice (a crash after the
 * model answered) queues nothing new, so the person gets each part once. A part longer than 3
 * segments is cut at a sentence and says where the rest is (design §9). The outbox checks the
 * opt-out again at the moment of sending.
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
    parts: (string | { text: string; whole: string })[];
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
  return deps.transaction((tx) =>
    deps.smsOutbox.queue(tx, {
      userId: input.userId,
      to: input.to,
      turnId: input.turnId,
      parts: input.parts,
      kind: input.kind,
      maxSegments: input.maxSegments ?? REPLY_SEGMENTS,
      more: say(input.language, 'more', { url: `${deps.publicUrl}/assistant` }),
      key: input.key ?? `reply:${input.inboundId}`,
      ...(input.carrier ? { carrier: true } : {}),
    }),
  );
}
