import type { SmsChannel } from '../../providers/sms/address';
import { quotes, type Reaction } from '../../providers/sms/reactions';
import type { UserRow } from '../users/repo';
import { askWhich, decideOneByText } from './approvals';
import type { AssistantDeps } from './deps';

type ReactionDeps = Pick<
  AssistantDeps,
  | 'assistantRepo'
  | 'memoryRepo'
  | 'workspace'
  | 'clock'
  | 'publicUrl'
  | 'assistantSettingsRepo'
  | 'schedulingRepo'
  | 'usersRepo'
  | 'transaction'
  | 'jobs'
>;

/** What a reaction came to: words to answer with, or nothing (recorded as not answered). */
export type ReactionOutcome = { kind: 'reply'; text: string | null } | { kind: 'ignored' };

/**
 * An iPhone reaction by text (decision 450), decided in code like any YES: a positive one
 * (Liked, Loved, 👍, 赞了) quoting the request text of exactly one request it may answer (still
 * pending, asked on this channel, its text taken by the provider before the reaction arrived:
 * the binding of decision 290) is that request's YES; a negative one (Disliked, 👎, 不喜欢) its
 * NO. Anything else (another of our texts, an old or decided request, Laughed or Questioned) is
 * no answer: no model runs, nothing is sent, and the screen shows why. A quote too short to tell
 * two pending requests apart asks which, and runs nothing.
 */
export async function answerReaction(
  deps: ReactionDeps,
  user: UserRow,
  reaction: Reaction,
  received: { createdAt: string; channel: SmsChannel },
): Promise<ReactionOutcome> {
  if (reaction.kind === 'other') return { kind: 'ignored' };
  const nowIso = deps.clock.now().toISOString();
  const answerable = await deps.assistantRepo.answerable(
    user.id,
    received.channel,
    received.createdAt,
    nowIso,
  );
  const sent = await deps.assistantRepo.sentRequests(
    answerable.map((row) => row.id),
    received.channel,
    received.createdAt,
  );
  const quotedIds = new Set(
    sent.filter((text) => quotes(reaction, text.body)).map((text) => text.approvalId),
  );
  const quoted = answerable.filter((row) => quotedIds.has(row.id));
  if (quoted.length === 0) return { kind: 'ignored' };
  const reply = reaction.kind === 'positive' ? 'yes' : 'no';
  if (quoted.length > 1) return { kind: 'reply', text: askWhich(user.language, quoted, reply, 'which') };
  return { kind: 'reply', text: await decideOneByText(deps, user, quoted[0]!, reply) };
}
