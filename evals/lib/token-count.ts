import type {
  LanguageModelV3,
  LanguageModelV3CallOptions,
  LanguageModelV3Content,
  LanguageModelV3Middleware,
  LanguageModelV3StreamPart,
} from '@ai-sdk/provider';
import { wrapLanguageModel } from 'ai';
import { getEncoding, type Tiktoken } from 'js-tiktoken';

/**
 * Tokens as a real provider would be sent and would answer them (issue 30), counted with the
 * o200k_base encoding (OpenAI's GPT-4o family; close enough for others) on every model call:
 * input is the system prompt, the messages, the tool calls and results in them, and each offered
 * tool's name, description and JSON schema; output is the text and each tool call's JSON.
 * A provider's own framing (a few tokens a message) is not counted.
 */
export interface TokenTally {
  input: number;
  output: number;
  calls: number;
}

let encoding: Tiktoken | null = null;
export function countTokens(text: string): number {
  encoding ??= getEncoding('o200k_base');
  return encoding.encode(text).length;
}

/** The text of everything one call sends. */
export function sentText(options: LanguageModelV3CallOptions): string {
  const parts: string[] = [];
  for (const message of options.prompt) {
    if (typeof message.content === 'string') {
      parts.push(message.content);
      continue;
    }
    for (const part of message.content) {
      if (part.type === 'text' || part.type === 'reasoning') parts.push(part.text);
      else if (part.type === 'tool-call')
        parts.push(
          `${part.toolName} ${typeof part.input === 'string' ? part.input : JSON.stringify(part.input)}`,
        );
      else if (part.type === 'tool-result') parts.push(JSON.stringify(part.output));
    }
  }
  for (const tool of options.tools ?? [])
    if (tool.type === 'function')
      parts.push(`${tool.name} ${tool.description ?? ''} ${JSON.stringify(tool.inputSchema)}`);
  return parts.join('\n');
}

/** The text of what one call answered. */
export function answerText(content: LanguageModelV3Content[]): string {
  return content
    .map((part) =>
      part.type === 'text' ? part.text : part.type === 'tool-call' ? `${part.toolName} ${part.input}` : '',
    )
    .join('\n');
}

function counting(tally: TokenTally): LanguageModelV3Middleware {
  return {
    specificationVersion: 'v3',
    wrapGenerate: async ({ doGenerate, params }) => {
      tally.calls += 1;
      tally.input += countTokens(sentText(params));
      const result = await doGenerate();
      tally.output += countTokens(answerText(result.content));
      return result;
    },
    wrapStream: async ({ doStream, params }) => {
      tally.calls += 1;
      tally.input += countTokens(sentText(params));
      const result = await doStream();
      let said = '';
      const stream = result.stream.pipeThrough(
        new TransformStream<LanguageModelV3StreamPart, LanguageModelV3StreamPart>({
          transform(part, controller) {
            if (part.type === 'text-delta') said += part.delta;
            if (part.type === 'tool-call') said += `\n${part.toolName} ${part.input}`;
            controller.enqueue(part);
          },
          flush() {
            tally.output += countTokens(said);
          },
        }),
      );
      return { ...result, stream };
    },
  };
}

/** The model, counting into `tally` what each of its calls sends and answers. */
export function countingModel(model: LanguageModelV3, tally: TokenTally): LanguageModelV3 {
  return wrapLanguageModel({ model, middleware: counting(tally) }) as LanguageModelV3;
}
