import { PROMPT_FACTS } from '@app/contract/assistant/tools';
import type { SmsChannel } from '../../providers/sms/address';
import type { Amendment } from '../../providers/sms/amendments';
import type { UserRow } from '../users/repo';
import { askWhich } from './approvals';
import type { AssistantDeps } from './deps';
import type { ApprovalRow } from './repo';
import { say } from './texts';

type AmendDeps = Pick<AssistantDeps, 'assistantRepo' | 'clock'>;

/** What "YES but …" came to: answered here, or a turn to propose the changed request. */
export type AmendOutcome = { kind: 'reply'; text: string } | { kind: 'turn' };

/**
 * "YES but make it 1pm" (decision 451): never a YES. The request it answers (the same binding as
 * a YES: pending, this channel, its text sent before this text arrived; "YES 2 but …" names one
 * of several, a bare one with several asks which) is cancelled here, in code, before any model
 * runs; the agent turn that follows is shown the cancelled request and the person's words, and
 * can only ask again, for a new YES. So neither the old action nor a changed one runs on this
 * text. Safe to run twice: a text that already cancelled its request goes on to its turn.
 */
export async function amendRequest(
  deps: AmendDeps,
  user: UserRow,
  amendment: Amendment,
  received: { messageId: string; createdAt: string; channel: SmsChannel },
): Promise<AmendOutcome> {
  if ((await deps.assistantRepo.amendedBy([received.messageId])).length > 0) return { kind: 'turn' };
  const nowIso = deps.clock.now().toISOString();
  const answerable = await deps.assistantRepo.answerable(
    user.id,
    received.channel,
    received.createdAt,
    nowIso,
  );
  let chosen: ApprovalRow | undefined;
  if (amendment.number !== null) {
    chosen = answerable.find((row) => (row.number ?? 1) === amendment.number);
    if (!chosen)
      return { kind: 'reply', text: say(user.language, 'notWaiting', { n: String(amendment.number) }) };
  } else if (answerable.length === 0) return { kind: 'reply', text: say(user.language, 'nothingPending') };
  else if (answerable.length > 1)
    return { kind: 'reply', text: askWhich(user.language, answerable, 'yes', 'whichChange') };
  else chosen = answerable[0]!;
  // Another answer (Approve on the web) took it meanwhile: that answer stands.
  if (!(await deps.assistantRepo.cancelForAmendment(chosen.id, received.messageId, nowIso)))
    return { kind: 'reply', text: say(user.language, 'nothingPending') };
  return { kind: 'turn' };
}

/**
 * What the turn after a "YES but …" is told (decision 451): the request the person cancelled, as
 * its tool and stored input, for the model to ask again changed. A fact line the stand-in reads
 * (PROMPT_FACTS.amending), and the rule a real model follows.
 */
export function amendingLines(cancelled: Pick<ApprovalRow, 'tool' | 'input'>[]): string[] {
  return cancelled.flatMap((row) => [
    `${PROMPT_FACTS.amending}${JSON.stringify({ tool: row.tool, action: JSON.parse(row.input) })}`,
    'The person answered that request with "yes, but" and a change: it is cancelled and will never run. Ask again with the same tool, changed as their text says (a new request for their YES), or say plainly what you cannot change.',
  ]);
}
