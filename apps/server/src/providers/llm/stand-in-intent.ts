import { addDays } from '../../lib/zoned-time';
import { type ChangeIntent, detectChange } from './stand-in-change-events';
import { detectFollowUp, type FollowUpIntent } from './stand-in-follow-ups';
import { type MemoryIntent, memoryIntent } from './stand-in-memory';
import { type ReminderIntent, reminderIntent } from './stand-in-reminders';
import {
  addMinutes,
  DAY_PARTS,
  type DayPart,
  findDay,
  findDuration,
  findPart,
  findSpan,
  findTime,
  hasNumericDate,
  type LocalNow,
  type Span,
} from './stand-in-when';

/**
 * What the person's own message asks the local stand-in model for: the small, documented set of
 * requests of docs/assistant-stand-in.md, in English and Chinese. Only ever called with the
 * person's latest message, never with anything a tool returned, so text inside a mail or an
 * event description cannot choose what the stand-in does.
 */
/** A stretch of the person's local time to look at, and what to call it in the answer. */
export interface Window {
  /** Wall-clock `YYYY-MM-DDTHH:mm` in the person's zone; `to` is exclusive. */
  from: string;
  to: string;
  /** The first and the last day it covers. */
  first: string;
  last: string;
  /** Set when the person asked for part of a day ("Friday afternoon"). */
  part: DayPart | null;
  /** Set when the person asked for a run of days ("this week"). */
  span: Span['kind'] | null;
}

export type Intent =
  | { kind: 'events'; window: Window }
  /** "am I free Friday afternoon?": when the person is busy in that window, and when not. */
  | { kind: 'free'; window: Window }
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
  /** "book the dentist today at 9:30" at noon: that time has passed, and nothing is proposed. */
  | { kind: 'book-past'; time: string }
  /** "add a contact: ...": it cannot write contacts, and says so instead of booking anything. */
  | { kind: 'add-contact' }
  /** "cancel my 3pm", "move lunch to 1": it cannot change events, and says so instead of booking one. */
  | { kind: 'change-event' }
  /** "move my 3pm to tomorrow", "cancel lunch with Sam and tell him sorry": stand-in-change-events.ts. */
  | ChangeIntent
  /** "book gym every Monday at 7": one event at a time, never a repeating one passed off as one. */
  | { kind: 'book-repeat' }
  /** "12/5": month first or day first; it asks instead of guessing. */
  | { kind: 'unclear-date' }
  | { kind: 'thanks' }
  | { kind: 'mail-from'; from: string }
  | { kind: 'mail-unread' }
  /**
   * "reply to him saying thanks", 回复他说谢谢: a reply to the mail the person last looked at (in the
   * tool record of recent turns), or from the person they name; `to` is null for him/her/them.
   */
  | { kind: 'mail-reply'; to: string | null; text: string }
  | { kind: 'contact'; query: string }
  | { kind: 'help' }
  | MemoryIntent
  /** Follow-ups on mail (issue 30): stand-in-follow-ups.ts. */
  | FollowUpIntent
  /** Reminders and routines (stand-in-reminders.ts): before a cancel or an "every" reads as an event. */
  | ReminderIntent
  | { kind: 'unknown' };

/** A booking lasts an hour unless the message says otherwise. */
export const DEFAULT_EVENT_MINUTES = 60;

const ZH_QUESTION = /什么|啥|吗|？|\?|呢|几点|哪/;

/** Words that are not a person to invite ("with my team", 跟他). */
const NOT_A_PERSON =
  /^(?:my|our|the|a|an|everyone|everybody|team|him|her|them|me|us)\b|^(?:他|她|他们|她们|大家|我们|同事|家人)$/i;

/** Trims the polite openings and closing punctuation people put around a request. */
function clean(text: string): string {
  return (
    text
      .replace(/\s+/g, ' ')
      .replace(/^\s*(?:hi|hey|hello|ok|okay)[,!.\s]+/i, '')
      .replace(/[\s?？!！.。,，~]+$/u, '')
      // "Sam's phone number please": the courtesy is not part of the request.
      .replace(/[\s,]+(?:please|pls|plz|thanks|thank\s+you)$/i, '')
      .replace(/[\s?？!！.。,，~]+$/u, '')
      .trim()
  );
}

export function detectIntent(message: string, now: LocalNow): Intent {
  const text = clean(message);
  if (text === '') return { kind: 'unknown' };
  return (
    memoryIntent(text) ??
    // Before reminders and mail: "remind me to follow up on the invoice mail" is a follow-up.
    detectFollowUp(text, now) ??
    mailReplyTo(message) ??
    help(text) ??
    thanks(text) ??
    reminderIntent(text, now) ??
    addContact(text) ??
    detectChange(text, now) ??
    changeEvent(text) ??
    unclearDate(text) ??
    booking(text, now) ??
    free(text, now) ??
    events(text, now) ??
    unreadMail(text) ??
    mailFrom(text) ??
    contact(text) ?? { kind: 'unknown' }
  );
}

function help(text: string): Intent | null {
  const en =
    /\bwhat (?:can|do) you (?:do|understand|know)\b|\bwhat are (?:your|the) commands\b|\bhow do (?:you|i use you) work\b|\bwho are you\b|^(?:hi|hey|hello|hiya|yo|good\s+(?:morning|afternoon|evening))$/i;
  const zh =
    /你(?:能|会|可以)(?:做|干|帮我做)?(?:些)?什么|怎么用你|你有什么功能|你会啥|你是谁|^(?:你好|您好|嗨|哈喽|在吗)$/;
  return en.test(text) || zh.test(text) ? { kind: 'help' } : null;
}

function booking(text: string, now: LocalNow): Intent | null {
  const enVerb =
    /^(?:(?:can|could|would|will) you\s+|please\s+|pls\s+)*(?:book|schedule|set up|arrange|add|put|create|make)\b\s*/i;
  // 订 but not 订阅 (取消订阅 is about the service, not a booking).
  const zhVerb = /预订|预约|安排|约|订(?!阅)|添加|加个|记一下|记个/;
  const isEnglish = enVerb.test(text);
  const time = findTime(text);
  const isChinese =
    !isEnglish &&
    !ZH_QUESTION.test(text) &&
    (zhVerb.test(text) || (time !== null && /[和跟与同]/.test(text)));
  if (!isEnglish && !isChinese) return null;
  // "add milk to my shopping list" is not an event.
  if (
    isEnglish &&
    /^\S*\s*(?:add|put)\b.*\b(?:to|on|onto|in)\s+(?:my|the)\s+(?:[\w-]+\s+)?(?:list|notes?|to-?dos?)\b/i.test(
      text,
    )
  )
    return null;
  if (REPEATS.test(text)) return { kind: 'book-repeat' };
  if (!time) return { kind: 'book-needs-time' };
  const day = findDay(text, now);
  // No day: today if that time is still ahead, else tomorrow, as a person would mean it.
  let date = day?.value ?? (time.value > now.time ? now.date : nextDate(now.date));
  if (date === now.date && time.value <= now.time) {
    // "Friday at 9:30" on a Friday evening is next Friday; "today at 9:30" at noon has passed.
    if (!day?.plainWeekday) return { kind: 'book-past', time: time.value };
    date = addDays(date, 7);
  }
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

/** Words that make a booking repeat. */
const REPEATS =
  /\bevery\b|\beach\s+(?:day|week|month|morning|evening|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|\b(?:daily|weekly|monthly|fortnightly)\b|每(?:天|日|周|星期|礼拜|个?月|个?工作日)/i;

function thanks(text: string): Intent | null {
  const en =
    /^(?:thanks?|thank\s+you|thx|ty|cheers|many\s+thanks)(?:\s+(?:so\s+much|a\s+lot|very\s+much))?$/i;
  const zh = /^(?:谢谢|多谢|谢了|谢谢你|谢谢您|感谢)(?:啦|了)?$/;
  return en.test(text) || zh.test(text) ? { kind: 'thanks' } : null;
}

/**
 * "cancel my 3pm meeting", "move lunch with Sam to 1pm", 取消明天的会, 把午饭改到1点: the stand-in
 * does not change or cancel events (a real model does, with the person's YES), so it says so
 * instead of reading the time in them as a new booking.
 */
function changeEvent(text: string): Intent | null {
  // "change my time zone", 取消订阅: settings and the plan are not events.
  if (
    /\b(?:time\s*zone|language|settings?|password|plan|subscription|account)\b|时区|语言|设置|密码|套餐|订阅|账户|账号/i.test(
      text,
    )
  )
    return null;
  const en =
    /^(?:(?:can|could|would|will) you\s+|please\s+|pls\s+)*(?:cancel|delete|remove|move|reschedule|change|push|postpone|shift|rename|bring\s+forward)\b/i;
  const zh = /取消|删除|删掉|改到|改成|改期|挪到|推迟|推后|提前到|移到|换到/;
  return en.test(text) || zh.test(text) ? { kind: 'change-event' } : null;
}

/** A date in digits alone ("12/5") in a booking or a question about a day: asked about, not guessed. */
function unclearDate(text: string): Intent | null {
  if (!hasNumericDate(text)) return null;
  const aboutADay =
    findTime(text) !== null || /\b(?:on|what|free|busy|book|schedule)\b|安排|有空|约|预订/i.test(text);
  return aboutADay ? { kind: 'unclear-date' } : null;
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
    .replace(/^\s*的/, '')
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

/**
 * The window a question is about: a run of days ("this week"), or one day (named, or today),
 * whole or a part of it. A part of a plain weekday that is already over today ("Friday
 * afternoon", asked on a Friday evening) is next week's.
 */
export function windowOf(text: string, now: LocalNow): Window {
  const span = findSpan(text, now)?.value;
  if (span)
    return {
      from: `${span.first}T00:00`,
      to: `${addDays(span.last, 1)}T00:00`,
      first: span.first,
      last: span.last,
      part: null,
      span: span.kind,
    };
  const day = findDay(text, now);
  const part = findPart(text)?.value ?? null;
  let date = day?.value ?? now.date;
  const hours = part ? DAY_PARTS[part] : { from: '00:00', to: '24:00' };
  if (part && day?.plainWeekday && date === now.date && hours.to <= now.time) date = addDays(date, 7);
  const at = (time: string) => (time === '24:00' ? `${addDays(date, 1)}T00:00` : `${date}T${time}`);
  return { from: at(hours.from), to: at(hours.to), first: date, last: date, part, span: null };
}

/** Whether the message names a day, a part of one or a run of days at all. */
function namesWhen(text: string, now: LocalNow): boolean {
  return Boolean(findSpan(text, now) ?? findDay(text, now) ?? findPart(text));
}

function free(text: string, now: LocalNow): Intent | null {
  // About the person's own time: "am I free", "any free time", "free tomorrow?"; not "is Sam
  // free" (someone else's calendar) nor "mail about the free trial".
  const en =
    /\b(?:am|are)\s+(?:i|we)\s+(?:free|busy|available)\b|\b(?:do|have)\s+(?:i|we)\s+(?:got\s+|have\s+)?(?:any\s+)?(?:free\s+)?time\b|\bany\s+free\s+time\b|^(?:free|busy|available)\b|\bwhen\s+am\s+i\s+free\b/i;
  const zh = /有空|有没有空|有时间吗|有没有时间|忙吗|忙不忙|空闲/;
  if (!en.test(text) && !zh.test(text)) return null;
  const window = windowOf(text, now);
  // "am I free tomorrow at 3pm?": that hour (or as long as it says), not the whole day.
  const time = window.span ? null : findTime(text);
  if (time) {
    // As a booking reads it: no day and the hour gone is tomorrow's; a plain weekday's, next week's.
    const day = findDay(text, now);
    let date = window.first;
    if (date === now.date && time.value <= now.time && (!day || day.plainWeekday))
      date = addDays(date, day ? 7 : 1);
    const from = `${date}T${time.value}`;
    const to = addMinutes(from, findDuration(text)?.value ?? DEFAULT_EVENT_MINUTES);
    return { kind: 'free', window: { from, to, first: date, last: date, part: null, span: null } };
  }
  // Free over a run of days is its list of events: a busy/free line per day would not fit a text.
  return window.span ? { kind: 'events', window } : { kind: 'free', window };
}

function events(text: string, now: LocalNow): Intent | null {
  const enAsks =
    /\bwhat(?:'s|’s| is)\s+(?:on|happening|planned|scheduled|booked|up)\b|\bwhat (?:do|have) i (?:have|got)\b|\b(?:anything|agenda|schedule|calendar|plans?|meetings?|events?|appointments?)\b/i;
  const zhAsks = /(?:有什么|有啥|什么)(?:安排|事|会|日程|活动|计划)|日程|行程|日历/;
  // "what does my day look like?", 明天几点开会: a day's plans, asked another way.
  const otherWays =
    /\bmy\s+(?:day|morning|afternoon|evening|week|weekend)\b.*\blook\b|\blook\s+like\b|(?:几点|什么时候)(?:开会|有会|上课|见面)/i;
  // "tell me my first meeting" (a routine's instruction): today's events.
  if (/\bmy\s+first\s+(?:meeting|event)\b|第一个会|第一场会/i.test(text))
    return { kind: 'events', window: windowOf(text, now) };
  if (otherWays.test(text) && (namesWhen(text, now) || /\bmy\s+day\b/i.test(text)))
    return { kind: 'events', window: windowOf(text, now) };
  if (!enAsks.test(text) && !zhAsks.test(text)) return null;
  // "what's Sam's number" also starts with "what's": without a day, only "what's on" counts.
  if (!namesWhen(text, now) && !/\bwhat(?:'s|’s| is) on\b/i.test(text) && !zhAsks.test(text)) return null;
  return { kind: 'events', window: windowOf(text, now) };
}

/**
 * "add a contact: ...", "save Sam's number", 添加联系人：...: the tools cannot write contacts, so
 * this is an honest decline, before "add" can be read as a booking.
 */
function addContact(text: string): Intent | null {
  const en =
    /^(?:(?:can|could|would|will) you\s+|please\s+|pls\s+)*(?:add|create|save|make|store)\b.*\bcontacts?\b|\bnew\s+contact\b|\b(?:add|save|put)\b.+\b(?:to|in|into)\s+(?:my\s+)?(?:contacts|address\s*book|phone\s*book)\b|^(?:(?:can|could|would|will) you\s+|please\s+)*save\s+(?:this|that|the|\S+(?:'s|’s))\s+(?:phone\s+)?(?:number|e-?mail|address)\b/i;
  const zh =
    /(?:添加|新建|新增|加|建|保存|存|记)(?:一下|一个|个)?(?:新的?)?联系人|(?:加|存|保存|放)(?:到|进|入)(?:我的)?(?:通讯录|联系人)|(?:保存|存|记下)(?:一下)?.{0,12}的?(?:号码|电话|手机号|邮箱)/;
  return en.test(text) || zh.test(text) ? { kind: 'add-contact' } : null;
}

/** Read from the whole message: `clean` would take "thanks" off the end of what to say. */
function mailReplyTo(message: string): Intent | null {
  const said = message.trim().replace(/[\s。.!！]+$/u, '');
  const en =
    /^(?:(?:can|could|would) you\s+|please\s+)*(?:reply|respond|write back|answer)(?:\s+to\s+(.+?))?\s+(?:saying|with|that)\s*[:,]?\s*(.+)$/i.exec(
      said,
    );
  const zh = /^(?:请|帮我|麻烦)?(?:回复|回信给|回)(?:一下)?(.{0,12}?)(?:说|：|:)\s*(.+)$/u.exec(said);
  const found = en ?? zh;
  if (!found?.[2]) return null;
  const to = found[1]?.trim() ?? '';
  const pronoun =
    /^(?:him|her|them|he|she|they|it|that|this|the mail|the email|他|她|他们|她们|它|这封|那封)?$/i.test(to);
  return { kind: 'mail-reply', to: pronoun ? null : to, text: found[2].trim() };
}

function unreadMail(text: string): Intent | null {
  const en = /\b(?:unread|new)\s+(?:e-?mails?|mails?|messages?)\b|\b(?:e-?mails?|mail)\b.*\bunread\b/i;
  const zh = /未读|新邮件/;
  return en.test(text) || zh.test(text) ? { kind: 'mail-unread' } : null;
}

function mailFrom(text: string): Intent | null {
  const did =
    /\b(?:did|has)\s+(.+?)\s+(?:e-?mail(?:ed)?|mail(?:ed)?|writ(?:e|ten)(?:\s+to)?|message[ds]?)\s+me\b/i.exec(
      text,
    );
  if (did?.[1] && !/^(?:i|you|we|anyone|anybody)$/i.test(did[1].trim()))
    return { kind: 'mail-from', from: did[1].trim() };
  const en =
    /\b(?:e-?mails?|mails?|messages?)\s+from\s+(.+?)(?=\s+(?:about|regarding|re|today|yesterday|this|last)\b|$)/i.exec(
      text,
    );
  if (en) return { kind: 'mail-from', from: en[1]!.trim() };
  // "what did Sam write?", 李明写了什么: their latest mail.
  const what =
    /^what\s+(?:did|has)\s+(.+?)\s+(?:writ(?:e|ten)|sen[dt]|e-?mail(?:ed)?|mail(?:ed)?)(?:\s+me)?$/i.exec(
      text,
    );
  if (what?.[1] && !/^(?:i|you|we)$/i.test(what[1].trim()))
    return { kind: 'mail-from', from: what[1].trim() };
  const zhWhat = /^(.{1,12}?)(?:给我)?(?:写了|发了|发来了)(?:些)?什么(?:邮件)?$/u.exec(text);
  if (zhWhat?.[1] && !/^(?:我|你|他|她|他们|她们)$/.test(zhWhat[1]))
    return { kind: 'mail-from', from: zhWhat[1] };
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
