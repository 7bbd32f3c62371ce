/**
 * Which tools a model step is offered (issue 30): every offered tool's schema and description is
 * sent on every step, so a step is offered only the groups of tools the turn can use. A group is
 * a tool-name prefix (`calendar_`, `mail_`, ...); the groups come from the person's own texts
 * (English and Chinese words) and from the tools the turn has already called. A text that names
 * no group is offered every tool (the safe fallback), and a tool whose prefix is no known group
 * is always offered, since nothing here can tell when it is wanted.
 */
export const TOOL_GROUPS = [
  'calendar',
  'mail',
  'contacts',
  'settings',
  'reminder',
  'followup',
  'memory',
  'schedule',
] as const;
export type ToolGroup = (typeof TOOL_GROUPS)[number];

const DAY_WORDS =
  'today|tonight|tomorrow|yesterday|week|weekend|month|morning|afternoon|evening|monday|tuesday|wednesday|thursday|friday|saturday|sunday|mon|tue|wed|thu|fri|sat|sun';

/** The words that bring a group in. Broad on purpose: offering one group too many costs little. */
const WORDS: Record<ToolGroup, RegExp> = {
  calendar: new RegExp(
    `\\b(?:calendar|events?|meetings?|meet|book|schedule[ds]?|appointments?|free|busy|available|agenda|plans?|lunch|dinner|breakfast|coffee|call|move|reschedule|cancel|delete|postpone|invite|${DAY_WORDS}|\\d{1,2}(?::\\d{2})?\\s*(?:am|pm))\\b|日历|日程|安排|会议|开会|会|约|订|预约|预定|空|忙|今天|明天|后天|昨天|周|星期|礼拜|上午|下午|晚上|早上|中午|点|改|取消|删|推迟|午饭|晚饭|早饭|咖啡|见面`,
    'i',
  ),
  mail: /\b(?:e-?mails?|mails?|inbox|wr[io]te|write|written|writing|repl(?:y|ied|ies)|respond|answer|send|sent|draft|forward|messages?d?|thread|unread|subject)\b|邮件|邮箱|电邮|回复|回信|回他|回她|发信|写信|写了|草稿|转发|未读|来信/i,
  contacts:
    /\b(?:contacts?|numbers?|phone|e-?mail address|address|who is)\b|'s\s+(?:number|email)|联系人|电话|号码|手机|通讯录|地址/i,
  settings:
    /\b(?:time ?zone|timezone|language|settings?|chinese|english|i(?:'m| am) (?:now )?(?:in|living in)|moved to)\b|时区|语言|设置|中文|英文|我(?:现在)?在/i,
  reminder:
    /\b(?:remind(?:er|ers)?|routines?|every\s+(?:day|weekday|workday|morning|evening|night|week|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|daily|weekly)\b|(?:cancel|delete|stop|remove|move)\s+the\s+[\w\s-]{1,30}?\s+one\b|提醒|闹钟|每天|每周|每晚|每早|取消.{1,12}那个|每个?工作日|每个?(?:星期|礼拜)/i,
  followup:
    /\b(?:follow[\s-]?ups?|chase|nudge|hear back|(?:tell|let) me know (?:if|when|once)|tell me (?:if|when|once)|(?:no|hasn't|doesn't|don't|didn't)\s+(?:repl|answer|respond))\w*|跟进|催|没回|不回|回复了吗|回了告诉我|回复了告诉我|回信了告诉我/i,
  // "find 30 minutes with Priya", "set up a call with Sam before Friday", "找个时间和Priya开会",
  // "下周和王芳约30分钟"; not "remind me in 10 minutes" (a reminder).
  schedule:
    /\b(?:find (?:a )?(?:time|slot|\d+ ?min(?:ute)?s?)|set up|meet with|a time with|time to meet)\b|找个?时间|约个?时间|约\s*\d+\s*分钟|开\s*\d+\s*分钟/i,
  // "call me Bob", "my wife is Mei", "I'm vegetarian", "I prefer ...": the person telling about themselves.
  memory:
    /\b(?:remember|forget|memor(?:y|ies)|what do you know|call me|i(?:'m| am)|i prefer|my (?:wife|husband|partner|boss|name|birthday|son|daughter|mom|mum|dad|mother|father))\b|记住|记得|忘掉|忘记|记忆|别忘|叫我|我(?:老婆|老公|妻子|丈夫|太太|先生|的名字|生日)|我吃素|我喜欢|我是/i,
};

/**
 * Groups that come along: a booking or a mail names people (their contact gives the address),
 * and a follow-up is about a mail.
 */
const WITH: Partial<Record<ToolGroup, ToolGroup[]>> = {
  calendar: ['contacts'],
  mail: ['contacts'],
  // "remind me the day before the dentist", "tell me my first meeting": the calendar is read.
  reminder: ['calendar'],
  followup: ['mail'],
  // Finding a time with someone names them (their contact) and reads the calendar.
  schedule: ['contacts', 'calendar'],
};

export function groupOf(toolName: string): string {
  const at = toolName.indexOf('_');
  return at === -1 ? toolName : toolName.slice(0, at);
}

const isKnownGroup = (group: string): group is ToolGroup =>
  (TOOL_GROUPS as readonly string[]).includes(group);

/** The groups the person's texts name. */
export function groupsInTexts(texts: string[]): Set<ToolGroup> {
  const groups = new Set<ToolGroup>();
  for (const text of texts) for (const group of TOOL_GROUPS) if (WORDS[group].test(text)) groups.add(group);
  for (const group of [...groups]) for (const extra of WITH[group] ?? []) groups.add(extra);
  return groups;
}

/**
 * The tools offered: the named groups, the groups of tools already called this turn, and any
 * tool of an unknown group; every tool when the texts name no group.
 */
export function activeTools<N extends string>(
  all: readonly N[],
  texts: string[],
  called: string[] = [],
): N[] {
  const groups = groupsInTexts(texts);
  if (groups.size === 0) return [...all];
  const used = new Set(called.map(groupOf));
  return all.filter((name) => {
    const group = groupOf(name);
    return !isKnownGroup(group) || groups.has(group) || used.has(group);
  });
}
