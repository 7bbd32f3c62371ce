import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config, LlmConfig } from '../../config';
import type { BuiltPort } from '../port';
import { cachedInputRate } from './cached-rate';
import { LocalModel } from './local-model';

/** The model the assistant's turns run on, as the AI SDK takes it. */
export interface Llm {
  model: LanguageModelV3;
  /** For logs and the turn's record: `openai-compatible:qwen2.5`, `anthropic:claude-...`, `local stand-in`. */
  name: string;
  standIn: boolean;
  /** What a cached input token costs as a fraction of a fresh one (cached-rate.ts). */
  cachedInputRate: number;
}

/** What would switch the real model on, named when a public server refuses to start on the stand-in. */
export const LLM_VARIABLES = [
  'LLM_BASE_URL and LLM_MODEL (or OPENAI_API_KEY or ANTHROPIC_API_KEY with LLM_MODEL)',
] as const;

/**
 * Every request to the model gives up after the configured time: a stuck server must not hold
 * a person's turn (and their lock) for ever. The caller's own signal (the turn's deadline) still
 * applies; the abort surfaces as a TimeoutError, which the SDK does not retry.
 */
export function fetchWithTimeout(timeoutMs: number, base: typeof fetch = fetch): typeof fetch {
  return (input, init) => {
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init?.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    return base(input, { ...init, signal });
  };
}

/**
 * The real model for the configured provider, or the local stand-in when none is configured.
 * A real provider's SDK (a tenth of a second to load, with the AI SDK under it) is loaded only
 * when one is configured (decision 270).
 */
export async function buildLlm(
  config: Pick<Config, 'llm' | 'publicUrl'>,
  deps: { fetch?: typeof fetch } = {},
): Promise<BuiltPort<Llm>> {
  const llm: LlmConfig = config.llm;
  if (llm.kind === 'local') {
    return {
      port: 'assistant',
      adapter: {
        // Named when a person has no account connected: where they connect one.
        model: new LocalModel({ integrationsUrl: `${config.publicUrl}/integrations` }),
        name: 'local stand-in',
        standIn: true,
        cachedInputRate: cachedInputRate(llm, llm.cachedInputRate),
      },
      standIn: true,
      vendor: 'local',
      missing: LLM_VARIABLES,
    };
  }
  const { realModel } = await import('./real-model');
  return {
    port: 'assistant',
    adapter: {
      model: realModel(llm, fetchWithTimeout(llm.timeoutMs, deps.fetch)),
      name: `${llm.kind}:${llm.model}`,
      standIn: false,
      cachedInputRate: cachedInputRate(llm, llm.cachedInputRate),
    },
    standIn: false,
    vendor: llm.kind,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    llm: Llm;
  }
}

/**
 * The assistant's model as a port: decorates `app.llm` and reports it to the port registry as
 * the `assistant` service, so the banner and the start-up check name it like any stand-in.
 * (Not `portPlugin`: that decorates under the port's name, and `app.assistant` is the module's.)
 */
export const llmPort = fp(
  async (app: FastifyInstance) => {
    const built = await buildLlm(app.config);
    app.decorate('llm', built.adapter);
    app.ports.add(built);
  },
  { name: 'llm', dependencies: ['config', 'ports'] },
);
