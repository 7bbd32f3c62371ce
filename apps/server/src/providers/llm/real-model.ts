import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import type { LlmConfig } from '../../config';

/** The configured provider's model, every request through `fetch` (index.ts adds the time limit). */
export function realModel(
  llm: Exclude<LlmConfig, { kind: 'local' }>,
  fetch: typeof globalThis.fetch,
): LanguageModelV3 {
  switch (llm.kind) {
    case 'openai-compatible':
      return createOpenAICompatible({
        name: 'openai-compatible',
        baseURL: llm.baseUrl,
        ...(llm.apiKey ? { apiKey: llm.apiKey } : {}),
        // Streamed turns then report tokens too; servers that ignore the option lose nothing.
        includeUsage: true,
        fetch,
      }).chatModel(llm.model);
    case 'openai':
      return createOpenAI({ apiKey: llm.apiKey, fetch })(llm.model);
    case 'anthropic':
      return createAnthropic({ apiKey: llm.apiKey, fetch })(llm.model);
  }
}
