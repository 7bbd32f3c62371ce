/**
 * The words a text message can consist of that plain code answers before any model sees it
 * (design §9): the carrier keywords (opt-out, opt-in, help) and the yes/no of an approval.
 * A word counts only when it is the whole message, so "stop the 3pm meeting" is a request for
 * the assistant, not an opt-out; case, surrounding whitespace, punctuation and emoji are ignored.
 */

export type SmsKeyword = 'stop' | 'start' | 'help';
export type ApprovalReply = 'yes' | 'no';
/** A yes or no, and the request it names ("YES 2"), or null for a bare one. */
export interface ApprovalAnswer {
  reply: ApprovalReply;
  number: number | null;
}

/**
 * Twilio's default opt-out words (its Advanced Opt-Out list, REVOKE and OPTOUT included since
 * the FCC's 2025 consent rules), plus what Chinese carriers teach people to send: 退订 and its
 * pinyin initials TD (traditional 退訂 too). Honouring an opt-out we did not need to costs a
 * reply; missing one breaks carrier rules, so this list leans wide.
 */
const STOP_WORDS = [
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'REVOKE',
  'OPTOUT',
  '退订',
  '退訂',
  'TD',
];

/**
 * Twilio's opt-in words are START, UNSTOP and YES. YES is left out on purpose: it is how a
 * person approves an action here, and an approval must never double as a re-subscription (nor
 * a re-subscription be read as an approval). A person who opted out and texts YES stays opted
 * out with us until START or UNSTOP; if Twilio's own opt-out handling lifts its block on YES,
 * that changes nothing, since our record is what decides whether we send.
 */
const START_WORDS = ['START', 'UNSTOP'];

const HELP_WORDS = ['HELP', 'INFO', '帮助', '幫助'];

/**
 * Approvals decide whether mail is sent or an event changed, so the list is short and exact:
 * OK, SURE, 行 and the like are not yes, because a person who means something else by them
 * should get another question, not an action. CANCEL is not a no: it is an opt-out word
 * (see above), which the gate sees first; approval requests therefore say "reply NO".
 */
const YES_WORDS = ['YES', 'Y', '是', '好', '好的', '确认'];
const NO_WORDS = ['NO', 'N', '否', '不', '不要', '取消'];

/** Whitespace, punctuation, symbols (emoji among them), their modifiers and joiners. */
const EDGES = /^[\s\p{P}\p{S}\p{M}\p{Cf}]+|[\s\p{P}\p{S}\p{M}\p{Cf}]+$/gu;

/**
 * The message as a candidate word: NFKC first, so full-width ＳＴＯＰ (a Chinese keyboard's)
 * reads as STOP and a full-width ！ as punctuation; then the edges are dropped and the case folded.
 */
function asWord(body: string): string {
  return body.normalize('NFKC').replace(EDGES, '').toUpperCase();
}

/** 'stop' | 'start' | 'help' when the whole message is one of those keywords; otherwise null. */
export function classifyKeyword(body: string): SmsKeyword | null {
  const word = asWord(body);
  if (STOP_WORDS.includes(word)) return 'stop';
  if (START_WORDS.includes(word)) return 'start';
  if (HELP_WORDS.includes(word)) return 'help';
  return null;
}

/**
 * 'yes' | 'no' when the whole message is an approval answer; otherwise null (the message is a
 * new request, and the caller decides what becomes of the pending approval). Run after
 * classifyKeyword: STOP and its kin win over everything.
 */
export function classifyApprovalReply(body: string): ApprovalReply | null {
  const word = asWord(body);
  if (YES_WORDS.includes(word)) return 'yes';
  if (NO_WORDS.includes(word)) return 'no';
  return null;
}

/** A yes or no word, then the request's number: "YES 2", "yes #2", "NO2", "是 2", "好2". */
const NUMBERED = /^(\S+?)\s*#?\s*([1-9][0-9]?)$/u;

/**
 * The person's answer to one of several pending requests: a bare yes or no (as
 * classifyApprovalReply), or one followed by the number its request text showed. Full-width
 * digits read as digits (NFKC). Anything else is null: "yes 2pm" is a new request.
 */
export function classifyApprovalAnswer(body: string): ApprovalAnswer | null {
  const bare = classifyApprovalReply(body);
  if (bare) return { reply: bare, number: null };
  const match = NUMBERED.exec(asWord(body));
  if (!match) return null;
  const reply = classifyApprovalReply(match[1]!);
  return reply ? { reply, number: Number(match[2]) } : null;
}
