import type { TLanguage } from '@app/contract/messages';
import type { SmsChannel } from '../../providers/sms/address';
import { fitBefore, fitReply, plainForSms } from '../../providers/sms/segments';
import { type TAction, ZAction } from './actions';
import type { AssistantDeps } from './deps';
import { REPLY_SEGMENTS } from './replies';
import type { ApprovalRow } from './repo';
import { type AssistantTextKey, say } from './texts';

/** At most this many requests wait for a YES at once; a newer one replaces the oldest. */
export const MAX_PENDING = 3;

/**
 * What a request is about: two requests about the same thing are one question asked again (the
 * person changed the time, the model wrote the mail again), so the newer replaces the older.
 */
function subjectOf(action: TAction): string {
  switch (action.kind) {
    case 'update_event':
    case 'delete_event':
      return `event:${action.connectionId}:${action.eventId}`;
    case 'create_event':
      return `create:${action.event.title.trim().toLowerCase()}`;
    case 'send_mail':
      return action.mail.inReplyTo
        ? `reply:${action.mail.inReplyTo}`
        : `mail:${(action.mail.subject ?? '').trim().toLowerCase()}`;
    case 'update_settings':
      return 'settings';
    case 'save_memory':
      return `memory:${action.text.trim().toLowerCase()}`;
    case 'ask_others':
      return `schedule:${action.requestId}`;
    case 'book_time':
      return `schedule-book:${action.requestId}`;
    case 'remind_others':
      return `schedule-remind:${action.requestId}`;
  }
}

const subjectOfRow = (row: ApprovalRow): string | null => {
  const parsed = ZAction.safeParse(JSON.parse(row.input));
  return parsed.success ? subjectOf(parsed.data) : null;
};

/** The words a request text ends with, by how the tools wrote them (texts.ts). */
const ASK_LINES: [AssistantTextKey, AssistantTextKey][] = [
  ['askSend', 'askSendNumbered'],
  ['askChange', 'askChangeNumbered'],
];

/**
 * The request text with its number in how to answer ("Reply YES 2 to send, NO 2 to cancel."):
 * the line the tools end it with is swapped for its numbered form, or the numbered line added.
 */
export function numbered(language: TLanguage, text: string, number: number): string {
  const n = String(number);
  let out = `${text}\n${say(language, 'askNumbered', { n })}`;
  for (const [plain, withNumber] of ASK_LINES) {
    const line = say(language, plain);
    if (text.endsWith(line)) out = `${text.slice(0, -line.length)}${say(language, withNumber, { n })}`;
  }
  return withinSegments(out);
}

/** Lines that are never what a request is about, in either language: who is new, where all of it is. */
const KEPT_STARTS = (['en', 'zh'] as const).flatMap((language) => [
  say(language, 'newRecipients', { list: '' }),
  say(language, 'allOfIt', { url: '' }),
]);

const fitsReply = (text: string) => !fitReply(text, { maxSegments: REPLY_SEGMENTS, more: '' }).cut;

/**
 * The number made the text longer: where it no longer fits 3 segments, what the request is
 * about (subject, title and time, place, the body's start: the lines between the first and how
 * to answer) is shortened from its longest line, never the first line (what happens and every
 * recipient), who is new, where all of it is or how to answer, as approval-text.ts does; the
 * send would otherwise cut the end. A text without such lines (a request counted as too long
 * for a text) has its first line shortened.
 */
function withinSegments(text: string): string {
  if (fitsReply(text)) return text;
  const lines = text.split('\n');
  const about = lines
    .map((line, index) => ({ line, index }))
    .filter(
      ({ line, index }) =>
        index > 0 && index < lines.length - 1 && !KEPT_STARTS.some((start) => line.startsWith(start)),
    )
    .sort((a, b) => b.line.length - a.line.length);
  const shortened = [...lines];
  for (const { index } of about) {
    const chars = Array.from(shortened[index]!);
    const at = (n: number) => {
      const candidate = [...shortened];
      candidate[index] = `${chars.slice(0, n).join('').trimEnd()}…`;
      return plainForSms(candidate.join('\n'));
    };
    let low = 0;
    let high = chars.length - 1;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (fitsReply(at(mid))) low = mid;
      else high = mid - 1;
    }
    if (low > 0 && fitsReply(at(low))) return at(low);
    shortened[index] = '…';
  }
  const [first, ...rest] = lines;
  if (rest.length === 0) return text;
  return fitBefore(first!, rest.join('\n'), { maxSegments: REPLY_SEGMENTS, separator: '\n' }).text;
}

/**
 * A preview short enough to name a request inside another text, so the person can tell several
 * apart (approval-text.ts writes the preview: what happens and to whom, then what it is): the
 * kind of request ("New event", "Email a@b.com", the lead line's first clause) with the first
 * line saying what it is (the title and time, the subject, a change), cut from the end at `max`
 * characters. A preview of one line (stored before the text named the kind on its own line) is
 * that line, cut.
 */
export function shortPreview(language: TLanguage, preview: string, max = 60): string {
  const [lead = '', ...rest] = preview.split('\n').map((line) => line.trim());
  const about = rest.find((line) => line && !KEPT_STARTS.some((start) => line.startsWith(start)));
  let line = lead;
  if (about) {
    const kind = lead.split(language === 'zh' ? /[，；,;]/ : /[,;]/)[0]!.trim();
    const quoted = /^["“]/.test(about);
    const separator = language === 'zh' ? (quoted ? '' : '，') : quoted ? ' ' : ', ';
    line = `${kind}${separator}${about}`;
  }
  const chars = Array.from(line);
  return chars.length > max
    ? `${chars
        .slice(0, max - 1)
        .join('')
        .trimEnd()}…`
    : line;
}

/**
 * A text naming several requests, their previews as long as 3 segments leave room for, so every
 * number arrives (Chinese takes UCS-2: 67 characters a segment).
 */
export function withPreviews(write: (max: number) => string): string {
  for (let max = 60; max > 12; max -= 8) {
    const text = write(max);
    if (!fitReply(text, { maxSegments: REPLY_SEGMENTS, more: '' }).cut) return text;
  }
  return write(12);
}

export interface RequestParts {
  /** The cancelled requests' notice, sent before the new request; null when none was replaced. */
  replacedNotice: string | null;
  /** The request text as it goes out, numbered when others wait too. */
  request: string;
}

/**
 * A turn asked for an approval (design §9, decision 290). Before its text goes out: older
 * requests about the same thing, and the oldest beyond MAX_PENDING, are replaced (cancelled,
 * the newer one recorded, and the person told); the new one takes the lowest number free and
 * the channel its text goes out on, the only one whose YES counts for it.
 */
export async function prepareRequest(
  deps: Pick<AssistantDeps, 'assistantRepo' | 'clock'>,
  input: { userId: string; language: TLanguage; approvalId: string; text: string; channel: SmsChannel },
): Promise<RequestParts> {
  const nowIso = deps.clock.now().toISOString();
  const pending = await deps.assistantRepo.pendingApprovals(input.userId, nowIso);
  const fresh = pending.find((row) => row.id === input.approvalId);
  const others = pending.filter((row) => row.id !== input.approvalId);
  const subject = fresh ? subjectOfRow(fresh) : null;
  // A request whose text was never queued (its turn died before its replies) was never seen:
  // replaced without a word, as are those past MAX_PENDING or about the same thing, with one.
  const asked = new Set(await deps.assistantRepo.requestsQueued(others.map((row) => row.id)));
  const unseen = others.filter((row) => !asked.has(row.id));
  const seen = others.filter((row) => asked.has(row.id));
  const same = seen.filter((row) => subject !== null && subjectOfRow(row) === subject);
  // Newest first: what is left past the newest MAX_PENDING - 1 is the oldest.
  const overflow = seen.filter((row) => !same.includes(row)).slice(MAX_PENDING - 1);
  const replacedIds = await deps.assistantRepo.replace(
    [...unseen, ...same, ...overflow].map((row) => row.id),
    input.approvalId,
    nowIso,
  );
  const replaced = seen.filter((row) => replacedIds.includes(row.id));
  const waiting = seen.filter((row) => !replacedIds.includes(row.id));
  const taken = new Set(waiting.map((row) => row.number ?? 1));
  let number = 1;
  while (taken.has(number)) number += 1;
  await deps.assistantRepo.setRequestChannel(input.approvalId, input.channel, number);
  const replacedNotice =
    replaced.length === 0
      ? null
      : withPreviews((max) =>
          say(input.language, 'replaced', {
            list: replaced
              .map(
                (row) =>
                  `${row.number ? `#${row.number} ` : ''}${shortPreview(input.language, row.preview, max)}`,
              )
              .join(say(input.language, 'whichSeparator')),
          }),
        );
  return {
    replacedNotice,
    request: waiting.length > 0 ? numbered(input.language, input.text, number) : input.text,
  };
}
