import type { TLanguage } from '@app/contract/messages';
import type { SmsAddress } from '../../providers/sms/address';
import { type ApprovalAnswer, classifyApprovalAnswer, classifyKeyword } from '../../providers/sms/keywords';
import type { UserRow } from '../users/repo';
import type { AssistantDeps } from './deps';
import { isPaused, planStanding } from './plan-standing';
import { say } from './texts';

/**
 * What plain code decided about an inbound text before any model runs (design §9):
 * - reply: answered here (a carrier keyword, an unknown number, paused, no plan, over the limit);
 *   `carrier` replies go out even to a number that just said STOP, as carriers require;
 * - silent: nothing may or need be sent (opted out, or already told today);
 * - approval: the person's YES or NO to a pending action ("YES 2" names one of several);
 * - agent: a question for the assistant.
 */
export type GateOutcome =
  | { kind: 'reply'; user: UserRow | null; language: TLanguage; text: string; carrier?: boolean }
  | { kind: 'silent'; user: UserRow | null }
  | { kind: 'approval'; user: UserRow; answer: ApprovalAnswer }
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
>;

export async function gate(deps: GateDeps, from: SmsAddress, body: string): Promise<GateOutcome> {
  const hash = deps.phoneHash(from.e164);
  const now = deps.clock.now();
  const nowIso = now.toISOString();
  const user = (await deps.usersRepo.findByPhone(from.e164)) ?? null;
  const language: TLanguage = user?.language ?? (/[\u4e00-\u9fff]/.test(body) ? 'zh' : 'en');
  const vars = { product: deps.productName, support: deps.supportEmail, url: deps.publicUrl };

  const keyword = classifyKeyword(body);
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
  if (await deps.assistantRepo.isOptedOut(hash)) return { kind: 'silent', user };

  // One short answer a day to a number we do not know: never a conversation, so an SMS-pumping
  // attack costs one message per number per day at most.
  const today = nowIso.slice(0, 10);
  const once = async (kind: string, period: string, text: string): Promise<GateOutcome> =>
    (await deps.assistantRepo.noticeOnce(hash, kind, period, nowIso))
      ? { kind: 'reply', user, language, text }
      : { kind: 'silent', user };
  if (!user)
    return once(
      'unknown_number',
      today,
      say(language, 'unknownNumber', { ...vars, url: `${deps.publicUrl}/login` }),
    );

  if (await isPaused(deps, user.id))
    return once('paused', today, say(language, 'paused', { ...vars, url: `${deps.publicUrl}/assistant` }));

  const answer = classifyApprovalAnswer(body);
  if (answer) return { kind: 'approval', user, answer };

  const standing = await planStanding(deps, user, now);
  if (standing.kind === 'no_plan')
    return once('no_plan', today, say(language, 'noPlan', { ...vars, url: `${deps.publicUrl}/billing` }));
  if (standing.kind === 'over_limit') {
    return once(
      'over_limit',
      standing.periodStart,
      say(language, 'overLimit', { ...vars, url: `${deps.publicUrl}/billing` }),
    );
  }
  return { kind: 'agent', user };
}
