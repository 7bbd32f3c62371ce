import { addDays, hasOffset, wallTimeOf, weekdayOf, zoneOrUtc } from '../../lib/zoned-time';
import type { Window } from './stand-in-intent';
import type { TFoundBusy, TFoundContact, TFoundEvent, TFoundMail } from './stand-in-results';
import type { DayPart } from './stand-in-when';

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
  // Another year's date ("Nov 3" asked in late November is next year's) says its year.
  const year = date.slice(0, 4) === today.slice(0, 4) ? '' : date.slice(0, 4);
  const name = year
    ? lang === 'zh'
      ? `${year}年${dayName(lang, date)}`
      : `${dayName(lang, date)} ${year}`
    : dayName(lang, date);
  if (!relative) return name;
  return lang === 'zh' ? `${relative}，${name}` : `${relative}, ${name}`;
}

/** The wall-clock `HH:mm` of an instant (or a local date-time) in the person's zone. */
function clock(value: string, zone: string): string {
  if (!hasOffset(value)) return value.slice(11, 16);
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? value : wallTimeOf(instant, zoneOrUtc(zone)).slice(11, 16);
}

/** The local `YYYY-MM-DDTHH:mm` of an instant in the person's zone. */
function localDateTime(value: string, zone: string): string {
  const instant = new Date(value);
  return Number.isNaN(instant.getTime())
    ? value.slice(0, 16)
    : wallTimeOf(instant, zoneOrUtc(zone)).slice(0, 16);
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

const PART_NAMES: Record<Lang, Record<DayPart, string>> = {
  en: { morning: 'morning', afternoon: 'afternoon', evening: 'evening' },
  zh: { morning: '上午', afternoon: '下午', evening: '晚上' },
};

/** `HH:mm` of a window's edge, with the next midnight as `24:00`. */
function edge(localDateTime: string, first: string): string {
  return localDateTime.slice(0, 10) > first && localDateTime.endsWith('T00:00')
    ? '24:00'
    : localDateTime.slice(11, 16);
}

/** `Thu 26 Nov` / `11月26日` for the ends of a run of days. */
function shortDay(lang: Lang, date: string): string {
  return lang === 'zh' ? shortDate(lang, date) : dayName(lang, date);
}

/** The day at the start of a line of a list over several days: `Thu 26 Nov` / `11月26日周四`. */
function lineDay(lang: Lang, date: string): string {
  return lang === 'zh' ? `${shortDate(lang, date)}${ZH_DAYS[weekdayOf(date)]}` : dayName(lang, date);
}

/**
 * What the person asked about, said back so the answer shows the range it looked at: "This
 * week (Wed 25 Nov – Sun 29 Nov)", "Fri 27 Nov, afternoon (12:00–18:00)", "明天，11月26日（周四）".
 */
export function windowLabel(lang: Lang, window: Window, today: string): string {
  if (window.span) {
    const names = {
      en: { 'this-week': 'This week', 'next-week': 'Next week', weekend: 'The weekend' },
      zh: { 'this-week': '本周', 'next-week': '下周', weekend: '周末' },
    }[lang];
    const days =
      window.first === window.last
        ? shortDay(lang, window.first)
        : `${shortDay(lang, window.first)}${lang === 'zh' ? '至' : ' – '}${shortDay(lang, window.last)}`;
    return lang === 'zh' ? `${names[window.span]}（${days}）` : `${names[window.span]} (${days})`;
  }
  const day = dayLabel(lang, window.first, today);
  const from = edge(window.from, window.first);
  const to = edge(window.to, window.first);
  if (from === '00:00' && to === '24:00') return day;
  const part = window.part ? PART_NAMES[lang][window.part] : '';
  if (lang === 'zh') return part ? `${day}${part}（${from}–${to}）` : `${day} ${from}–${to}`;
  return part ? `${day}, ${part} (${from}–${to})` : `${day}, ${from}–${to}`;
}

export function eventsReply(
  lang: Lang,
  args: {
    window: Window;
    today: string;
    zone: string;
    events: TFoundEvent[];
    partial?: boolean;
    /** Accounts that did not answer: their events are missing, so "nothing on" would be a guess. */
    unavailable?: string[];
  },
): string {
  const { window } = args;
  const label = windowLabel(lang, window, args.today);
  const severalDays = window.first !== window.last;
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
  // By day (one that began earlier shows on the first day asked), then all-day ones first, then
  // by their start in the person's zone.
  const dayOf = (event: TFoundEvent) => {
    const date = localDate(event.start, args.zone);
    return date < window.first ? window.first : date;
  };
  const ordered = [...args.events].sort((a, b) => {
    if (dayOf(a) !== dayOf(b)) return dayOf(a) < dayOf(b) ? -1 : 1;
    if (Boolean(a.allDay) !== Boolean(b.allDay)) return a.allDay ? -1 : 1;
    return a.allDay ? 0 : Date.parse(a.start) - Date.parse(b.start);
  });
  const lines = ordered.slice(0, MAX_EVENTS).map((event) => {
    const title = oneLine(event.title) || (lang === 'zh' ? '（无标题）' : '(no title)');
    const day = severalDays ? `${lineDay(lang, dayOf(event))} ` : '';
    if (event.allDay)
      return lang === 'zh' ? `- ${day}全天：${title}` : `- ${day}${day ? 'all day' : 'All day'}: ${title}`;
    // Began on an earlier day: say when it ends instead of a start the person cannot place.
    if (localDate(event.start, args.zone) < window.first && event.end)
      return lang === 'zh'
        ? `- ${day}至 ${clock(event.end, args.zone)} ${title}`
        : `- ${day}until ${clock(event.end, args.zone)} ${title}`;
    return `- ${day}${clock(event.start, args.zone)} ${title}`;
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
  args: {
    title: string;
    start: string;
    end: string;
    outcome: BookingOutcome;
    /** Why nobody is invited, when someone was named. */
    note: string | null;
    /** What the person can do about a failure (connect a calendar), when there is something. */
    why?: string | null;
  },
): string {
  const title = oneLine(args.title);
  const when = `${dayName(lang, args.start.slice(0, 10))} ${args.start.slice(11, 16)}–${args.end.slice(11, 16)}`;
  const why = args.why ? (lang === 'zh' ? args.why : ` ${args.why}`) : '';
  if (lang === 'zh') {
    const note = args.note ?? '';
    if (args.outcome === 'approval') return `回复“是”后，我就预订「${title}」（${when}）。${note}`;
    if (args.outcome === 'booked') return `已预订「${title}」（${when}）。${note}`;
    return `没能预订「${title}」，什么都没有改动。${why}`;
  }
  const note = args.note ? ` ${args.note}` : '';
  if (args.outcome === 'approval') return `Reply YES and I'll book "${title}" (${when}).${note}`;
  if (args.outcome === 'booked') return `Booked "${title}" (${when}).${note}`;
  return `I couldn't book "${title}"; nothing was changed.${why}`;
}

/** A person named for a booking has no contact with an address: nobody is invited. */
export function notInContactsNote(lang: Lang, person: string): string {
  const name = oneLine(person, 40);
  return lang === 'zh'
    ? `通讯录里没有找到${name}，所以不会邀请对方。`
    : `${name} isn't in your contacts, so nobody is invited.`;
}

/** The contacts could not be read: whether the person is in them is unknown, and nobody is invited. */
export function lookupFailedNote(lang: Lang, person: string): string {
  const name = oneLine(person, 40);
  return lang === 'zh'
    ? `暂时无法在通讯录里查找${name}，所以不会邀请对方。`
    : `I couldn't look ${name} up in your contacts, so nobody is invited.`;
}

export type Area = 'calendar' | 'mail' | 'contacts';

/** A tool's refusal as the stand-in reads it: our own short words, and the code when it gave one. */
export interface Failure {
  error: string;
  code?: string | undefined;
}

const AREA_NAMES: Record<Lang, Record<Area, string>> = {
  en: { calendar: 'calendar', mail: 'mail', contacts: 'contacts' },
  zh: { calendar: '日历', mail: '邮件', contacts: '通讯录' },
};

/** Where a person connects accounts: our own Integrations page, its address last (no dot after it). */
function onIntegrations(lang: Lang, url: string | null): string {
  if (lang === 'zh') return url ? `：${url}` : '。';
  return url ? ` on Integrations: ${url}` : ' on the Integrations page.';
}

const NOT_CONNECTED: Record<Lang, Record<Area, string>> = {
  en: {
    calendar: 'No calendar is connected yet.',
    mail: 'No mailbox is connected yet.',
    contacts: 'No contacts are connected yet.',
  },
  zh: { calendar: '您还没有连接日历。', mail: '您还没有连接邮箱。', contacts: '您还没有连接通讯录。' },
};

/**
 * A tool failed: say which part of the workspace, and what the person can do about it. With no
 * account connected, or one that must be connected again, that is the Integrations page (by our
 * own address), never "try again": trying again would fail the same way.
 */
export function toolFailedReply(
  lang: Lang,
  area: Area,
  failure: Failure,
  integrationsUrl: string | null = null,
): string {
  const advice = adviceFor(lang, area, failure.code, integrationsUrl);
  if (advice) return advice;
  const name = AREA_NAMES[lang][area];
  const reason = /^[^\n]{1,160}$/.test(failure.error.trim()) ? failure.error.trim() : null;
  if (lang === 'zh') return `暂时无法读取您的${name}${reason ? `（${reason}）` : ''}，请稍后再试。`;
  return `I couldn't read your ${name} just now${reason ? ` (${reason})` : ''}. Please try again in a moment.`;
}

/** After a failed booking: what the person can do, when a code says (a calendar to connect). */
export function whatToDo(lang: Lang, failure: Failure, integrationsUrl: string | null): string | null {
  return adviceFor(lang, 'calendar', failure.code, integrationsUrl);
}

function adviceFor(lang: Lang, area: Area, code: string | undefined, url: string | null): string | null {
  const name = AREA_NAMES[lang][area];
  const where = onIntegrations(lang, url);
  // Apple (iCloud) brings calendars and contacts, not mail.
  const providers =
    area === 'mail'
      ? lang === 'zh'
        ? 'Google 或 Microsoft'
        : 'Google or Microsoft'
      : lang === 'zh'
        ? 'Google、Microsoft 或 Apple'
        : 'Google, Microsoft or Apple';
  switch (code) {
    case 'not_connected':
      return lang === 'zh'
        ? `${NOT_CONNECTED.zh[area]}请在“集成”页面连接 ${providers}${where}`
        : `${NOT_CONNECTED.en[area]} Connect ${providers}${where}`;
    case 'needs_reconnect':
      return lang === 'zh'
        ? `需要重新连接您的账户，我才能使用您的${name}。请在“集成”页面重新连接${where}`
        : `Your account needs connecting again before I can use your ${name}. Reconnect it${where}`;
    case 'permission_missing':
      return lang === 'zh'
        ? `我没有使用您${name}的权限（未授权或已关闭）。请在“集成”页面查看${where}`
        : `I'm not allowed to use your ${name} (not granted, or switched off). Check it${where}`;
    default:
      return null;
  }
}

/** The busy times in a window, and the free ones between them: "am I free Friday afternoon?". */
export function freeReply(
  lang: Lang,
  args: { window: Window; today: string; zone: string; busy: TFoundBusy[] },
): string {
  const { window } = args;
  const label = windowLabel(lang, window, args.today);
  const local = (value: string) => (hasOffset(value) ? localDateTime(value, args.zone) : value.slice(0, 16));
  // Clipped to the window and merged: two calendars busy at once are one busy stretch.
  const stretches = args.busy
    .map((b) => ({ start: local(b.start), end: local(b.end) }))
    .map((b) => ({
      start: b.start < window.from ? window.from : b.start,
      end: b.end > window.to ? window.to : b.end,
    }))
    .filter((b) => b.start < b.end)
    .sort((a, b) => (a.start < b.start ? -1 : 1))
    .reduce<{ start: string; end: string }[]>((merged, b) => {
      const last = merged.at(-1);
      if (last && b.start <= last.end) last.end = b.end > last.end ? b.end : last.end;
      else merged.push({ ...b });
      return merged;
    }, []);
  const free: { start: string; end: string }[] = [];
  let cursor = window.from;
  for (const b of stretches) {
    if (b.start > cursor) free.push({ start: cursor, end: b.start });
    cursor = b.end > cursor ? b.end : cursor;
  }
  if (cursor < window.to) free.push({ start: cursor, end: window.to });
  const times = (list: { start: string; end: string }[]) =>
    list
      .map((b) => `${edge(b.start, window.first)}–${edge(b.end, window.first)}`)
      .join(lang === 'zh' ? '、' : ', ');
  const wholeDay = window.from.endsWith('T00:00') && window.to === `${addDays(window.first, 1)}T00:00`;
  if (lang === 'zh') {
    if (stretches.length === 0) return wholeDay ? `${label}没有安排，全天有空。` : `${label}：您有空。`;
    if (free.length === 0) return `${label}：全部时间都有安排。`;
    if (wholeDay) return `${label}：${times(stretches)} 有安排，其余时间有空。`;
    return `${label}：${times(stretches)} 有安排；空闲时间 ${times(free)}。`;
  }
  if (stretches.length === 0)
    return wholeDay ? `${label}: nothing booked, you're free all day.` : `${label}: you're free.`;
  if (free.length === 0) return `${label}: busy the whole time.`;
  if (wholeDay) return `${label}: busy ${times(stretches)}; free the rest of the day.`;
  return `${label}: busy ${times(stretches)}; free ${times(free)}.`;
}

/** It cannot write contacts: say so, say what it can do, and that nothing changed. */
export function addContactReply(lang: Lang): string {
  return lang === 'zh'
    ? '我不能添加或修改联系人，什么都没有改动。我可以帮您查联系人（例如“李明的电话”）、查看日程、在某个时间预订活动，或找邮件。'
    : "I can't add or change contacts, so nothing was changed. I can look one up (\"what's Sam's number?\"), list your events, book something at a time, or find mail.";
}

/** It cannot change, move or cancel events: say so, and what it can do instead. */
export function changeEventReply(lang: Lang): string {
  return lang === 'zh'
    ? '我不能修改、移动或取消日程，什么都没有改动。我可以列出某天的安排（例如“周五有什么安排”），或在某个时间预订新的活动。'
    : "I can't change, move or cancel events, so nothing was changed. I can list a day's events (\"what's on Friday?\") or book a new one at a time.";
}

/** One event at a time: a repeating one is not booked as a single event. */
export function bookRepeatReply(lang: Lang): string {
  return lang === 'zh'
    ? '我只能一次预订一个活动，不能设置重复的日程，所以什么都没有预订。可以试试“周一早上7点健身”。'
    : 'I can only book one event at a time, not a repeating one, so I booked nothing. Try "book gym Monday at 7am".';
}

/** "12/5" could be either day: ask for the month by name. */
export function unclearDateReply(lang: Lang): string {
  return lang === 'zh'
    ? '请用“12月5日”或“周五”这样的写法告诉我日期（12/5 可能是两个不同的日子），这条消息我什么都没有做。'
    : 'Which day is that? Write the month as a word ("5 Dec" or "Dec 12") or a weekday: 12/5 could be either. I did nothing with this message.';
}

export function thanksReply(lang: Lang): string {
  return lang === 'zh' ? '不客气。' : "You're welcome.";
}

/** A booking for a time already gone today: nothing is proposed in the past. */
export function bookPastReply(lang: Lang, time: string): string {
  return lang === 'zh'
    ? `今天 ${time} 已经过了，我没有预订任何东西。请告诉我另一个日期或时间，例如“明天 ${time}”。`
    : `${time} today has already passed, so I booked nothing. Tell me another day or time, e.g. "tomorrow at ${time}".`;
}

export function helpReply(lang: Lang): string {
  return lang === 'zh'
    ? '这个助手目前没有接入语言模型，只能处理几类请求，例如：\n- 这周有什么安排\n- 周五下午有空吗\n- 明天12点和李明吃午饭\n- 找李明的邮件\n- 有未读邮件吗\n- 李明的电话\n- 提醒我6点给妈妈打电话\n- 李明回复了告诉我\n- 记住我喜欢10点以后开会\n改动日历前都会先等您回复“是”。'
    : "This assistant is running without its language model, so it handles a few requests. Try:\n- what's on this week?\n- am I free Friday afternoon?\n- book lunch with Sam tomorrow at 12\n- find mail from Sam\n- any unread mail?\n- what's Sam's number?\n- remind me to call mom at 6pm\n- tell me if Sam replies\n- remember I prefer meetings after 10\nAnything that changes your calendar waits for your YES.";
}

/**
 * Everything else: what it can do, that it did nothing, and who could make it understand more,
 * in words the person texting can use (only whoever runs the service can connect a model).
 */
export function unknownReply(lang: Lang): string {
  return lang === 'zh'
    ? '这个助手目前没有接入语言模型，只听得懂几类请求：某天、本周或某个时段有什么安排或是否有空，在某个时间预订活动，找某人的邮件，未读邮件，查联系人，提醒，有人回复时告诉您，记住您说的事。这条消息我什么都没有做。其他请求要等运行这项服务的人接入语言模型后才能处理。'
    : "This assistant is running without its language model, so it only understands a few requests: what's on (a day, part of a day, this week), whether you're free, booking something at a time, mail from someone, unread mail, finding a contact, reminders, telling you when someone replies, remembering what you tell it. I did nothing with this message. For anything else, whoever runs this service needs to connect a language model.";
}

export function needsTimeReply(lang: Lang): string {
  return lang === 'zh'
    ? '请告诉我哪天几点，例如“明天12点和李明吃午饭”。'
    : 'Tell me the day and time, e.g. "book lunch with Sam tomorrow at 12".';
}

/** "reply to him" with no mail in the recent tool record to reply to. */
export function noMailToReplyReply(lang: Lang): string {
  return lang === 'zh'
    ? '我不确定要回复哪封邮件。请先让我找一下，例如“找李明的邮件”。'
    : 'I’m not sure which mail to reply to. Ask me to find it first, e.g. "find mail from Sam".';
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
