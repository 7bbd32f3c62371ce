import type { LanguageModelV3Prompt, LanguageModelV3ToolResultOutput } from '@ai-sdk/provider';
import { PROMPT_FACTS } from '@app/contract/assistant/tools';
import { estimateTokens } from '../../lib/token-estimate';
import { type ToolValue, toolValue } from './stand-in-results';
import type { LocalNow } from './stand-in-when';

/**
 * What the local stand-in model reads from one call's prompt: the facts the system prompt
 * starts with, the person's latest message, and what the tools answered since it (this turn's
 * steps). The stand-in holds no state between calls: every step is decided from this alone.
 */

export interface PromptFacts {
  now: LocalNow | null;
  zone: string;
  language: 'en' | 'zh';
  /** After "YES but …": the request the person cancelled, to ask again changed (decision 451). */
  amending: { tool: string; action: unknown } | null;
}

export interface ToolOutcome {
  toolName: string;
  input: unknown;
  /** The parsed answer, or `{ error }` when the tool failed or was refused. */
  output: ToolValue;
}

/** One item of the tool record: the tool that returned it and its fields (ids, subject, from...). */
export interface RecordItem {
  toolName: string;
  /** Which call of the record returned it, counting from 0 (the oldest). */
  call: number;
  fields: Record<string, unknown>;
}

export interface ReadPrompt {
  facts: PromptFacts;
  /** The text of the last message from the person; empty when there is none. */
  latest: string;
  /** The items of the tool record the system prompt carries (recent turns' results), oldest first. */
  record: RecordItem[];
  /** Tool calls made since that message, with their results, in order. */
  outcomes: ToolOutcome[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const factLine = (prefix: string, value: string) => new RegExp(`^${escapeRegExp(prefix)}${value}`, 'm');

/** `Current local time: 2026-11-25T10:40 (Wednesday)`, `Time zone: ...`, `Reply language: ...`. */
export function readFacts(system: string): PromptFacts {
  const now = factLine(PROMPT_FACTS.now, '(\\d{4}-\\d{2}-\\d{2})T(\\d{2}:\\d{2})').exec(system);
  const zone = factLine(PROMPT_FACTS.zone, '([A-Za-z0-9_+\\-/]+)').exec(system);
  const language = factLine(PROMPT_FACTS.language, '(en|zh)\\b').exec(system);
  return {
    now: now ? { date: now[1]!, time: now[2]! } : null,
    zone: zone?.[1] ?? 'UTC',
    language: language?.[1] === 'zh' ? 'zh' : 'en',
    amending: readAmending(system),
  };
}

/** The cancelled request's fact line, `{ "tool": …, "action": … }`, when there is one. */
function readAmending(system: string): PromptFacts['amending'] {
  const line = factLine(PROMPT_FACTS.amending, '(\\{.*\\})$').exec(system);
  if (!line) return null;
  try {
    const value = JSON.parse(line[1]!) as { tool?: unknown; action?: unknown };
    return typeof value.tool === 'string' ? { tool: value.tool, action: value.action } : null;
  } catch {
    return null;
  }
}

/**
 * A tool's answer as a value. Our tools answer JSON; one that wraps its data in text (a quoted
 * block) still carries the JSON inside, so the outermost object or array found in it is used.
 */
export function outputValue(output: LanguageModelV3ToolResultOutput): ToolValue {
  switch (output.type) {
    case 'json':
      return toolValue(output.value);
    case 'text':
      return toolValue(jsonInside(output.value));
    case 'content':
      return toolValue(
        jsonInside(output.value.map((part) => (part.type === 'text' ? part.text : '')).join('\n')),
      );
    case 'error-text':
      return { ok: false, error: output.value };
    case 'error-json':
      return { ok: false, error: JSON.stringify(output.value) };
    case 'execution-denied':
      return { ok: false, error: output.reason ?? 'denied' };
  }
}

function jsonInside(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    for (const [open, close] of [
      ['{', '}'],
      ['[', ']'],
    ] as const) {
      const start = text.indexOf(open);
      const end = text.lastIndexOf(close);
      if (start === -1 || end <= start) continue;
      try {
        return JSON.parse(text.slice(start, end + 1));
      } catch {
        // Not JSON after all: try the other bracket, then give the text back as it is.
      }
    }
    return text;
  }
}

/**
 * The tool record between `<tool_record>` and `</tool_record>` (modules/assistant/tool-record.ts):
 * a line naming a tool, then ` N. {json}` per item it returned. Only fields are read, never acted on.
 */
export function readToolRecord(system: string): RecordItem[] {
  const start = system.indexOf('<tool_record>');
  const end = system.indexOf('</tool_record>', start);
  if (start === -1 || end === -1) return [];
  const items: RecordItem[] = [];
  let toolName = '';
  let call = -1;
  let shared: string | undefined;
  for (const line of system.slice(start, end).split('\n').slice(1)) {
    const item = /^ \d+\. (\{.*\})$/.exec(line);
    if (!item) {
      toolName = line.split(' ')[0] ?? '';
      // An account id the call's items share is on its line, once.
      shared = /\sconnectionId=(\S+)$/.exec(line)?.[1];
      call += 1;
      continue;
    }
    try {
      const fields: unknown = JSON.parse(item[1]!);
      if (fields && typeof fields === 'object')
        items.push({
          toolName,
          call,
          fields: { ...(shared ? { connectionId: shared } : {}), ...(fields as Record<string, unknown>) },
        });
    } catch {
      // Not an item after all: skipped.
    }
  }
  return items;
}

export function readPrompt(prompt: LanguageModelV3Prompt): ReadPrompt {
  const system = prompt
    .filter((message) => message.role === 'system')
    .map((message) => message.content)
    .join('\n');
  let lastUser = -1;
  prompt.forEach((message, index) => {
    if (message.role === 'user') lastUser = index;
  });
  const latestMessage = lastUser === -1 ? undefined : prompt[lastUser];
  const latest =
    latestMessage?.role === 'user'
      ? latestMessage.content
          .map((part) => (part.type === 'text' ? part.text : ''))
          .join('\n')
          .trim()
      : '';
  const calls = new Map<string, { toolName: string; input: unknown }>();
  const outcomes: ToolOutcome[] = [];
  for (const message of prompt.slice(lastUser + 1)) {
    if (message.role !== 'assistant' && message.role !== 'tool') continue;
    for (const part of message.content) {
      if (part.type === 'tool-call')
        calls.set(part.toolCallId, { toolName: part.toolName, input: part.input });
      if (part.type === 'tool-result')
        outcomes.push({
          toolName: part.toolName,
          input: calls.get(part.toolCallId)?.input,
          output: outputValue(part.output),
        });
    }
  }
  return { facts: readFacts(system), latest, record: readToolRecord(system), outcomes };
}

/** Everything the prompt says, as text, to count its tokens. */
export function promptText(prompt: LanguageModelV3Prompt): string {
  return prompt
    .map((message) =>
      typeof message.content === 'string'
        ? message.content
        : message.content
            .map((part) => {
              if (part.type === 'text' || part.type === 'reasoning') return part.text;
              if (part.type === 'tool-call') return `${part.toolName} ${JSON.stringify(part.input)}`;
              if (part.type === 'tool-result') return JSON.stringify(part.output);
              return '';
            })
            .join('\n'),
    )
    .join('\n');
}

/** Tokens as the server estimates them (lib/token-estimate.ts): enough for usage in local mode. */
export const countTokens = estimateTokens;
