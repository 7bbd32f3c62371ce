import { zoneOrUtc } from '../../../lib/zoned-time';
import { slotWords } from '../../scheduling/slot-words';
import { mayStartMessage } from '../may-start';
import { queueReplies, type TReplyPart } from '../replies';
import type { ProactiveDeps } from '../send-proactive';
import { type AssistantTextKey, say } from '../texts';
import type { SchedulingRequestRow } from './repo';
import { attendeesOf } from './request';

/** Scheduling texts fit in two segments, as the other proactive texts. */
const SEGMENTS = 2;

/** The attendees' names as the person knows them. */
export function namesOf(row: SchedulingRequestRow, emails?: readonly string[]): string {
  const wanted = emails ? new Set(emails.map((email) => email.toLowerCase())) : null;
  return attendeesOf(row)
    .filter((attendee) => !wanted || wanted.has(attendee.email.toLowerCase()))
    .map((attendee) => attendee.name ?? attendee.email)
    .join(', ');
}

/**
 * One text to the person about their request, through the SMS outbox (queueReplies, as every
 * text the assistant starts), once per key: a request's booking, or one reply. Quiet hours do
 * not hold it back: it answers something the person started.
 */
export async function textPerson(
  deps: ProactiveDeps,
  row: SchedulingRequestRow,
  key: string,
  text: { key: AssistantTextKey; vars: Record<string, string> },
  /** `plan: false` for the text that says the plan stopped the assistant reading a reply. */
  options: { plan?: boolean } = {},
): Promise<boolean> {
  const settings = await deps.assistantSettingsRepo.find(row.user_id);
  if (!settings) return false;
  const check = await mayStartMessage(deps, settings.id, { quietHours: false, ...options });
  if (!check.ok) {
    deps.log.info({ reason: check.reason }, 'scheduling text not sent');
    return false;
  }
  const { user } = check;
  return queueToPerson(deps, user, key, [say(user.language, text.key, { title: row.title, ...text.vars })], {
    maxSegments: SEGMENTS,
  });
}

/**
 * Texts about a request to the person's own number through the outbox, once per key; an
 * approval's request leaves `maxSegments` to the outbox's default, so its essentials are whole.
 */
export async function queueToPerson(
  deps: ProactiveDeps,
  user: { id: string; phone_number: string; language: 'en' | 'zh' },
  key: string,
  parts: (string | TReplyPart)[],
  options: { maxSegments?: number } = {},
): Promise<boolean> {
  const { queued } = await queueReplies(deps, {
    inboundId: key,
    key,
    userId: user.id,
    to: { channel: 'sms', e164: user.phone_number },
    language: user.language,
    turnId: null,
    parts,
    kind: 'reminder',
    ...options,
  });
  return queued;
}

/** A slot in the person's words and zone. */
export async function slotForPerson(
  deps: Pick<ProactiveDeps, 'usersRepo'>,
  row: SchedulingRequestRow,
  slot: { start: string; end: string },
): Promise<string> {
  const user = await deps.usersRepo.findById(row.user_id);
  return slotWords(slot, zoneOrUtc(user?.time_zone ?? 'UTC'), user?.language ?? 'en');
}
