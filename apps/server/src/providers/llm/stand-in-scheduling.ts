/**
 * The stand-in's reading of a reply to a scheduling mail (issue 32, decision 553): deterministic,
 * in English and Chinese, so the loop runs offline and tests can rely on it. The real model gets
 * the same prompt and the same one tool (`SCHEDULING_ANSWER_TOOL`); code checks either's answer.
 */

/** The one tool the reply's classification is offered; its input is the fixed schema. */
export const SCHEDULING_ANSWER_TOOL = 'scheduling_answer';
/** Lines of the classification prompt the stand-in reads: `Slot 2: Tuesday 10:00` and the reply between the tags. */
export const SLOT_LINE =
  /^Slot (\d+): (Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday) (\d{2}):(\d{2})/gm;
export const REPLY_OPEN = '<reply>';
export const REPLY_CLOSE = '</reply>';

export type ReplyAnswer =
  | { kind: 'picked'; slot: number; extra: string | null }
  | { kind: 'other_time'; when: string; extra: string | null }
  | { kind: 'declined'; extra: string | null }
  | { kind: 'unclear'; extra: string | null };

interface SlotAt {
  n: number;
  weekday: number;
  minutes: number;
}

const WEEKDAYS_EN = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const WEEKDAYS_SHORT = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const ZH_DIGITS: Record<string, number> = {
  一: 1,
  二: 2,
  两: 2,
  三: 3,
  四: 4,
  五: 5,
  六: 6,
  日: 7,
  天: 7,
  七: 7,
};
/** The schema's highest slot number: code, not the stand-in, says whether it was offered. */
const MAX_SLOT = 10;
const ORDINALS_EN = ['first', 'second', 'third', 'fourth', 'fifth'];

/** Reads the prompt the classification sends (classify-reply.ts) and answers as the tool's input. */
export function standInSchedulingAnswer(prompt: string): ReplyAnswer {
  const start = prompt.lastIndexOf(REPLY_OPEN);
  const end = prompt.lastIndexOf(REPLY_CLOSE);
  // Only the lines before the reply offer slots: a reply that writes "Slot 4: …" offers nothing.
  const slots: SlotAt[] = [...(start >= 0 ? prompt.slice(0, start) : prompt).matchAll(SLOT_LINE)].map(
    (m) => ({
      n: Number(m[1]),
      weekday: WEEKDAYS_EN.indexOf(m[2]!.toLowerCase()) + 1,
      minutes: Number(m[3]) * 60 + Number(m[4]),
    }),
  );
  const reply = start >= 0 && end > start ? prompt.slice(start + REPLY_OPEN.length, end) : '';
  return classify(firstParagraph(reply), slots);
}

/** The reply's own words: quoted history ("On … wrote:", "> …") is not theirs. */
function firstParagraph(reply: string): string {
  const lines: string[] = [];
  for (const line of reply.split('\n')) {
    if (/^\s*>/.test(line) || /^On .+wrote:\s*$/.test(line) || /^在.+写道[:：]\s*$/.test(line)) break;
    lines.push(line);
  }
  return lines.join(' ').trim();
}

function classify(text: string, slots: SlotAt[]): ReplyAnswer {
  const lower = text.toLowerCase();
  const extra = extraRequest(lower);
  if (!lower) return { kind: 'unclear', extra };
  if (
    /\b(can'?t|cannot|can not|won'?t be able|not able|unable|decline|not available|no longer)\b/.test(
      lower,
    ) ||
    /((?<!行)不行(?!吗)|没空|来不了|参加不了|去不了|不能参加|没时间)/.test(text)
  )
    return { kind: 'declined', extra };
  const picked = numberPicked(lower, text);
  const instead =
    /\b(instead|how about|what about|rather|can we do|could we do)\b/.test(lower) ||
    /(改到|换成|换到|能不能|可以改|行不行)/.test(text);
  if (picked !== null && picked >= 1 && picked <= MAX_SLOT && !instead)
    return { kind: 'picked', slot: picked, extra };
  const when = timeNamed(lower, text);
  if (when) {
    const matching = slots.filter(
      (slot) => slot.weekday === when.weekday && (when.minutes === null || slot.minutes === when.minutes),
    );
    if (!instead && matching.length === 1) return { kind: 'picked', slot: matching[0]!.n, extra };
    return { kind: 'other_time', when: when.words, extra };
  }
  return { kind: 'unclear', extra };
}

/** "2", "option 2", "#2", "slot 2", "the second one", "第二个", "第2个". */
function numberPicked(lower: string, text: string): number | null {
  const zh = /第\s*([一二三四五1-5])\s*(个|项|个时间|个时段)?/.exec(text);
  if (zh) return ZH_DIGITS[zh[1]!] ?? Number(zh[1]);
  const ordinal = ORDINALS_EN.findIndex((word) => new RegExp(`\\b${word}\\b`).test(lower));
  if (ordinal >= 0) return ordinal + 1;
  const labelled = /\b(?:option|slot|number|no\.?|#)\s*(\d)\b/.exec(lower) ?? /#(\d)\b/.exec(lower);
  if (labelled) return Number(labelled[1]);
  const bare = /^\s*(\d)(?![\d:]|\s*(?:am|pm|点|号|月))/.exec(lower);
  if (bare) return Number(bare[1]);
  return null;
}

/** A weekday and maybe a time of day the reply names ("Thursday 3pm", "周二", "周四下午3点"). */
function timeNamed(
  lower: string,
  text: string,
): { weekday: number; minutes: number | null; words: string } | null {
  let weekday = WEEKDAYS_EN.findIndex((day) => lower.includes(day)) + 1;
  if (!weekday) {
    const short = WEEKDAYS_SHORT.findIndex((day) => new RegExp(`\\b${day}\\b`).test(lower));
    weekday = short + 1;
  }
  const zh = /(?:周|星期|礼拜)([一二三四五六日天])/.exec(text);
  if (!weekday && zh) weekday = ZH_DIGITS[zh[1]!]!;
  if (!weekday) return null;
  let minutes: number | null = null;
  const clock = /\b(\d{1,2}):(\d{2})\b/.exec(lower);
  const ampm = /\b(\d{1,2})\s*(am|pm)\b/.exec(lower);
  const zhHour = /(上午|下午|晚上)?\s*(\d{1,2})\s*点(半)?/.exec(text);
  if (clock) minutes = Number(clock[1]) * 60 + Number(clock[2]);
  else if (ampm) minutes = ((Number(ampm[1]) % 12) + (ampm[2] === 'pm' ? 12 : 0)) * 60;
  else if (zhHour) {
    const hour =
      (Number(zhHour[2]) % 12) +
      (zhHour[1] === '下午' || zhHour[1] === '晚上' ? 12 : Number(zhHour[2]) === 12 ? 12 : 0);
    minutes = hour * 60 + (zhHour[3] ? 30 : 0);
  }
  const words = text.replace(/\s+/g, ' ').trim().slice(0, 120);
  return { weekday, minutes, words };
}

/** Anything the reply asks besides a time: more people, files, forwarding. Never acted on. */
function extraRequest(lower: string): string | null {
  const found =
    /\b(forward|send me|attach|share the|invite|add (?:\w+ )?to the|bring|cc)\b/.exec(lower) ??
    /(转发|发给我|发我|附件|邀请|加上|抄送|也叫上)/.exec(lower);
  return found ? lower.slice(Math.max(0, found.index - 20), found.index + 80).trim() : null;
}
