import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback server speaking OpenAI's chat-completions protocol (`POST .../chat/completions`),
 * the way vLLM, llama.cpp's server and Ollama do. Each request is recorded; `answer` scripts
 * the reply: a JSON body, raw text (malformed JSON), a status, or `hang` to never answer.
 */
export interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export type FakeAnswer =
  | { status?: number; json: unknown }
  | { status?: number; raw: string; contentType?: string }
  | 'hang';

export function fakeChatCompletions(answer: (request: SeenRequest, index: number) => FakeAnswer) {
  const seen: SeenRequest[] = [];
  const hanging = new Set<() => void>();
  let server: Server | undefined;
  return {
    seen,
    async start(): Promise<string> {
      server = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const request: SeenRequest = {
            method: req.method ?? '',
            url: req.url ?? '',
            headers: req.headers,
            body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
          };
          seen.push(request);
          const reply = answer(request, seen.length - 1);
          if (reply === 'hang') {
            // Held open until the client gives up (or the fake stops).
            const end = () => res.destroy();
            hanging.add(end);
            res.on('close', () => hanging.delete(end));
            return;
          }
          if ('json' in reply) {
            res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
            res.end(JSON.stringify(reply.json));
          } else {
            res.writeHead(reply.status ?? 200, { 'content-type': reply.contentType ?? 'application/json' });
            res.end(reply.raw);
          }
        });
      });
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server!.address() as AddressInfo).port}/v1`;
    },
    async stop(): Promise<void> {
      for (const end of hanging) end();
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    },
  };
}

/** A chat.completion answer with a message: text, tool calls, or both. */
export function completion(
  message: { content?: string | null; tool_calls?: { id: string; name: string; arguments: string }[] },
  usage = { prompt_tokens: 40, completion_tokens: 8 },
) {
  const toolCalls = message.tool_calls?.map((call) => ({
    id: call.id,
    type: 'function',
    function: { name: call.name, arguments: call.arguments },
  }));
  return {
    id: 'chatcmpl-fake',
    object: 'chat.completion',
    created: 1_764_000_000,
    model: 'fake-model',
    choices: [
      {
        index: 0,
        message: {
          role: 'assistant',
          content: message.content ?? null,
          ...(toolCalls ? { tool_calls: toolCalls } : {}),
        },
        finish_reason: toolCalls ? 'tool_calls' : 'stop',
      },
    ],
    usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
  };
}
