import { z } from 'zod';
import type { ToolOutcome } from './stand-in-prompt';
import { findAll, type ToolValue } from './stand-in-results';
import { findDay, type LocalNow } from './stand-in-when';

/**
 * Follow-ups on mail for the local stand-in model (issue 30, part 4), in English and Chinese:
 * "tell me if Sam replies", "nudge me if Priya hasn't answered by Friday", "remind me to follow
 * up on the invoice mail in 3 days", "what follow-ups do I have?", "cancel the Sam follow-up".
 * Read from the person's latest text only; the thread is found by searching their mail.
 */
export type FollowUpIntent =
  | { kind: 'follow-up'; who: string | null; about: string | null; deadline: string | null }
  | { kind: 'follow-up-list' }
  | { kind: 'follow-up-cancel'; match: string | null };

const EN_REPLIED = '(?:replies|answers|responds|writes back|gets back(?: to me)?)';
const EN_NOT = "(?:hasn'?t|has not|doesn'?t|does not|didn'?t|did not|haven'?t)";
const EN_ANSWERED = '(?:answered|replied|responded|answer|reply|respond|written back|gotten back|got back)';
const ZH_REPLY = '(?:回复|回信|回邮件|回)';

/** A deadline the words name: a day ("by Friday", 周五前), or a span from now ("in 3 days", 3天后). */
function deadlineIn(text: string, now: LocalNow): string | null {
  const day = findDay(text, now);
  if (!day) return null;
  return /\bin\s|天|周|星期|礼拜/.test(day.words) && /后|\bin\s/.test(day.words)
    ? `${day.value}T${now.time}`
    : day.value;
}

/** The name without the day words and particles around it. */
function nameOf(raw: string, now: LocalNow): string | null {
  const day = findDay(raw, now);
  const name = (day ? raw.replace(day.words, ' ') : raw)
    .replace(/^(?:如果|要是|假如|等)\s*/, '')
    .replace(/(?:之前|以前|前|还|一直|by)\s*$/i, '')
    .replace(/\s+/g, ' ')
    .trim();
  return name && name.length <= 60 ? name : null;
}

export function detectFollowUp(text: string, now: LocalNow): FollowUpIntent | null {
  if (/\b(?:what|which|list|show|any)\b[^?]*\bfollow[- ]?ups?\b|\bwhat am i waiting (?:on|for)\b/i.test(text))
    return { kind: 'follow-up-list' };
  if (/(?:有哪些|有什么|查看|列出|看看)[^？?]*跟进|跟进[^？?]*(?:有哪些|列表|有什么)/.test(text))
    return { kind: 'follow-up-list' };
  const enCancel =
    /\b(?:cancel|stop|remove|delete|forget)\b\s+(?:the\s+)?(?:(.+?)\s+)?follow[- ]?up\b(?:\s+(?:on|with|for|about)\s+(.+))?/i.exec(
      text,
    );
  if (enCancel) return { kind: 'follow-up-cancel', match: cleanMatch(enCancel[2] ?? enCancel[1]) };
  const zhCancel = /(?:取消|删除|不用)(.*?)(?:的)?跟进/.exec(text);
  if (zhCancel) return { kind: 'follow-up-cancel', match: cleanMatch(zhCancel[1]) };

  const enReplies = new RegExp(
    `\\b(?:tell|let|notify|ping|text|alert)\\s+me\\s+(?:know\\s+)?(?:if|when|once|as soon as)\\s+(.+?)\\s+${EN_REPLIED}\\b`,
    'i',
  ).exec(text);
  if (enReplies) return { kind: 'follow-up', who: nameOf(enReplies[1]!, now), about: null, deadline: null };
  const enNudge = new RegExp(
    `\\b(?:nudge|remind|ping|tell|text)\\s+me\\s+(?:if|when)\\s+(.+?)\\s+${EN_NOT}\\s+(?:yet\\s+)?${EN_ANSWERED}\\b(.*)`,
    'i',
  ).exec(text);
  if (enNudge)
    return {
      kind: 'follow-up',
      who: nameOf(enNudge[1]!, now),
      about: null,
      deadline: deadlineIn(enNudge[2]!, now),
    };
  const enLater =
    /\bremind me to follow[- ]?up (?:on|with|about)\s+(?:the\s+|my\s+)?(.+?)(?:\s+(?:mail|email|thread|message))?(?:\s+(in\s+.+|tomorrow.*|on\s+.+|by\s+.+|next\s+.+))?$/i.exec(
      text,
    );
  if (enLater) {
    const about = enLater[1]!.trim();
    const person = /^(?:with\s+)?([A-Z][\w'-]+)$/.test(about);
    return {
      kind: 'follow-up',
      who: person ? about : null,
      about: person ? null : about,
      deadline: deadlineIn(enLater[2] ?? text, now),
    };
  }
  const zhLater = /提醒我跟进(.+?)(?:那封|这封|的)?(?:邮件|信|那个)/.exec(text);
  if (zhLater)
    return { kind: 'follow-up', who: null, about: zhLater[1]!.trim(), deadline: deadlineIn(text, now) };
  const zhNudge = new RegExp(
    `^(?:如果|要是|假如)?(.+?)(?:还)?(?:没有|没)${ZH_REPLY}.*?(?:提醒|告诉|通知)我`,
  ).exec(text);
  if (zhNudge)
    return { kind: 'follow-up', who: nameOf(zhNudge[1]!, now), about: null, deadline: deadlineIn(text, now) };
  const zhReplies =
    new RegExp(
      `^(?:如果|要是|假如|等)?(.+?)${ZH_REPLY}(?:了)?(?:的话)?(?:就|请)?(?:马上)?(?:告诉|通知|提醒)我`,
    ).exec(text) ?? new RegExp(`(?:告诉|通知)我(.+?)(?:有没有|是否)?${ZH_REPLY}`).exec(text);
  if (zhReplies) return { kind: 'follow-up', who: nameOf(zhReplies[1]!, now), about: null, deadline: null };
  return null;
}

function cleanMatch(raw: string | undefined): string | null {
  const word = raw
    ?.replace(/^(?:the|my|on|with|for|about|对|和|跟)\s*/i, '')
    .replace(/['’]s$/, '')
    .trim();
  return word ? word : null;
}

const ZThreadFound = z.object({
  id: z.string(),
  threadId: z.string(),
  connectionId: z.string(),
  subject: z.string(),
});
const ZWatch = z.object({
  id: z.string(),
  waitingFor: z.string().nullable(),
  subject: z.string(),
  deadline: z.string().nullable(),
});
type Watch = z.infer<typeof ZWatch>;

export type FollowUpStep =
  | {
      type: 'call';
      toolName: 'mail_search' | 'followup_create' | 'followup_list' | 'followup_cancel';
      input: Record<string, unknown>;
    }
  | { type: 'text'; text: string };

type Lang = 'en' | 'zh';
const say = (text: string): FollowUpStep => ({ type: 'text', text });

/** The next step of a follow-up request, from the outcomes of this turn's tools. */
export function decideFollowUp(
  intent: FollowUpIntent,
  outcomes: ToolOutcome[],
  lang: Lang,
  failed: (value: Extract<ToolValue, { ok: false }>) => string,
): FollowUpStep {
  const last = (name: string) => outcomes.filter((o) => o.toolName === name).at(-1)?.output;
  if (intent.kind === 'follow-up-list') {
    const listed = last('followup_list');
    if (!listed) return { type: 'call', toolName: 'followup_list', input: {} };
    if (!listed.ok) return say(failed(listed));
    return say(listReply(lang, findAll(listed.value, ZWatch)));
  }
  if (intent.kind === 'follow-up-cancel') {
    const cancelled = last('followup_cancel');
    if (!cancelled)
      return {
        type: 'call',
        toolName: 'followup_cancel',
        input: intent.match ? { match: intent.match } : {},
      };
    if (!cancelled.ok)
      return say(cancelled.code === 'ambiguous' ? whichReply(lang) : noneToCancelReply(lang));
    const [watch] = findAll(cancelled.value, ZWatch);
    return say(cancelledReply(lang, watch));
  }
  const searched = last('mail_search');
  if (!searched) {
    const input = intent.who ? { from: intent.who, limit: 5 } : { query: intent.about ?? '', limit: 5 };
    return { type: 'call', toolName: 'mail_search', input };
  }
  if (!searched.ok) return say(failed(searched));
  const created = last('followup_create');
  if (!created) {
    const [mail] = findAll(searched.value, ZThreadFound);
    if (!mail) return say(noThreadReply(lang, intent.who ?? intent.about ?? ''));
    return {
      type: 'call',
      toolName: 'followup_create',
      input: {
        connectionId: mail.connectionId,
        threadId: mail.threadId,
        ...(intent.who ? { from: intent.who } : {}),
        ...(intent.deadline ? { deadline: intent.deadline } : {}),
      },
    };
  }
  if (!created.ok) return say(failed(created));
  const [watch] = findAll(created.value, ZWatch);
  return say(watch ? setReply(lang, watch) : failed({ ok: false, error: 'unreadable' }));
}

const who = (watch: Watch) => watch.waitingFor ?? '?';
const time = (value: string) => value.replace('T', ' ');

function setReply(lang: Lang, watch: Watch): string {
  if (lang === 'zh')
    return watch.deadline
      ? `好的：如果${who(watch)}在 ${time(watch.deadline)} 前没有回复“${watch.subject}”，我会提醒您；回复了也会告诉您。`
      : `好的：${who(watch)}回复“${watch.subject}”时我会告诉您。`;
  return watch.deadline
    ? `OK: I'll tell you when ${who(watch)} replies to "${watch.subject}", and nudge you if there's no reply by ${time(watch.deadline)}.`
    : `OK: I'll tell you when ${who(watch)} replies to "${watch.subject}".`;
}

function lines(lang: Lang, watches: Watch[]): string {
  return watches
    .map((w) =>
      lang === 'zh'
        ? `- ${who(w)}：“${w.subject}”${w.deadline ? `（${time(w.deadline)} 前）` : ''}`
        : `- ${who(w)}: "${w.subject}"${w.deadline ? ` (by ${time(w.deadline)})` : ''}`,
    )
    .join('\n');
}

function listReply(lang: Lang, watches: Watch[]): string {
  if (watches.length === 0)
    return lang === 'zh' ? '您没有正在等待回复的跟进。' : 'You have no follow-ups waiting.';
  return `${lang === 'zh' ? '正在等待回复：' : 'Waiting for replies:'}\n${lines(lang, watches)}`;
}

function cancelledReply(lang: Lang, watch: Watch | undefined): string {
  if (!watch) return lang === 'zh' ? '已取消。' : 'Cancelled.';
  return lang === 'zh'
    ? `已取消：不再等待${who(watch)}回复“${watch.subject}”。`
    : `Cancelled: I'll stop waiting for ${who(watch)} on "${watch.subject}".`;
}

function whichReply(lang: Lang): string {
  return lang === 'zh'
    ? '有几个跟进都符合，什么都没有取消。请说明是哪一个（发“有哪些跟进”查看）。'
    : 'Several follow-ups match, so nothing was cancelled. Say which ("what follow-ups do I have?").';
}

function noneToCancelReply(lang: Lang): string {
  return lang === 'zh'
    ? '没有找到这个跟进，什么都没有取消。'
    : 'No such follow-up, so nothing was cancelled.';
}

function noThreadReply(lang: Lang, name: string): string {
  return lang === 'zh'
    ? `没有找到与“${name}”有关的邮件，所以没有设置跟进。`
    : `I found no mail with "${name}", so no follow-up was set.`;
}
