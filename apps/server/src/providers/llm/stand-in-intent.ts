import { addMinutes, findDay, findDuration, findTime, type LocalNow } from './stand-in-when';

/**
 * What the person's own message asks the local stand-in model for: the small, documented set of
 * requests of docs/assistant-stand-in.md, in English and Chinese. Only ever called with the
 * person's latest message, never with anything a tool returned, so text inside a mail or an
 * event description cannot choose what the stand-in does.
 */
export type Intent =
  | { kind: 'events'; date: string }
  | {
      kind: 'book';
      title: string;
      /** Wall-clock times in the person's zone, `YYYY-MM-DDTHH:mm`. */
      start: string;
      end: string;
      /** Who it is with, to look up in the contacts and invite. */
      person: string | null;
    }
  /** "book lunch with Sam" with no time: the stand-in asks for one instead of guessing. */
  | { kind: 'book-needs-time' }
  | { kind: 'mail-from'; from: string }
  | { kind: 'mail-unread' }
  | { kind: 'contact'; query: string }
  | { kind: 'help' }
  | { kind: 'unknown' };

/** A booking lasts an hour unless the message says otherwise. */
export const DEFAULT_EVENT_MINUTES = 60;

const ZH_QUESTION = /什么|啥|吗|？|\?|呢|几点|哪/;

/** Words that are not a person to invite ("with my team", 跟他). */
const NOT_A_PERSON =
  /^(?:my|our|the|a|an|everyone|everybody|team|him|her|them|me|us)\b|^(?:他|她|他们|她们|大家|我们|同事|家人)$/i;

/** Trims the polite openings and closing punctuation people put around a request. */
function clean(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(/^\s*(?:hi|hey|hello|ok|okay)[,!.\s]+/i, '')
    .replace(/[\s?？!！.。,，~]+$/u, '')
    .trim();
}

export function detectIntent(message: string, now: LocalNow): Intent {
  const text = clean(message);
  if (text === '') return { kind: 'unknown' };
  return (
    help(text) ??
    booking(text, now) ??
    events(text, now) ??
    unreadMail(text) ??
    mailFrom(text) ??
    contact(text) ?? { kind: 'unknown' }
  );
}

function help(text: string): Intent | null {
  const en =
    /\bwhat (?:can|do) you (?:do|understand|know)\b|\bwhat are (?:your|the) commands\b|\bhow do (?:you|i use you) work\b/i;
  const zh = /你(?:能|会|可以)(?:做|干|帮我做)?(?:些)?什么|怎么用你|你有什么功能|你会啥/;
  return en.test(text) || zh.test(text) ? { kind: 'help' } : null;
}

function booking(text: string, now: LocalNow): Intent | null {
  const enVerb =
    /^(?:(?:can|could|would|will) you\s+|please\s+|pls\s+)*(?:book|schedule|set up|arrange|add|put|create|make)\b\s*/i;
  const zhVerb = /预订|预约|安排|约|订|添加|加个|记一下|记个/;
  const isEnglish = enVerb.test(text);
  const time = findTime(text);
  const isChinese =
    !isEnglish &&
    !ZH_QUESTION.test(text) &&
    (zhVerb.test(text) || (time !== null && /[和跟与同]/.test(text)));
  if (!isEnglish && !isChinese) return null;
  if (!time) return { kind: 'book-needs-time' };
  const day = findDay(text, now);
  // No day: today if that time is still ahead, else tomorrow, as a person would mean it.
  const date = day?.value ?? (time.value > now.time ? now.date : nextDate(now.date));
  const duration = findDuration(text);
  const start = `${date}T${time.value}`;
  let title = text;
  for (const words of [day?.words, time.words, duration?.words]) if (words) title = title.replace(words, ' ');
  title = isEnglish ? englishTitle(title.replace(enVerb, '')) : chineseTitle(title, zhVerb);
  const person = isEnglish ? englishPerson(title) : chinesePerson(title);
  return {
    kind: 'book',
    title: title || (isEnglish ? 'Event' : '活动'),
    start,
    end: addMinutes(start, duration?.value ?? DEFAULT_EVENT_MINUTES),
    person: person && !NOT_A_PERSON.test(person) ? person : null,
  };
}

function nextDate(date: string): string {
  return addMinutes(`${date}T00:00`, 24 * 60).slice(0, 10);
}

function englishTitle(rest: string): string {
  let title = rest
    .replace(/\b(?:in|on|to|into) my (?:calendar|diary|schedule)\b/gi, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^\s*(?:a|an|the|me)\s+/i, '')
    .trim();
  // What is left of "lunch for tomorrow at 12" once the day and the time are gone.
  for (;;) {
    const shorter = title.replace(/(?:^|\s+)(?:at|on|for|this|next|in|by)$|[\s,.;:-]+$/i, '');
    if (shorter === title) break;
    title = shorter;
  }
  return title.charAt(0).toUpperCase() + title.slice(1);
}

function chineseTitle(rest: string, verb: RegExp): string {
  return rest
    .replace(/^(?:\s|请|帮我|给我|麻烦|你)+/, '')
    .replace(new RegExp(`^(?:${verb.source})(?:一下|一个|个)?`), '')
    .replace(/^(?:一下|一个|个)/, '')
    .replace(/(?:凌晨|早上|早晨|上午|中午|下午|傍晚|晚上)/g, '')
    .replace(/[\s，,。.]+/g, ' ')
    .trim();
}

function englishPerson(title: string): string | null {
  const match = /\bwith\s+(.+?)(?=\s+(?:about|to|re|regarding|at|in|on|for|from)\b|[,.;:!?(]|$)/i.exec(title);
  return match ? match[1]!.trim() : null;
}

function chinesePerson(title: string): string | null {
  const match =
    /[和跟与同]\s*([A-Za-z][A-Za-z.'-]*(?:\s[A-Z][A-Za-z.'-]*)?|[\u4e00-\u9fff]{1,4}?)\s*(?=一起|吃|喝|见|开|打|聊|讨论|面|通|碰|约|去|看|做|商量|散步|跑|逛|$)/u.exec(
      title,
    );
  return match ? match[1]!.trim() : null;
}

function events(text: string, now: LocalNow): Intent | null {
  const day = findDay(text, now);
  const enAsks =
    /\bwhat(?:'s|’s| is)\s+(?:on|happening|planned|scheduled|booked|up)\b|\bwhat (?:do|have) i (?:have|got)\b|\b(?:anything|agenda|schedule|calendar|plans?|busy|free|meetings?|events?|appointments?)\b/i;
  const zhAsks = /(?:有什么|有啥|什么)(?:安排|事|会|日程|活动|计划)|日程|行程|日历|忙吗|忙不忙|有空/;
  if (!enAsks.test(text) && !zhAsks.test(text)) return null;
  // "what's Sam's number" also starts with "what's": without a day, only "what's on" counts.
  if (!day && !/\bwhat(?:'s|’s| is) on\b/i.test(text) && !zhAsks.test(text)) return null;
  return { kind: 'events', date: day?.value ?? now.date };
}

function unreadMail(text: string): Intent | null {
  const en = /\b(?:unread|new)\s+(?:e-?mails?|mails?|messages?)\b|\b(?:e-?mails?|mail)\b.*\bunread\b/i;
  const zh = /未读|新邮件/;
  return en.test(text) || zh.test(text) ? { kind: 'mail-unread' } : null;
}

function mailFrom(text: string): Intent | null {
  const en =
    /\b(?:e-?mails?|mails?|messages?)\s+from\s+(.+?)(?=\s+(?:about|regarding|re|today|yesterday|this|last)\b|$)/i.exec(
      text,
    );
  if (en) return { kind: 'mail-from', from: en[1]!.trim() };
  const zh =
    /^(?:请|帮我|给我)?(?:找找|找|查查|查|看看|看|搜索|搜)?(?:一下)?(?:有没有|有)?\s*(?:来自)?\s*(.+?)\s*(?:发来|发给我|寄来|发)?的\s*(?:邮件|电邮|email|信)/i.exec(
      text,
    );
  if (zh?.[1]) return { kind: 'mail-from', from: zh[1].trim() };
  return null;
}

function contact(text: string): Intent | null {
  const patterns = [
    /^(?:what(?:'s|’s| is|s)|give me|send me|tell me|show me)\s+(.+?)(?:'s|’s)\s+(?:phone\s+|mobile\s+|cell\s+)?(?:number|phone|mobile|e-?mail(?:\s+address)?|address|contact(?:\s+(?:details|info))?)\b/i,
    /\b(?:find|look\s*up|search(?:\s+for)?|show(?:\s+me)?|get)\s+(?:the\s+|a\s+|my\s+)?contacts?(?:\s+(?:for|named|called|of))?\s+(.+)$/i,
    /\bcontact\s+(?:details|info(?:rmation)?)\s+(?:for|of)\s+(.+)$/i,
    /\bhow\s+(?:do|can)\s+i\s+(?:reach|contact|call)\s+(.+)$/i,
    /^(.+?)(?:'s|’s)\s+(?:phone\s+)?(?:number|phone|mobile|e-?mail(?:\s+address)?)$/i,
    /^(?:请|帮我|给我)?(?:找找|找|查查|查|看看|看|告诉我)?(?:一下)?(?:联系人)?\s*(.+?)\s*的\s*(?:电话|号码|手机|手机号|邮箱|邮件地址|电邮地址|地址|联系方式)/,
    /^(?:请|帮我|给我)?(?:找找|找|查查|查|看看|搜索|搜)(?:一下)?\s*联系人\s*(.+)$/,
    /^联系人\s*(.+)$/,
  ];
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    const query = match?.[1]?.trim();
    if (query) return { kind: 'contact', query };
  }
  return null;
}
