import { HELP_TEXTS_PER_DAY } from '@app/contract/assistant/screen';
import type { TWorkspaceEvent } from '@app/contract/workspace/calendar';
import type { TMailSummary } from '@app/contract/workspace/mail';
import { dateIn } from '../../../lib/zoned-time';
import type { ChangeRecord } from '../../../providers/change-feed/feed-adapter';
import { listEvents } from '../../workspace/calendar';
import { ownAddresses, readThread } from '../../workspace/mail';
import { WorkspaceError } from '../../workspace/workspace-error';
import { mayStartMessage } from '../may-start';
import { type ProactiveDeps, queueProactive } from '../send-proactive';
import type { AssistantSettingsRow } from '../settings/repo';
import { say } from '../texts';
import { importantSender } from './important';
import type { HelpDaysRepo } from './repo';

/**
 * Help with a high bar (issue 31, part 4; decisions 495-499): from the change feed's records, a
 * text only when the person turned that help on and it is worth the interruption. Made by code:
 * the sender's name and the subject or event title, never the mail's body, never a link.
 */
export type HelpDeps = ProactiveDeps & { helpDaysRepo: HelpDaysRepo };

const isInvisible = (code: number) =>
  code < 0x20 ||
  (code >= 0x7f && code <= 0x9f) ||
  (code >= 0x200b && code <= 0x200f) ||
  (code >= 0x202a && code <= 0x202e) ||
  (code >= 0x2060 && code <= 0x2064) ||
  code === 0xfeff;

/** A subject or title as a text carries it: one line, no links, short (decision 498). */
export function safeLabel(text: string, max = 60): string {
  const line = [...text]
    .map((c) => (isInvisible(c.codePointAt(0)!) ? ' ' : c))
    .join('')
    .replace(/\b(?:https?|ftp|mailto|tel|sms|javascript|data):\S*/gi, '…')
    .replace(/\bwww\.\S*/gi, '…')
    // A bare domain (example.com/x, evil.co) would be made a link by the phone.
    .replace(/\b[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}(?:\/\S*)?/gi, '…')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > max ? `${line.slice(0, max - 1).trimEnd()}…` : line || '…';
}

/**
 * Who someone is, as a text names them: their display name, else their address's local part in
 * words ("sam.lee" -> "sam lee"; the whole address would read as a link and be cut to "…").
 */
function personLabel(email: string | undefined, name: string | null | undefined): string {
  const local = (email ?? '').split('@')[0]!.replace(/[._]+/g, ' ');
  return safeLabel(name?.trim() || local.trim() || '?', 40);
}

function senderName(message: TMailSummary): string {
  return personLabel(message.from?.email, message.from?.name);
}

/** The organizer of an invitation by name: as the attendee list names them, else their address. */
function organizerName(event: TWorkspaceEvent): string {
  const organizer = event.organizer?.toLowerCase();
  const listed = event.attendees.find((a) => a.email.toLowerCase() === organizer);
  return personLabel(event.organizer ?? undefined, listed?.name);
}

export async function helpTextsFor(deps: HelpDeps, records: readonly ChangeRecord[]): Promise<void> {
  for (const record of records) {
    try {
      await helpFor(deps, record);
    } catch (error) {
      // A workspace that cannot answer gives no help text; anything else retries the sync job.
      if (!(error instanceof WorkspaceError)) throw error;
      deps.log.info({ kind: record.kind }, 'help text skipped: workspace unavailable');
    }
  }
}

async function helpFor(deps: HelpDeps, record: ChangeRecord): Promise<void> {
  if (record.kind !== 'mail.arrived' && record.kind !== 'event.changed') return;
  const settings = await deps.assistantSettingsRepo.find(record.userId);
  if (!settings) return;
  if (record.kind === 'mail.arrived') {
    if (settings.help_replies !== 1 && settings.help_important !== 1) return;
    const text = await mailHelp(deps, record.userId, record.message, settings);
    if (text)
      await send(deps, settings, { key: `help:mail:${record.connectionId}:${record.message.id}`, text });
    return;
  }
  if (settings.help_overlaps !== 1 || !record.event) return;
  const found = await overlapHelp(deps, record.userId, record.event);
  if (found) {
    await send(deps, settings, {
      key: `help:overlap:${record.connectionId}:${record.eventId}:${record.event.start}`,
      text: found,
    });
  }
}

/** The words for an arriving mail, or null when it is not worth a text. */
async function mailHelp(
  deps: HelpDeps,
  userId: string,
  message: TMailSummary,
  settings: AssistantSettingsRow,
): Promise<{ key: 'helpImportant' | 'helpReply'; vars: Record<string, string> } | null> {
  if (!message.from) return null;
  const own = await ownAddresses(deps.workspace, userId);
  if (own.includes(message.from.email.toLowerCase())) return null;
  const vars = { name: senderName(message), subject: safeLabel(message.subject) };
  if (settings.help_important === 1) {
    const memories = await deps.memoryRepo.list(userId);
    if (
      importantSender(
        memories.map((m) => m.text),
        message.from,
      )
    )
      return { key: 'helpImportant', vars };
  }
  if (settings.help_replies === 1 && (await waitedOn(deps, userId, message, own))) {
    return { key: 'helpReply', vars };
  }
  return null;
}

/**
 * Whether the person was waiting on the thread: the message before this one was theirs. A thread
 * an issue-30 follow-up watches is left to it (it says "replied" itself; decision 495).
 */
async function waitedOn(deps: HelpDeps, userId: string, message: TMailSummary, own: string[]) {
  if (await deps.followUpsRepo.watchesThread(userId, message.threadId)) return false;
  const thread = await readThread(deps.workspace, {
    userId,
    connectionId: message.connectionId,
    threadId: message.threadId,
  });
  const before = thread.messages
    .filter((m) => m.id !== message.id && Date.parse(m.date) <= Date.parse(message.date))
    .sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
  const last = before.at(-1);
  return Boolean(last?.from && own.includes(last.from.email.toLowerCase()));
}

const accepted = (event: TWorkspaceEvent, own: string[]) =>
  event.attendees.length === 0
    ? true
    : event.attendees.some((a) => own.includes(a.email.toLowerCase()) && a.response === 'accepted') ||
      (event.organizer !== null && own.includes(event.organizer.toLowerCase()));

/** The words for a new invitation that overlaps an accepted event, or null. */
async function overlapHelp(deps: HelpDeps, userId: string, event: TWorkspaceEvent) {
  if (event.allDay) return null;
  const own = await ownAddresses(deps.workspace, userId);
  const mine = event.attendees.find((a) => own.includes(a.email.toLowerCase()));
  // An invitation: someone else's event the person has not answered yet.
  if (mine?.response !== 'needs_action') return null;
  if (event.organizer && own.includes(event.organizer.toLowerCase())) return null;
  if (Date.parse(event.end) <= deps.clock.now().getTime()) return null;
  const { events } = await listEvents(deps.workspace, {
    userId,
    from: event.start,
    to: event.end,
    limit: 50,
  });
  const clash = events.find(
    (other) =>
      !(other.id === event.id && other.connectionId === event.connectionId) &&
      !other.allDay &&
      Date.parse(other.start) < Date.parse(event.end) &&
      Date.parse(other.end) > Date.parse(event.start) &&
      accepted(other, own),
  );
  if (!clash) return null;
  return {
    key: 'helpOverlap' as const,
    vars: {
      title: safeLabel(event.title),
      other: safeLabel(clash.title),
      name: organizerName(event),
    },
  };
}

async function send(
  deps: HelpDeps,
  settings: AssistantSettingsRow,
  input: {
    key: string;
    text: { key: 'helpImportant' | 'helpReply' | 'helpOverlap'; vars: Record<string, string> };
  },
): Promise<void> {
  const check = await mayStartMessage(deps, settings.id);
  // Quiet hours, STOP, paused, no plan: the moment has passed by the time they could hear of it.
  if (!check.ok) return void deps.log.info({ reason: check.reason }, 'help text not sent');
  const day = dateIn(deps.clock.now(), check.zone);
  if (!(await deps.helpDaysRepo.take(check.user.id, day, HELP_TEXTS_PER_DAY))) {
    return void deps.log.info('help text not sent: the day’s cap is reached');
  }
  const queued = await queueProactive(deps, check, {
    key: input.key,
    kind: 'help',
    text: say(check.user.language, input.text.key, input.text.vars),
  });
  // A duplicate delivery of a record already texted gives its slot back.
  if (!queued) await deps.helpDaysRepo.give(check.user.id, day);
}
