import type { TActionKind } from '@app/contract/assistant/screen';
import type { TLanguage } from '@app/contract/messages';
import { plainForSms, segmentsOf } from '../../providers/sms/segments';
import { defang, findLinks, withoutInvisible } from './link-filter';
import { REPLY_SEGMENTS } from './replies';
import { type AssistantTextKey, say } from './texts';

/** What a request for a YES is about, as the approval record holds it. */
export interface RequestParts {
  kind: TActionKind;
  /** A reply to a thread says "Reply to", a new mail "Email". */
  reply?: boolean;
  /** An offer of times that holds them (decision 594): the first line says so, never cut. */
  hold?: boolean;
  /** Everyone it goes to: mail recipients, invitees, who gets an update or a cancellation. */
  recipients: string[];
  /** The recipients new to the person; never cut from the text. */
  flagged: string[];
  /** What it is, in order: subject, title and time, place, each change old -> new. */
  lines: string[];
  /** The body or description: its start is shown, all of it on the screen. */
  body: string | null;
}

export interface RequestText {
  /** The text asking for the YES: at most 3 segments. */
  text: string;
  /** A short account of it, kept with the approval (the screen's preview, the "Done:" text). */
  preview: string;
  /** false: the text could not hold every recipient; only the screen can approve it. */
  textApprovable: boolean;
}

const WHAT: Record<TActionKind, AssistantTextKey> = {
  send_mail: 'whatSend',
  create_event: 'whatCreate',
  update_event: 'whatUpdate',
  delete_event: 'whatDelete',
  update_settings: 'whatSettings',
  save_memory: 'whatMemory',
  ask_others: 'whatSchedule',
  book_time: 'whatBookTime',
  remind_others: 'whatRemind',
};

/** The first line: what happens, and to whom, every one of them. */
function leadLine(language: TLanguage, parts: RequestParts): string {
  const people = parts.recipients.join(', ');
  switch (parts.kind) {
    case 'send_mail':
      return say(language, parts.reply ? 'requestReply' : 'requestSend', { to: people });
    case 'create_event':
      return people ? say(language, 'requestCreateWith', { people }) : say(language, 'requestCreate');
    case 'update_event':
      return people ? say(language, 'requestUpdateWith', { people }) : say(language, 'requestUpdate');
    case 'delete_event':
      if (!people) return say(language, 'requestDelete');
      return say(language, parts.body ? 'requestDeleteNoteWith' : 'requestDeleteWith', { people });
    case 'update_settings':
      return say(language, 'requestSettings');
    case 'save_memory':
      return say(language, 'requestMemory');
    case 'ask_others':
      return say(language, parts.hold ? 'requestScheduleHold' : 'requestSchedule', { to: people });
    case 'book_time':
      return say(language, 'requestBookTime', { people });
    case 'remind_others':
      return say(language, 'requestRemind', { to: people });
  }
}

const fits = (text: string) => segmentsOf(plainForSms(text)).segments <= REPLY_SEGMENTS;

/**
 * The text asking for a YES, written by code from the approval record alone (design §9, issue
 * 29): what happens and every recipient first, the recipients new to the person on their own
 * line, then what it is (subject, title, time, place, each change old -> new) and the start of
 * the body, then how to answer. Only the part about what it is and the body may be cut, from the
 * end; when it is, the text says where all of it is (the Assistant screen). When even every
 * recipient and how to answer do not fit in 3 segments, the text counts them instead and says
 * that this one is approved on the screen only.
 */
export function requestText(
  language: TLanguage,
  parts: RequestParts,
  screenUrl: string,
  answerKey: AssistantTextKey,
): RequestText {
  const lead = leadLine(language, parts);
  const flag = parts.flagged.length
    ? say(language, 'newRecipients', { list: parts.flagged.join(', ') })
    : null;
  const head = [lead, flag].filter(Boolean).join('\n');
  const body = parts.body ? unlinked(parts.body.replace(/\s+/g, ' ').trim()) : '';
  const about = [
    ...parts.lines.map(unlinked),
    ...(body ? [say(language, 'bodyStart', { text: body })] : []),
  ].join('\n');
  const answer = say(language, answerKey);
  const preview = [lead, ...parts.lines, ...(flag ? [flag] : [])].join('\n');

  const whole = [head, about, answer].filter(Boolean).join('\n');
  if (fits(whole)) return { text: plainForSms(whole), preview, textApprovable: true };

  const tail = `${say(language, 'allOfIt', { url: screenUrl })}\n${answer}`;
  const room = [head, tail].join('\n');
  if (fits(room)) {
    const kept = longestHead(about, (part) => fits([head, part, tail].filter(Boolean).join('\n')));
    return {
      text: plainForSms([head, kept, tail].filter(Boolean).join('\n')),
      preview,
      textApprovable: true,
    };
  }

  // Every recipient cannot be named: counted, and approved only where all of them show.
  const counted = say(language, parts.flagged.length ? 'tooLongFlagged' : 'tooLong', {
    what: say(language, WHAT[parts.kind]),
    count: String(parts.recipients.length),
    flagged: String(parts.flagged.length),
    url: screenUrl,
  });
  return { text: counted, preview, textApprovable: false };
}

/**
 * The longest start of `text` that `fits`, ended with "…": cut at a space when one is near (a
 * word is not torn), between characters otherwise (Chinese has no spaces); empty when none fits.
 */
function longestHead(text: string, fits: (part: string) => boolean): string {
  const chars = Array.from(text);
  const at = (n: number) => `${chars.slice(0, n).join('').trimEnd()}…`;
  let low = 0;
  let high = chars.length - 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (fits(at(mid))) low = mid;
    else high = mid - 1;
  }
  if (low === 0) return '';
  const kept = chars.slice(0, low).join('');
  const space = kept.search(/\s\S*$/);
  return space > 0 && kept.length - space < 20 ? at(Array.from(kept.slice(0, space)).length) : at(low);
}

/**
 * What the model wrote (a body, a subject, a title, a place) with every link and bare domain made
 * unclickable, as the link filter finds them (`evil.example/r?code=1` too, not only a URL with a
 * scheme): its host only, dots bracketed, no path or query. A phone fetches a link's preview by
 * itself, so a URL carrying a passcode in a request for a YES would leave before any answer. Done
 * here, before the request is fitted: the filter on the way out then finds nothing, so adds no
 * note after how to answer and never lengthens the request past 3 segments. The screen shows the
 * text as written.
 */
export function unlinked(text: string): string {
  const plain = withoutInvisible(text);
  let out = '';
  let at = 0;
  for (const link of findLinks(plain)) {
    out += plain.slice(at, link.start) + defang(link.hostname);
    at = link.end;
  }
  return out + plain.slice(at);
}
