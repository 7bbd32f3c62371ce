import { addDays, hasOffset, wallTimeOf, weekdayOf, zoneOrUtc } from '../../lib/zoned-time';
import type { TFoundContact, TFoundEvent, TFoundMail } from './stand-in-results';

/**
 * Everything the local stand-in model says, in English and Chinese. Short, plain text: replies
 * go out as SMS (at most three segments), and anything read from the workspace is quoted back
 * as a list, one line an item, cut to a line's length.
 */

export type Lang = 'en' | 'zh';

const MAX_EVENTS = 8;
const MAX_MAILS = 5;
const MAX_CONTACTS = 3;
const MAX_FIELD = 60;

const EN_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const ZH_DAYS = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];
const EN_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** One line of someone else's text: no line breaks or control characters, and not too long. */
export function oneLine(text: string, max = MAX_FIELD): string {
  const flat = text
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...flat];
  return chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : flat;
}

/** `Thu 26 Nov` / `11月26日（周四）`. */
export function dayName(lang: Lang, date: string): string {
  const [, month, day] = date.split('-').map(Number) as [number, number, number];
  const weekday = weekdayOf(date);
  return lang === 'zh'
    ? `${month}月${day}日（${ZH_DAYS[weekday]}）`
    : `${EN_DAYS[weekday]} ${day} ${EN_MONTHS[month - 1]}`;
}

/** "Tomorrow, Thu 26 Nov" / "明天，11月26日（周四）": the day as the person asked for it. */
function dayLabel(lang: Lang, date: string, today: string): string {
  const relative =
    date === today
      ? lang === 'zh'
        ? '今天'
        : 'Today'
      : date === addDays(today, 1)
        ? lang === 'zh'
          ? '明天'
          : 'Tomorrow'
        : null;
  const name = dayName(lang, date);
  if (!relative) return name;
  return lang === 'zh' ? `${relative}，${name}` : `${relative}, ${name}`;
}

/** The wall-clock `HH:mm` of an instant (or a local date-time) in the person's zone. */
function clock(value: string, zone: string): string {
  if (!hasOffset(value)) return value.slice(11, 16);
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? value : wallTimeOf(instant, zoneOrUtc(zone)).slice(11, 16);
}

function localDate(value: string, zone: string): string {
  if (!hasOffset(value)) return value.slice(0, 10);
  const instant = new Date(value);
  return Number.isNaN(instant.getTime())
    ? value.slice(0, 10)
    : wallTimeOf(instant, zoneOrUtc(zone)).slice(0, 10);
}

function more(lang: Lang, count: number): string {
  return lang === 'zh' ? `……还有 ${count} 项` : `…and ${count} more`;
}

/** A result cut at the assistant's size cap: say the list goes on. */
function cutShort(lang: Lang): string {
  return lang === 'zh' ? '……还有更多，这里列不下' : '…and more than fits here';
}

export function eventsReply(
  lang: Lang,
  args: {
    date: string;
    today: string;
    zone: string;
    events: TFoundEvent[];
    partial?: boolean;
    /** Accounts that did not answer: their events are missing, so "nothing on" would be a guess. */
    unavailable?: string[];
  },
): string {
  const label = dayLabel(lang, args.date, args.today);
  const missing = (args.unavailable ?? []).map((name) => oneLine(name, 30)).join(', ');
  const unreachable = missing
    ? lang === 'zh'
      ? `（暂时无法读取：${missing}）`
      : `(couldn't reach: ${missing})`
    : '';
  if (args.events.length === 0 && !args.partial) {
    if (missing)
      return lang === 'zh'
        ? `${label}没有找到安排${unreachable}。`
        : `${label}: nothing found ${unreachable}.`;
    return lang === 'zh' ? `${label}没有安排。` : `${label}: nothing on.`;
  }
  // All-day ones first, then by their start in the person's zone.
  const ordered = [...args.events].sort((a, b) => {
    if (Boolean(a.allDay) !== Boolean(b.allDay)) return a.allDay ? -1 : 1;
    return a.allDay ? 0 : Date.parse(a.start) - Date.parse(b.start);
  });
  const lines = ordered.slice(0, MAX_EVENTS).map((event) => {
    const title = oneLine(event.title) || (lang === 'zh' ? '（无标题）' : '(no title)');
    if (event.allDay) return lang === 'zh' ? `- 全天：${title}` : `- All day: ${title}`;
    // Began on an earlier day: say when it ends instead of a start the person cannot place.
    if (localDate(event.start, args.zone) < args.date && event.end)
      return lang === 'zh'
        ? `- 至 ${clock(event.end, args.zone)} ${title}`
        : `- until ${clock(event.end, args.zone)} ${title}`;
    return `- ${clock(event.start, args.zone)} ${title}`;
  });
  if (ordered.length > MAX_EVENTS) lines.push(more(lang, ordered.length - MAX_EVENTS));
  else if (args.partial) lines.push(cutShort(lang));
  if (unreachable) lines.push(unreachable);
  return `${label}${lang === 'zh' ? '：' : ':'}\n${lines.join('\n')}`;
}

export function mailReply(
  lang: Lang,
  args: { from: string | null; zone: string; mails: TFoundMail[]; partial?: boolean },
): string {
  const who = args.from ? oneLine(args.from, 40) : null;
  if (args.mails.length === 0 && !args.partial) {
    if (lang === 'zh') return who ? `没有找到${who}的邮件。` : '没有未读邮件。';
    return who ? `No mail from ${who} found.` : 'No unread mail.';
  }
  const count = args.mails.length;
  const head =
    lang === 'zh'
      ? `${who ? `${who}的邮件` : '未读邮件'}（${count} 封）：`
      : `${who ? `Mail from ${who}` : 'Unread mail'} (${count}):`;
  const lines = args.mails.slice(0, MAX_MAILS).map((mail) => {
    const sender = oneLine(
      mail.from?.name || mail.from?.email || (lang === 'zh' ? '未知发件人' : 'unknown'),
      30,
    );
    const subject = oneLine(mail.subject) || (lang === 'zh' ? '（无主题）' : '(no subject)');
    const date = mail.date ? localDate(mail.date, args.zone) : null;
    const when = date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? shortDate(lang, date) : null;
    if (lang === 'zh') return `- ${when ? `${when} ` : ''}${sender}：${subject}`;
    return `- ${when ? `${when}, ` : ''}${sender}: ${subject}`;
  });
  if (count > MAX_MAILS) lines.push(more(lang, count - MAX_MAILS));
  else if (args.partial) lines.push(cutShort(lang));
  return `${head}\n${lines.join('\n')}`;
}

function shortDate(lang: Lang, date: string): string {
  const [, month, day] = date.split('-').map(Number) as [number, number, number];
  return lang === 'zh' ? `${month}月${day}日` : `${day} ${EN_MONTHS[month - 1]}`;
}

export function contactReply(
  lang: Lang,
  args: { query: string; contacts: TFoundContact[]; partial?: boolean },
): string {
  const query = oneLine(args.query, 40);
  if (args.contacts.length === 0 && !args.partial)
    return lang === 'zh' ? `通讯录里没有找到“${query}”。` : `No contact matches "${query}".`;
  const lines = args.contacts.slice(0, MAX_CONTACTS).map((contact) => {
    const name = oneLine(contact.name, 40);
    const organization = contact.organization ? oneLine(contact.organization, 40) : null;
    const ways = [...(contact.phones ?? []), ...contact.emails].map((way) => oneLine(way, 60));
    const none = lang === 'zh' ? '没有电话或邮箱' : 'no phone or email';
    if (lang === 'zh')
      return `${name}${organization ? `（${organization}）` : ''}：${ways.join('，') || none}`;
    return `${name}${organization ? ` (${organization})` : ''}: ${ways.join(', ') || none}`;
  });
  if (args.contacts.length > MAX_CONTACTS) lines.push(more(lang, args.contacts.length - MAX_CONTACTS));
  else if (args.partial) lines.push(cutShort(lang));
  return lines.join('\n');
}

export type BookingOutcome = 'approval' | 'booked' | 'failed';

export function bookingReply(
  lang: Lang,
  args: { title: string; start: string; end: string; outcome: BookingOutcome; missingPerson: string | null },
): string {
  const title = oneLine(args.title);
  const when = `${dayName(lang, args.start.slice(0, 10))} ${args.start.slice(11, 16)}–${args.end.slice(11, 16)}`;
  const missing = args.missingPerson ? notInContactsNote(lang, args.missingPerson) : null;
  if (lang === 'zh') {
    const note = missing ?? '';
    if (args.outcome === 'approval') return `回复“是”后，我就预订「${title}」（${when}）。${note}`;
    if (args.outcome === 'booked') return `已预订「${title}」（${when}）。${note}`;
    return `没能预订「${title}」，什么都没有改动。`;
  }
  const note = missing ? ` ${missing}` : '';
  if (args.outcome === 'approval') return `Reply YES and I'll book "${title}" (${when}).${note}`;
  if (args.outcome === 'booked') return `Booked "${title}" (${when}).${note}`;
  return `I couldn't book "${title}"; nothing was changed.`;
}

/** A person named for a booking has no contact with an address: nobody is invited. */
export function notInContactsNote(lang: Lang, person: string): string {
  const name = oneLine(person, 40);
  return lang === 'zh'
    ? `通讯录里没有找到${name}，所以不会邀请对方。`
    : `${name} isn't in your contacts, so nobody is invited.`;
}

export type Area = 'calendar' | 'mail' | 'contacts';

/** A tool failed: say which part of the workspace, and our own short reason when there is one. */
export function toolFailedReply(lang: Lang, area: Area, error: string): string {
  const reason = /^[^\n]{1,160}$/.test(error.trim()) ? error.trim() : null;
  if (lang === 'zh') {
    const name = { calendar: '日历', mail: '邮件', contacts: '通讯录' }[area];
    return `暂时无法读取您的${name}${reason ? `（${reason}）` : ''}，请稍后再试。`;
  }
  return `I couldn't read your ${area} just now${reason ? ` (${reason})` : ''}. Please try again in a moment.`;
}

export function helpReply(lang: Lang): string {
  return lang === 'zh'
    ? '我是本地替身模型，可以试试：\n- 明天有什么安排\n- 明天12点和李明吃午饭\n- 找李明的邮件\n- 有未读邮件吗\n- 李明的电话\n改动日历前都会先等您回复“是”。'
    : "I'm the local stand-in model. Try:\n- what's on tomorrow?\n- book lunch with Sam tomorrow at 12\n- find mail from Sam\n- any unread mail?\n- what's Sam's number?\nAnything that changes your calendar waits for your YES.";
}

/** Everything else: what it is, what it did (nothing), and what would understand more. */
export function unknownReply(lang: Lang): string {
  return lang === 'zh'
    ? '我是本地替身模型，只听得懂几类请求：今天、明天或周几有什么安排，在某个时间预订活动，找某人的邮件，未读邮件，查联系人。这条消息我什么都没有做。设置 LLM_BASE_URL 接入真实模型后，其他请求也能处理。'
    : "I'm the local stand-in model and only understand a few requests: what's on today, tomorrow or a weekday; booking something at a time; mail from someone; unread mail; finding a contact. I did nothing with this message. A real model (set LLM_BASE_URL) understands the rest.";
}

export function needsTimeReply(lang: Lang): string {
  return lang === 'zh'
    ? '请告诉我哪天几点，例如“明天12点和李明吃午饭”。'
    : 'Tell me the day and time, e.g. "book lunch with Sam tomorrow at 12".';
}

/** The assistant gave the stand-in no tool for this (or no tools at all). */
export function noToolReply(lang: Lang): string {
  return lang === 'zh'
    ? '这一步我无法访问您的日历、邮件或通讯录，什么都没有做。'
    : "I can't reach your calendar, mail or contacts for this, so I did nothing.";
}

/** The system prompt lacked the current time, so no day can be worked out. */
export function noClockReply(lang: Lang): string {
  return lang === 'zh'
    ? '我现在不知道今天是几号，所以无法回答与日期有关的问题。'
    : "I don't know today's date right now, so I can't answer questions about days.";
}
