import { completion, fakeChatCompletions } from './chat-completions-fake';

/**
 * One answer of the scripted model: a text, tool calls (name and JSON arguments, with a text said
 * beside them), an error, or none.
 */
export type ScriptedTurn =
  | { text: string }
  | { tools: { name: string; arguments: string }[]; text?: string }
  | { status: number; body: string }
  | { hang: true };

/**
 * The chat-completions fake driven by a script: what a real model would say, or how a broken one
 * misbehaves (a tool that does not exist, malformed arguments, an error, no answer at all).
 */
export function scriptedLlm() {
  let script: ScriptedTurn[] = [];
  let fallback: ScriptedTurn = { text: 'OK.' };
  const fake = fakeChatCompletions((_request, index) => {
    const turn = script.shift() ?? fallback;
    if ('hang' in turn) return 'hang';
    if ('status' in turn) return { status: turn.status, raw: turn.body };
    if (!('tools' in turn))
      return { json: completion({ content: turn.text }, { prompt_tokens: 100, completion_tokens: 20 }) };
    return {
      json: completion(
        {
          content: turn.text ?? null,
          tool_calls: turn.tools.map((call, n) => ({ id: `call_${index}_${n}`, ...call })),
        },
        { prompt_tokens: 100, completion_tokens: 20 },
      ),
    };
  });
  return {
    /** Every request the model was sent. */
    requests: fake.seen,
    /** The next answers, in order; after them, `then`. */
    script(turns: ScriptedTurn[], then: ScriptedTurn = { text: 'OK.' }) {
      script = [...turns];
      fallback = then;
    },
    /** The base URL to give as LLM_BASE_URL (ends in /v1). */
    start: fake.start,
    stop: fake.stop,
  };
}
