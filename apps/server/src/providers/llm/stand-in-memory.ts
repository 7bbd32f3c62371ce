import { z } from 'zod';
import type { Lang } from './stand-in-replies';
import type { ToolValue } from './stand-in-results';

/**
 * What the local stand-in model understands about memory (issue 30, part 5), in English and
 * Chinese: a fact the person tells it about themselves, "what do you remember about me?", and
 * "forget that". Read only from the person's latest message, like every other request; what it
 * saves is the person's own words, which memory_save then finds grounded in their text.
 */
export type MemoryIntent =
  | { kind: 'memory-save'; fact: string }
  | { kind: 'memory-list' }
  /** `about`: words of the memory to forget; null: the one saved last ("forget that"). */
  | { kind: 'memory-forget'; about: string | null };

const RELATIONS_EN =
  'wife|husband|partner|boss|manager|son|daughter|mom|mum|dad|mother|father|sister|brother|assistant|doctor|dentist';
const RELATIONS_ZH =
  '老婆|妻子|太太|老公|丈夫|先生|老板|上司|妈妈|爸爸|母亲|父亲|儿子|女儿|哥哥|姐姐|弟弟|妹妹|医生';
const ZH_ASKING = /什么|啥|吗|呢|谁|哪|几/;

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function save(text: string): MemoryIntent | null {
  const remember = /^(?:please\s+)?remember(?:\s+that)?[\s:,]+(.+)$/i.exec(text);
  if (remember) return { kind: 'memory-save', fact: capitalised(remember[1]!.trim()) };
  if (new RegExp(`^my\\s+(?:${RELATIONS_EN})(?:['’]s\\s+\\w+)?\\s+is\\s+\\S`, 'i').test(text))
    return { kind: 'memory-save', fact: capitalised(text) };
  if (
    /^call me\s+(?!(?:at|in|on|back|later|tomorrow|today|tonight|when|after|before)\b)[\p{L}][\p{L}'’-]*$/iu.test(
      text,
    )
  )
    return { kind: 'memory-save', fact: capitalised(text) };
  if (
    /^i(?:['’]m| am)\s+(?:a\s+|an\s+)?(?:vegetarian|vegan|pescatarian|gluten[- ]free|lactose intolerant|left[- ]handed|allergic to\s+.+)$/i.test(
      text,
    )
  )
    return { kind: 'memory-save', fact: capitalised(text) };
  if (
    /^i (?:prefer|like|love|hate|don['’]t eat|do not eat|never eat)\s+\S/i.test(text) &&
    !text.includes('?')
  )
    return { kind: 'memory-save', fact: capitalised(text) };
  const zh = /^(?:请)?(?:帮我)?记住[：:，,\s]*(.+)$/.exec(text);
  if (zh) return { kind: 'memory-save', fact: zh[1]!.trim() };
  if (ZH_ASKING.test(text)) return null;
  if (new RegExp(`^我的?(?:${RELATIONS_ZH})(?:的\\S{1,4})?是\\S`).test(text))
    return { kind: 'memory-save', fact: text };
  if (/^叫我\S{1,20}$/.test(text)) return { kind: 'memory-save', fact: text };
  if (/^我(?:吃素|是素食者|不吃肉|不吃辣|对\S{1,10}过敏)$/.test(text))
    return { kind: 'memory-save', fact: text };
  if (/^我(?:喜欢|更喜欢|偏好|不喜欢)\S/.test(text)) return { kind: 'memory-save', fact: text };
  return null;
}

function list(text: string): MemoryIntent | null {
  const en =
    /\bwhat (?:do|did) you (?:remember|know) about me\b|\bwhat do you remember\b|\bwhat have you remembered\b/i;
  const zh = /你(?:都)?记得(?:关于)?我(?:的)?什么|你记住了(?:我)?什么|你都记得什么|你对我了解什么/;
  return en.test(text) || zh.test(text) ? { kind: 'memory-list' } : null;
}

function forget(text: string): MemoryIntent | null {
  if (/^(?:please\s+)?forget\s+(?:that|it|this|the last (?:one|thing))$/i.test(text))
    return { kind: 'memory-forget', about: null };
  if (/^(?:请)?(?:忘掉|忘了|忘记|删掉|删除)(?:那个|这个|它|刚才那个|刚才的|刚才那条)$/.test(text))
    return { kind: 'memory-forget', about: null };
  const en = /^(?:please\s+)?forget\s+(?:about\s+)?(?:my\s+)?(.+)$/i.exec(text);
  if (en) return { kind: 'memory-forget', about: en[1]!.replace(/['’]s\b.*$/, '').trim() };
  const zh = /^(?:请)?(?:忘掉|忘记|删掉)(?:我的?)?(.+)$/.exec(text);
  if (zh) return { kind: 'memory-forget', about: zh[1]!.replace(/的\S*$/, '').trim() };
  return null;
}

/** A memory request in the person's message, or null (then the other requests are read). */
export function memoryIntent(text: string): MemoryIntent | null {
  return list(text) ?? forget(text) ?? save(text);
}

const ZSaved = z.object({ saved: z.object({ text: z.string() }) });
const ZMemories = z.object({
  total: z.number().int().optional(),
  memories: z.array(z.object({ memory: z.string() })),
});
const ZForgotten = z.object({ forgotten: z.object({ memory: z.string() }) });

/** At most this many memories are listed in a text; all of them are on the Assistant screen. */
const MAX_LISTED = 8;

export function savedReply(lang: Lang, output: ToolValue): string {
  if (output.ok) {
    const saved = ZSaved.safeParse(output.value);
    if (saved.success)
      return lang === 'zh'
        ? `好的，我记住了：${saved.data.saved.text}`
        : `Got it, I'll remember: ${saved.data.saved.text}`;
  }
  if (!output.ok && output.code === 'memory_full')
    return lang === 'zh'
      ? '我记住的事情已经满了（100 条）：请先让我忘掉一条，或在助手页面删除。'
      : "I can't remember more than 100 things: have me forget one first, or delete one on the Assistant screen.";
  return lang === 'zh' ? '这条我没有记住。' : "I didn't save that.";
}

export function listReply(lang: Lang, output: ToolValue): string {
  const found = output.ok ? ZMemories.safeParse(output.value) : null;
  if (!found?.success)
    return lang === 'zh' ? '我现在读不到我记住的内容。' : "I can't read what I remember right now.";
  const memories = found.data.memories.map((m) => m.memory);
  if (memories.length === 0)
    return lang === 'zh'
      ? '我还没有记住关于您的任何事。可以告诉我，例如“记住我喜欢10点以后开会”。'
      : 'I don\'t remember anything about you yet. Tell me, e.g. "remember I prefer meetings after 10".';
  const lines = memories.slice(0, MAX_LISTED).map((m) => `- ${m}`);
  const more = (found.data.total ?? memories.length) - Math.min(memories.length, MAX_LISTED);
  const rest =
    more > 0
      ? [
          lang === 'zh'
            ? `…还有 ${more} 条，都在助手页面上`
            : `…and ${more} more, all on the Assistant screen`,
        ]
      : [];
  return [lang === 'zh' ? '我记得：' : 'I remember:', ...lines, ...rest].join('\n');
}

export function forgotReply(lang: Lang, output: ToolValue): string {
  const forgotten = output.ok ? ZForgotten.safeParse(output.value) : null;
  if (forgotten?.success)
    return lang === 'zh'
      ? `已忘掉：“${forgotten.data.forgotten.memory}”`
      : `Forgotten: "${forgotten.data.forgotten.memory}"`;
  if (!output.ok && output.code === 'ambiguous')
    return lang === 'zh'
      ? '有几条都符合：请说得更具体些，或在助手页面删除。'
      : 'Several memories match: say which one, or delete it on the Assistant screen.';
  return lang === 'zh' ? '没有可以忘掉的那条记忆。' : 'There was no such memory to forget.';
}
