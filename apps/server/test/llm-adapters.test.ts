import { TOOL_INPUTS } from '@app/contract/assistant/tools';
import { generateText, stepCountIs, tool } from 'ai';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import { configPlugin } from '../src/plugins/config';
import { portsPlugin } from '../src/plugins/ports';
import { buildLlm, llmPort } from '../src/providers/llm/index';
import { LocalModel } from '../src/providers/llm/local-model';
import {
  completion,
  type FakeAnswer,
  fakeChatCompletions,
  type SeenRequest,
} from './helpers/chat-completions-fake';

const SYSTEM =
  'Current local time: 2026-11-25T10:40 (Wednesday)\nTime zone: Australia/Sydney\nReply language: en';
const TOMORROW = { from: '2026-11-26T00:00', to: '2026-11-27T00:00' };
const EVENTS = { events: [{ title: 'Lunch with Sam', start: '2026-11-26T01:30:00.000Z', allDay: false }] };

let fake: ReturnType<typeof fakeChatCompletions> | undefined;
afterEach(async () => {
  await fake?.stop();
  fake = undefined;
});

async function serve(answer: (request: SeenRequest, index: number) => FakeAnswer) {
  fake = fakeChatCompletions(answer);
  return { fake, baseUrl: await fake.start() };
}

/** One turn through the adapter built from config, with one tool, as the assistant runs it. */
async function turn(env: Record<string, string>, options: { maxRetries?: number } = {}) {
  const executed: unknown[] = [];
  const { adapter } = await buildLlm(loadConfig(env));
  const result = generateText({
    model: adapter.model,
    system: SYSTEM,
    prompt: "what's on tomorrow?",
    tools: {
      calendar_list_events: tool({
        description: "Lists the person's events in a range",
        inputSchema: TOOL_INPUTS.calendar_list_events,
        execute: async (input) => {
          executed.push(input);
          return EVENTS;
        },
      }),
    },
    stopWhen: stepCountIs(8),
    ...options,
  });
  return { adapter, result, executed };
}

describe('the OpenAI-compatible adapter against a loopback chat-completions server', () => {
  it('calls the tool the server asks for, sends its result back, and returns the answer', async () => {
    const { fake, baseUrl } = await serve((_request, index) =>
      index === 0
        ? {
            json: completion(
              {
                tool_calls: [
                  { id: 'call_1', name: 'calendar_list_events', arguments: JSON.stringify(TOMORROW) },
                ],
              },
              { prompt_tokens: 120, completion_tokens: 20 },
            ),
          }
        : {
            json: completion(
              { content: 'Tomorrow: 12:30 Lunch with Sam.' },
              { prompt_tokens: 180, completion_tokens: 9 },
            ),
          },
    );
    const { adapter, result, executed } = await turn({
      LLM_BASE_URL: baseUrl,
      LLM_MODEL: 'qwen2.5:7b',
      LLM_API_KEY: 'sk-local-test',
    });
    const done = await result;
    expect(adapter.name).toBe('openai-compatible:qwen2.5:7b');
    expect(adapter.standIn).toBe(false);
    expect(done.text).toBe('Tomorrow: 12:30 Lunch with Sam.');
    expect(executed).toEqual([TOMORROW]);
    expect(done.steps).toHaveLength(2);
    expect(done.totalUsage).toMatchObject({ inputTokens: 300, outputTokens: 29 });

    expect(fake.seen).toHaveLength(2);
    const [first, second] = fake.seen as [SeenRequest, SeenRequest];
    for (const request of fake.seen) {
      expect(request.method).toBe('POST');
      expect(request.url).toBe('/v1/chat/completions');
      expect(request.headers.authorization).toBe('Bearer sk-local-test');
      expect(request.body.model).toBe('qwen2.5:7b');
    }
    expect(first.body.messages).toEqual([
      { role: 'system', content: SYSTEM },
      { role: 'user', content: "what's on tomorrow?" },
    ]);
    expect(first.body.tools).toEqual([
      {
        type: 'function',
        function: {
          name: 'calendar_list_events',
          description: "Lists the person's events in a range",
          parameters: expect.objectContaining({
            type: 'object',
            properties: {
              from: expect.objectContaining({ type: 'string', maxLength: 40 }),
              to: expect.objectContaining({ type: 'string', maxLength: 40 }),
            },
            required: ['from', 'to'],
          }),
        },
      },
    ]);
    const messages = second.body.messages as Record<string, unknown>[];
    expect(messages.slice(2)).toEqual([
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'calendar_list_events', arguments: JSON.stringify(TOMORROW) },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: JSON.stringify(EVENTS) },
    ]);
  });

  it('sends no Authorization header without LLM_API_KEY (Ollama, llama.cpp)', async () => {
    const { fake, baseUrl } = await serve(() => ({ json: completion({ content: 'Hi.' }) }));
    const { result } = await turn({ LLM_BASE_URL: `${baseUrl}/`, LLM_MODEL: 'llama3.2' });
    expect((await result).text).toBe('Hi.');
    expect(fake.seen[0]!.url).toBe('/v1/chat/completions');
    expect(fake.seen[0]!.headers.authorization).toBeUndefined();
  });

  it('rejects when the server answers 500', async () => {
    const { fake, baseUrl } = await serve(() => ({
      status: 500,
      json: { error: { message: 'model crashed', type: 'server_error' } },
    }));
    const { result, executed } = await turn(
      { LLM_BASE_URL: baseUrl, LLM_MODEL: 'qwen2.5' },
      { maxRetries: 0 },
    );
    await expect(result).rejects.toThrow(/model crashed/);
    expect(fake.seen).toHaveLength(1);
    expect(executed).toEqual([]);
  });

  it('retries a 500 as the SDK does, then rejects', async () => {
    const { fake, baseUrl } = await serve(() => ({
      status: 503,
      json: { error: { message: 'overloaded' } },
    }));
    const { result } = await turn({ LLM_BASE_URL: baseUrl, LLM_MODEL: 'qwen2.5' }, { maxRetries: 1 });
    await expect(result).rejects.toThrow(/overloaded/);
    expect(fake.seen).toHaveLength(2);
  });

  it('rejects malformed JSON instead of hanging or inventing an answer', async () => {
    const { baseUrl } = await serve(() => ({ raw: '{"id": "chatcmpl-1", "choices": [ {"message": ' }));
    const { result, executed } = await turn(
      { LLM_BASE_URL: baseUrl, LLM_MODEL: 'qwen2.5' },
      { maxRetries: 0 },
    );
    await expect(result).rejects.toThrow();
    expect(executed).toEqual([]);
  });

  it('rejects a well-formed answer of the wrong shape', async () => {
    const { baseUrl } = await serve(() => ({ json: { choices: 'none' } }));
    const { result } = await turn({ LLM_BASE_URL: baseUrl, LLM_MODEL: 'qwen2.5' }, { maxRetries: 0 });
    await expect(result).rejects.toThrow();
  });

  it('aborts a request after LLM_TIMEOUT_MS, and does not retry it', async () => {
    const { fake, baseUrl } = await serve(() => 'hang');
    const started = performance.now();
    const { result } = await turn({ LLM_BASE_URL: baseUrl, LLM_MODEL: 'qwen2.5', LLM_TIMEOUT_MS: '300' });
    await expect(result).rejects.toMatchObject({ name: 'TimeoutError' });
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(5000);
    expect(fake.seen).toHaveLength(1);
  });

  it("still honours the caller's own abort signal (the turn's deadline)", async () => {
    const { baseUrl } = await serve(() => 'hang');
    const { adapter } = await buildLlm(loadConfig({ LLM_BASE_URL: baseUrl, LLM_MODEL: 'qwen2.5' }));
    const started = performance.now();
    await expect(
      generateText({ model: adapter.model, prompt: 'hi', abortSignal: AbortSignal.timeout(200) }),
    ).rejects.toThrow();
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe('choosing the model from config', () => {
  it('runs the local stand-in with nothing set', async () => {
    const built = await buildLlm(loadConfig({}));
    expect(built).toMatchObject({ port: 'assistant', standIn: true, vendor: 'local' });
    expect(built.adapter.name).toBe('local stand-in');
    expect(built.adapter.standIn).toBe(true);
    expect(built.adapter.model).toBeInstanceOf(LocalModel);
    expect(built.adapter.model).toMatchObject({
      specificationVersion: 'v3',
      provider: 'local',
      modelId: 'stand-in',
    });
  });

  it('builds OpenAI from OPENAI_API_KEY and LLM_MODEL, without any request', async () => {
    const built = await buildLlm(
      loadConfig({ OPENAI_API_KEY: 'sk-test-openai-key', LLM_MODEL: 'gpt-4.1-mini' }),
    );
    expect(built).toMatchObject({ standIn: false, vendor: 'openai' });
    expect(built.adapter.name).toBe('openai:gpt-4.1-mini');
    expect(built.adapter.model.provider).toMatch(/^openai\./);
    expect(built.adapter.model.modelId).toBe('gpt-4.1-mini');
  });

  it('builds Anthropic from ANTHROPIC_API_KEY and LLM_MODEL, without any request', async () => {
    const built = await buildLlm(
      loadConfig({
        ANTHROPIC_API_KEY: 'sk-ant-test-key',
        LLM_MODEL: 'claude-sonnet-4-5',
        LLM_TIMEOUT_MS: '5000',
      }),
    );
    expect(built).toMatchObject({ standIn: false, vendor: 'anthropic' });
    expect(built.adapter.name).toBe('anthropic:claude-sonnet-4-5');
    expect(built.adapter.model.provider).toMatch(/^anthropic\./);
    expect(built.adapter.model.modelId).toBe('claude-sonnet-4-5');
  });

  it('lets LLM_BASE_URL win over a provider key', async () => {
    const config = loadConfig({
      LLM_BASE_URL: 'http://127.0.0.1:11434/v1',
      LLM_MODEL: 'qwen2.5',
      OPENAI_API_KEY: 'sk-test-openai-key',
    });
    expect(config.llm).toEqual({
      kind: 'openai-compatible',
      baseUrl: 'http://127.0.0.1:11434/v1',
      model: 'qwen2.5',
      timeoutMs: 30_000,
    });
    expect((await buildLlm(config)).adapter.model.provider).toMatch(/^openai-compatible\./);
  });

  it.each([
    [{ OPENAI_API_KEY: 'sk-test-openai-key' }, /LLM_MODEL: set it with OPENAI_API_KEY/],
    [{ ANTHROPIC_API_KEY: 'sk-ant-test-key' }, /LLM_MODEL: set it with ANTHROPIC_API_KEY/],
    [{ LLM_BASE_URL: 'http://127.0.0.1:8000/v1' }, /LLM_MODEL: set it with LLM_BASE_URL/],
    [{ LLM_API_KEY: 'secret' }, /LLM_API_KEY: .*set LLM_BASE_URL/],
    [{ LLM_MODEL: 'qwen2.5' }, /LLM_MODEL: names a model but no server/],
    [
      { OPENAI_API_KEY: 'sk-test-openai-key', ANTHROPIC_API_KEY: 'sk-ant-test-key', LLM_MODEL: 'x' },
      /OPENAI_API_KEY, ANTHROPIC_API_KEY: both are set/,
    ],
    [{ LLM_BASE_URL: 'not a url', LLM_MODEL: 'x' }, /LLM_BASE_URL/],
    [{ LLM_TIMEOUT_MS: '10' }, /LLM_TIMEOUT_MS/],
  ])('refuses %o, naming what to set', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('the llm port plugin', () => {
  async function app(env: Record<string, string>) {
    const instance = Fastify({ logger: false });
    await instance.register(configPlugin, { config: loadConfig(env) });
    await instance.register(portsPlugin);
    await instance.register(llmPort);
    return instance;
  }

  it('decorates app.llm and reports the assistant as a stand-in', async () => {
    const instance = await app({});
    try {
      await instance.ready();
      expect(instance.llm.standIn).toBe(true);
      expect(instance.llm.model).toBeInstanceOf(LocalModel);
      expect(instance.ports.standIns()).toEqual(['assistant']);
      expect(instance.ports.isStandIn('assistant')).toBe(true);
    } finally {
      await instance.close();
    }
  });

  it('reports no stand-in with a real model configured', async () => {
    const instance = await app({ LLM_BASE_URL: 'http://127.0.0.1:11434/v1', LLM_MODEL: 'qwen2.5' });
    try {
      await instance.ready();
      expect(instance.llm).toMatchObject({ name: 'openai-compatible:qwen2.5', standIn: false });
      expect(instance.ports.standIns()).toEqual([]);
    } finally {
      await instance.close();
    }
  });

  it('makes a public server refuse to start on the stand-in model, naming the variables', async () => {
    const instance = await app({ PUBLIC_URL: 'https://relay.example.com' });
    await expect(instance.ready()).rejects.toThrow(
      /assistant: set LLM_BASE_URL and LLM_MODEL \(or OPENAI_API_KEY or ANTHROPIC_API_KEY with LLM_MODEL\)/,
    );
    await instance.close().catch(() => undefined);
  });

  it('needs config and ports registered first', async () => {
    const instance = Fastify({ logger: false });
    await expect(instance.register(llmPort).ready()).rejects.toThrow(/config/);
  });
});
