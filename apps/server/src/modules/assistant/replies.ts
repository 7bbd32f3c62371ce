import type { TLanguage } from '@app/contract/messages';
import type { SmsAddress } from '../../providers/sms/address';
import type { TOutboundKind, TReplyPart } from '../sms-outbox/queue-texts';
import type { AssistantDeps } from './deps';
import { filterLinks, type LinkPolicy, linksIn } from './link-filter';
import { say } from './texts';

export type { TOutboundKind, TReplyPart } from '../sms-outbox/queue-texts';

/** The most segments one reply part costs (design §9). */
export const REPLY_SEGMENTS = 3;
/** The person's latest texts whose links their replies may carry back (decision 300). */
export const OWN_TEXTS = 200;

type ReplyDeps = Pick<AssistantDeps, 'smsOutbox' | 'transaction' | 'publicUrl' | 'assistantRepo'>;

/**
 * Queues the answers to one inbound text in the SMS outbox, each part as its own outbound row and
 * send job keyed by the inbound message and the part: a job that runs twice (a crash after the
 * model answered) queues nothing new, so the person gets each part once. A part longer than 3
 * segments is cut at a sentence and says where the rest is (design §9). Every part, as the SMS
 * and as the screen shows it, passes the link filter first: only the person's own links, ours and
 * known meeting hosts stay clickable (decision 300). The outbox checks the opt-out again at the
 * moment of sending.
 */
export async function queueReplies(
  deps: ReplyDeps,
  input: {
    inboundId: string;
    userId: string | null;
    to: SmsAddress;
    language: TLanguage;
    turnId: string | null;
    /** The texts to send, one part each, in this order. */
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
  // A number with no account gets only the gate's words, which hold no link of theirs.
  const policy =
    input.userId && input.parts.length
      ? await linkPolicy(deps, input.userId, input.language)
      : { personUrls: [], publicUrl: deps.publicUrl, language: input.language };
  // A request for a YES is written with its links already unclickable (approval-text.ts) and
  // fitted to end with how to answer: nothing is left for the filter, and should anything be, no
  // note goes after how to answer.
  const filtered = (text: string, kind: TOutboundKind) =>
    filterLinks(text, kind === 'approval' ? { ...policy, noteAt: 'none' } : policy).text;
  const parts = input.parts.map((given) =>
    typeof given === 'string'
      ? filtered(given, input.kind)
      : { ...given, text: filtered(given.text, given.kind ?? input.kind) },
  );
  return deps.transaction((tx) =>
    deps.smsOutbox.queue(tx, {
      userId: input.userId,
      to: input.to,
      turnId: input.turnId,
      parts,
      kind: input.kind,
      maxSegments: input.maxSegments ?? REPLY_SEGMENTS,
      more: say(input.language, 'more', { url: `${deps.publicUrl}/assistant` }),
      key: input.key ?? `reply:${input.inboundId}`,
      ...(input.carrier ? { carrier: true } : {}),
    }),
  );
}

/**
 * What the link filter keeps for a person (decision 300): the links of their last texts, our
 * PUBLIC_URL, known meeting hosts.
 */
async function linkPolicy(
  deps: Pick<AssistantDeps, 'assistantRepo' | 'publicUrl'>,
  userId: string,
  language: TLanguage,
): Promise<LinkPolicy> {
  const personUrls = linksIn(await deps.assistantRepo.textsFrom(userId, OWN_TEXTS));
  return { personUrls, publicUrl: deps.publicUrl, language };
}
