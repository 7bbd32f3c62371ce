import type { TUnansweredReason } from '@app/contract/assistant/screen';
import type { TLanguage } from '@app/contract/messages';
import type { SmsAddress } from '../../providers/sms/address';
import { type Amendment, parseAmendment } from '../../providers/sms/amendments';
import { type ApprovalAnswer, classifyApprovalAnswer, classifyKeyword } from '../../providers/sms/keywords';
import { parseReaction, type Reaction } from '../../providers/sms/reactions';
import type { UserRow } from '../users/repo';
import type { AssistantDeps } from './deps';
import { isPaused, planStanding } from './plan-standing';
import { say } from './texts';

/**
 * What plain code decided about an inbound text before any model runs (design §9):
 * - reply: answered here (a carrier keyword, an unknown number, paused, no plan, over the limit);
 *   `carrier` replies go out even to a number that just said STOP, as carriers require;
 * - silent: nothing may or need be sent (opted out, already told today, WhatsApp off, or a
 *   number with no account past the caps or outside the countries we serve);
 * `reason`: why the assistant itself does not answer (shown on the screen and /dev/phone);
 * - approval: the person's YES or NO to a pending action ("YES 2" names one of several);
 * - reaction: an iPhone reaction (`Liked “…”`), a YES or NO only for the request it quotes;
 * - amend: "YES but make it 1pm", which cancels the request it answers and then runs a turn;
 * - agent: a question for the assistant.
 */
export type GateOutcome =
  | {
      kind: 'reply';
      user: UserRow | null;
      language: TLanguage;
      text: string;
      carrier?: boolean;
      reason?: TUnansweredReason;
    }
  | { kind: 'silent'; user: UserRow | null; reason?: TUnansweredReason }
  | { kind: 'approval'; user: UserRow; answer: ApprovalAnswer }
  | { kind: 'reaction'; user: UserRow; reaction: Reaction }
  | { kind: 'amend'; user: UserRow; amendment: Amendment }
  | { kind: 'agent'; user: UserRow };

type GateDeps = Pick<
  AssistantDeps,
  | 'assistantRepo'
  | 'assistantSettingsRepo'
  | 'usersRepo'
  | 'billingRepo'
  | 'usage'
  | 'phoneHash'
  | 'clock'
  | 'productName'
  | 'supportEmail'
  | 'publicUrl'
  | 'smsOutbox'
>;

export async function gate(deps: GateDeps, from: SmsAddress, body: string): Promise<GateOutcome> {
  const hash = deps.phoneHash(from.e164);
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const user = (await deps.usersRepo.findByPhone(from.e164)) ?? null;
  const language: TLanguage = user?.language ?? (/[\u4e00-\u9fff]/.test(body) ? 'zh' : 'en');
  const vars = { product: deps.productName, support: deps.supportEmail, url: deps.publicUrl };
  // WhatsApp's terms bar general-purpose AI assistants (since 15 January 2026): while it is off
  // (WHATSAPP_ENABLED), a WhatsApp message gets no answer at all, STOP and HELP included.
  if (from.channel === 'whatsapp' && !deps.smsOutbox.whatsappEnabled)
    return { kind: 'silent', user, reason: 'channel_off' };

  const today = nowIso.slice(0, 10);
  // A number we do not know is answered at most once a day per kind of answer, only in the
  // countries we serve, and within the hourly and daily caps across instances (SMS pumping).
  const mayAnswerUnknown = async (kind: string): Promise<boolean> =>
    (await deps.assistantRepo.noticeOnce(hash, kind, today, nowIso)) &&
    (await deps.smsOutbox.mayReplyToUnknown(from.e164)) === 'allowed';

  const keyword = classifyKeyword(body);
  // STOP, START or HELP from such a number takes effect, but its answer is within those limits
  // too: HELP from 300 numbers would otherwise be 300 texts.
  if (keyword && !user && !(await mayAnswerUnknown(`keyword_${keyword}`))) {
    if (keyword === 'stop') await deps.assistantRepo.optOut(hash, nowIso);
    if (keyword === 'start') await deps.assistantRepo.optIn(hash);
    return { kind: 'silent', user, reason: 'unknown_number' };
  }
  if (keyword === 'stop') {
    await deps.assistantRepo.optOut(hash, nowIso);
    if (user) await deps.assistantRepo.cancelPending(user.id, nowIso);
    return { kind: 'reply', user, language, text: say(language, 'stopped', vars), carrier: true };
  }
  if (keyword === 'start') {
    await deps.assistantRepo.optIn(hash);
    return { kind: 'reply', user, language, text: say(language, 'started', vars), carrier: true };
  }
  if (keyword === 'help')
    return { kind: 'reply', user, language, text: say(language, 'help', vars), carrier: true };
  if (await deps.smsOutbox.isOptedOut(from.e164)) return { kind: 'silent', user, reason: 'opted_out' };

  // A text the assistant will not answer gets one short notice a day saying why (never a model
  // call), then silence until the next day; the screen shows each such text and why.
  const once = async (reason: TUnansweredReason, text: string): Promise<GateOutcome> =>
    (await deps.assistantRepo.noticeOnce(hash, reason, today, nowIso))
      ? { kind: 'reply', user, language, text, reason }
      : { kind: 'silent', user, reason };
  // A number we do not know: never a conversation, one short answer (how to sign up) within the
  // limits above.
  if (!user)
    return (await mayAnswerUnknown('unknown_number'))
      ? {
          kind: 'reply',
          user,
          language,
          text: say(language, 'unknownNumber', { ...vars, url: `${deps.publicUrl}/login` }),
          reason: 'unknown_number',
        }
      : { kind: 'silent', user, reason: 'unknown_number' };

  if (await isPaused(deps, user.id))
    return once('paused', say(language, 'paused', { ...vars, url: `${deps.publicUrl}/assistant` }));

  const answer = classifyApprovalAnswer(body);
  if (answer) return { kind: 'approval', user, answer };
  // A reaction never reaches a model: it answers the request it quotes, or nothing (decision 450).
  const reaction = parseReaction(body);
  if (reaction) return { kind: 'reaction', user, reaction };

  const standing = await planStanding(deps, user, now);
  if (standing.kind === 'no_plan')
    return once('no_plan', say(language, 'noPlan', { ...vars, url: `${deps.publicUrl}/billing` }));
  if (standing.kind === 'over_limit')
    return once('over_limit', say(language, 'overLimit', { ...vars, url: `${deps.publicUrl}/billing` }));
  // "YES but …" runs a turn, so only within the plan (decision 451).
  const amendment = parseAmendment(body);
  if (amendment) return { kind: 'amend', user, amendment };
  return { kind: 'agent', user };
}
