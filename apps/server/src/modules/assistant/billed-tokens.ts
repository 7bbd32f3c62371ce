/**
 * The tokens a turn counts against the person's plan (issue 30, decision 372): what the provider
 * bills, in input-token terms. Input read from the provider's cache counts at the provider's
 * cached rate (providers/llm/cached-rate.ts); fresh input, cache writes and output count in full.
 */
export function billedTokens(
  usage: { inputTokens: number; cachedInputTokens: number; outputTokens: number },
  cachedInputRate: number,
): number {
  const cached = Math.min(Math.max(usage.cachedInputTokens, 0), usage.inputTokens);
  return usage.inputTokens - cached + Math.ceil(cached * cachedInputRate) + usage.outputTokens;
}
