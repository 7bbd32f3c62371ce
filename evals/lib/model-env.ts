import type { Env } from '../../apps/server/src/config';

/** The environment variables that choose a real model (docs/operations.md). */
const MODEL_VARIABLES = [
  'LLM_BASE_URL',
  'LLM_MODEL',
  'LLM_API_KEY',
  'OPENAI_API_KEY',
  'ANTHROPIC_API_KEY',
  'LLM_TIMEOUT_MS',
  'LLM_CACHED_INPUT_RATE',
  'ASSISTANT_TURN_TIMEOUT_MS',
  'ASSISTANT_RETRY_BASE_MS',
] as const;

/** The configured model's variables from `source`, as the server would read them. */
export function configuredModelEnv(source: Record<string, string | undefined>): Env {
  const env: Env = {};
  for (const name of MODEL_VARIABLES) if (source[name]) env[name] = source[name];
  return env;
}
