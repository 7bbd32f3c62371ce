import { describe, expect, it } from 'vitest';
import { billedTokens } from '../src/modules/assistant/billed-tokens';
import { cachedInputRate } from '../src/providers/llm/cached-rate';

/** What a cached input token counts for, per provider (decision 372). */
describe('cached input rate', () => {
  const llm = (kind: 'openai' | 'anthropic', model: string) => ({
    kind,
    model,
    apiKey: 'k',
    timeoutMs: 1000,
  });
  it.each([
    [llm('anthropic', 'claude-sonnet-4-5'), 0.1],
    [llm('openai', 'gpt-4o-mini'), 0.5],
    [llm('openai', 'gpt-4.1-mini'), 0.25],
    [llm('openai', 'o4-mini'), 0.25],
    [llm('openai', 'gpt-5-mini'), 0.1],
    [{ kind: 'openai-compatible' as const, baseUrl: 'http://x', model: 'qwen', timeoutMs: 1000 }, 1],
  ])('%o counts cached input at %d', (config, rate) => {
    expect(cachedInputRate(config)).toBe(rate);
  });

  it('is overridden by LLM_CACHED_INPUT_RATE', () => {
    expect(cachedInputRate(llm('anthropic', 'claude-sonnet-4-5'), 0.3)).toBe(0.3);
  });

  it('bills fresh input and output in full, cached input at the rate', () => {
    expect(billedTokens({ inputTokens: 1000, cachedInputTokens: 800, outputTokens: 20 }, 0.1)).toBe(300);
    // A provider reporting more cached than input never bills below zero input.
    expect(billedTokens({ inputTokens: 100, cachedInputTokens: 500, outputTokens: 0 }, 0)).toBe(0);
  });
});
