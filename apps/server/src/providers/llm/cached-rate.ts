import type { LlmConfig } from '../../config';

/**
 * What a cached input token costs as a fraction of a fresh one, per configured provider (issue
 * 30, decision 372), as each provider documents it: Anthropic bills cache reads at 0.1x the base
 * input price; OpenAI discounts cached input by 50% on the GPT-4o family and older, 75% on
 * GPT-4.1, o3 and o4-mini, and 90% on GPT-5 models; an OpenAI-compatible server's pricing is
 * unknown, so its cached tokens count in full. LLM_CACHED_INPUT_RATE overrides the rule.
 */
export function cachedInputRate(llm: LlmConfig, override?: number): number {
  if (override !== undefined) return override;
  switch (llm.kind) {
    case 'anthropic':
      return 0.1;
    case 'openai': {
      const model = llm.model.toLowerCase();
      if (model.startsWith('gpt-5')) return 0.1;
      if (/^(?:gpt-4\.1|o3|o4)/.test(model)) return 0.25;
      return 0.5;
    }
    case 'openai-compatible':
    case 'local':
      return 1;
  }
}
