import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { completion } from './chat-completions-fake';

/** One request the model was sent, and when it was busy with it. */
export interface ModelCall {
  /** Whose conversation it was, as `personOf` read it from the messages; null when unknown. */
  person: string | null;
  /** The person's latest text in the request. */
  lastUserText: string;
  /** Who spoke last in the conversation sent: the person, for a turn that answers them. */
  lastRole: string;
  /** When the whole request had arrived, and when the answer was written (Date.now()). */
  startedAt: number;
  endedAt: number;
}

type ChatMessage = { role: string; content: unknown };

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content))
    return content
      .map((part) => (part && typeof part === 'object' && 'text' in part ? String(part.text) : ''))
      .join('');
  return '';
}

/**
 * A loopback OpenAI-compatible model that answers every request with a short text after a
 * delay, as a busy real model would (chat-completions-fake.ts answers at once, so this is a
 * server of its own), and records whose conversation each request was and when
 * it was in flight: two calls of one person that overlap are two runs of theirs at once. The
 * reply names the text it answers and the call, so no two replies are the same.
 */
export function turnModel(options: {
  delayMs: () => number;
  personOf: (lastUserText: string) => string | null;
}) {
  const calls: ModelCall[] = [];
  let count = 0;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const startedAt = Date.now();
      const body = JSON.parse(raw || '{}') as { messages?: ChatMessage[] };
      const users = (body.messages ?? []).filter((m) => m.role === 'user');
      const lastUserText = textOf(users.at(-1)?.content);
      const lastRole = body.messages?.at(-1)?.role ?? '';
      count += 1;
      const id = count;
      setTimeout(() => {
        calls.push({
          person: options.personOf(lastUserText),
          lastUserText,
          lastRole,
          startedAt,
          endedAt: Date.now(),
        });
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify(completion({ content: `Answered: ${lastUserText} (#${id})` })));
      }, options.delayMs());
    });
  });
  return {
    calls,
    /** Pairs of calls of the same person that were in flight at the same time. */
    overlaps(): [ModelCall, ModelCall][] {
      const found: [ModelCall, ModelCall][] = [];
      const byPerson = new Map<string, ModelCall[]>();
      for (const call of calls) {
        if (call.person === null) continue;
        byPerson.set(call.person, [...(byPerson.get(call.person) ?? []), call]);
      }
      for (const list of byPerson.values()) {
        const sorted = [...list].sort((a, b) => a.startedAt - b.startedAt);
        // The call that ends last so far: a later one starting before that end overlaps it.
        let latest = sorted[0]!;
        for (const call of sorted.slice(1)) {
          if (call.startedAt < latest.endedAt) found.push([latest, call]);
          if (call.endedAt > latest.endedAt) latest = call;
        }
      }
      return found;
    },
    /** The base URL to give as LLM_BASE_URL (ends in /v1, as chat-completions-fake.ts's). */
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`),
        ),
      ),
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
