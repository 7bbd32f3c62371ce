import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One answer of the scripted model: a text, or tool calls (name and JSON arguments). */
export type ScriptedTurn =
  | { text: string }
  | { tools: { name: string; arguments: string }[] }
  | { status: number; body: string }
  | { hang: true };

/**
 * A loopback server speaking OpenAI's chat-completions protocol, answering from a script: what a
 * real model would say, or how a broken one misbehaves (a tool that does not exist, malformed
 * arguments, an error, no answer at all). Records every request it was sent.
 */
export function scriptedLlm() {
  const requests: { body: Record<string, unknown>; authorization: string | undefined }[] = [];
  let script: ScriptedTurn[] = [];
  let fallback: ScriptedTurn = { text: 'OK.' };
  let calls = 0;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      requests.push({ body: JSON.parse(raw || '{}'), authorization: req.headers.authorization });
      const turn = script.shift() ?? fallback;
      calls += 1;
      if ('hang' in turn) return;
      if ('status' in turn) {
        res.writeHead(turn.status, { 'content-type': 'application/json' }).end(turn.body);
        return;
      }
      const message =
        'text' in turn
          ? { role: 'assistant', content: turn.text }
          : {
              role: 'assistant',
              content: null,
              tool_calls: turn.tools.map((call, index) => ({
                id: `call_${calls}_${index}`,
                type: 'function',
                function: { name: call.name, arguments: call.arguments },
              })),
            };
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: `chatcmpl-${calls}`,
          object: 'chat.completion',
          created: 1_700_000_000,
          model: 'scripted',
          choices: [{ index: 0, message, finish_reason: 'text' in turn ? 'stop' : 'tool_calls' }],
          usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 },
        }),
      );
    });
  });
  return {
    requests,
    /** The next answers, in order; after them, `fallback`. */
    script(turns: ScriptedTurn[], then: ScriptedTurn = { text: 'OK.' }) {
      script = [...turns];
      fallback = then;
    },
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
